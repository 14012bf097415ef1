import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/ports';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** `npm start`'s script on a fresh data folder, its output (stdout and stderr) collected as it comes. */
function startScript({ port, dataDir }: { port: number; dataDir: string }) {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      // What a newcomer has: no Sheaf variables but where to listen; a terminal's log format.
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      APP_BASE_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_FORMAT: 'pretty',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return { child, output: () => output };
}

async function waitUntilHealthy(port: number, started: ReturnType<typeof startScript>) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(100);
  }
  throw new Error(`Sheaf did not answer within 2 minutes:\n${started.output()}`);
}

test.describe('npm start on a fresh data folder', () => {
  test.describe.configure({ timeout: 180_000 });

  test('prints a short, readable start: where the UI, the data, the database and the e-mails are', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-start-'));
    const started = startScript({ port, dataDir });
    try {
      await waitUntilHealthy(port, started);
      // The summary is written right after the server listens.
      await expect.poll(() => started.output(), { timeout: 5_000 }).toContain('Stop it with Ctrl+C.');
      const printed = started.output();
      const lines = printed.split('\n');
      expect(lines.length, printed).toBeLessThanOrEqual(30);
      expect(printed).not.toMatch(/vite|dist\/assets|\{"level"/i);
      expect(printed).toContain(`Open       http://localhost:${port}`);
      expect(printed).toContain(`Data       ${dataDir}`);
      expect(printed).toContain(`Database   SQLite, ${path.join(dataDir, 'db.sqlite')}`);
      expect(printed).toContain(`Documents  files in ${path.join(dataDir, 'documents')}`);
      expect(printed).toContain('E-mails    printed here; set SMTP_URL');

      // The first sign-up's verification e-mail: recipient, subject and link each on a line.
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({ email: 'newcomer@example.com', password: 'a long password', name: 'New' }),
      });
      expect(signUp.ok).toBe(true);
      await expect.poll(() => started.output(), { timeout: 10_000 }).toContain('  Link:    ');
      const emailLines = started.output().split('\n');
      expect(emailLines).toContain('  To:      newcomer@example.com');
      expect(emailLines.some((line) => line.startsWith('  Subject: '))).toBe(true);
      expect(
        emailLines.some((line) =>
          line.startsWith(`  Link:    http://localhost:${port}/api/auth/verify-email?token=`),
        ),
      ).toBe(true);
    } finally {
      started.child.kill('SIGTERM');
      await new Promise((resolve) => started.child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

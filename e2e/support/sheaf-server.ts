import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from '@playwright/test';
import { freePort } from './ports';

const serverEntry = path.resolve(import.meta.dirname, '../../apps/server/dist/index.js');

/** Starts a production Sheaf server of its own (fresh data dir) and waits until it is healthy. */
export async function startSheafServer({
  port,
  baseUrl,
  env = {},
}: {
  port: number;
  baseUrl: string;
  env?: Record<string, string>;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-extra-'));
  // Watched folders: one subfolder per organization (its id) under this root; files taken after 1 s.
  const watchedFolderRoot = path.join(dataDir, 'watched');
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JOBS_POLL_INTERVAL_MS: '100',
      INGESTION_FOLDERS_ROOT: watchedFolderRoot,
      INGESTION_FOLDERS_STABLE_SECONDS: '1',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    url: baseUrl,
    /** INGESTION_FOLDERS_ROOT of this server (unless `env` set another). */
    watchedFolderRoot: env.INGESTION_FOLDERS_ROOT ?? watchedFolderRoot,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A graceful stop waits for running jobs; past 15 s the test's data is gone anyway: kill it.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SheafServer = Awaited<ReturnType<typeof startSheafServer>>;

/**
 * A Sheaf server of the test file's own, started before its tests and stopped after them. Returns a
 * getter, since the server exists only once `beforeAll` has run.
 */
export function useSheafServer(env: Record<string, string> = {}): () => SheafServer {
  let server: SheafServer | undefined;
  test.beforeAll(async () => {
    const port = await freePort();
    server = await startSheafServer({ port, baseUrl: `http://localhost:${port}`, env });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The Sheaf server is not started yet');
    return server;
  };
}

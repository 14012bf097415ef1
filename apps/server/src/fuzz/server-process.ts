import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server (src/index.ts through tsx) in a process of its own, as production runs it, with
 * its log kept (the last lines, warnings and errors: pino's JSON on stdout) so that a failing
 * answer can be shown beside what the server said about it.
 */
export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<void>;
  /** A position in the log; `linesSince(mark)` answers what came after it. */
  mark: () => number;
  linesSince: (mark: number) => string[];
  stop: () => Promise<void>;
};

const KEPT_LINES = 500;

export async function startServerProcess(env: Record<string, string>, base: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let dropped = 0;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > KEPT_LINES) {
      dropped += lines.length - KEPT_LINES;
      lines.splice(0, lines.length - KEPT_LINES);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server did not start:\n${lines.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer in time:\n${lines.join('\n')}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {}
    await sleep(100);
  }
  return {
    child,
    exited,
    mark: () => dropped + lines.length,
    linesSince: (mark) => lines.slice(Math.max(0, mark - dropped)),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Dialect } from '../db/database';

const serverDir = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/**
 * A database of its own for a server child process: a SQLite file in its data folder, or a new
 * PostgreSQL database (`<prefix>_<random>`) next to TEST_POSTGRES_URL's, dropped by `drop`.
 */
export async function createChildDatabase(dialect: Dialect, dataDir: string, prefix = 'sheaf_child') {
  if (dialect === 'sqlite') return { url: `file:${path.join(dataDir, 'db.sqlite')}`, drop: async () => {} };
  const adminUrl = process.env.TEST_POSTGRES_URL ?? '';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type ChildServer = { child: ChildProcess; exited: Promise<void> };

/** The real server (src/index.ts through tsx) in a child process, as production runs it; resolves once healthy. */
export async function startChildServer(env: Record<string, string>, base: string): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 25_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server did not start: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer in time: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {}
    await sleep(50);
  }
  return { child, exited };
}

/** Stops the child with `signal` (SIGKILL for a crash) and waits until it is gone. */
export async function stopChildServer({ child, exited }: ChildServer, signal: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}

/**
 * The environment of a production server child listening on loopback `port`, with its own data
 * folder and database, sign-up without e-mail verification and one extraction worker. `extra` adds
 * or overrides variables.
 */
export function childServerEnv({
  dataDir,
  databaseUrl,
  port,
  extra = {},
}: {
  dataDir: string;
  databaseUrl?: string;
  port: number;
  extra?: Record<string, string>;
}): { base: string; env: Record<string, string> } {
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    env: {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_BASE_URL: base,
      NODE_ENV: 'production',
      AUTH_SECRET: 'child-server-secret-0123456789abcdef0123456789',
      AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
      EXTRACTION_CONCURRENCY: '1',
      ...extra,
    },
  };
}

/** Signs a new user up on a child server and creates an organization: the session cookie and its id. */
export async function signUpWithOrganization(base: string, email: string) {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'crash-password-1234', name: 'Crash' }),
  });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const created = await fetch(`${base}/api/organizations`, {
    method: 'POST',
    headers: { origin: base, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash' }),
  });
  if (created.status !== 201) throw new Error(`Creating the organization answered ${created.status}`);
  const { organization } = (await created.json()) as { organization: { id: string } };
  return { cookie, organizationId: organization.id };
}

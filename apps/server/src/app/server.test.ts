import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childServerEnv, freePort, startChildServer, stopChildServer } from '../test/child-server';

/** A raw connection to the server that has sent `request` and reads nothing more of its own accord. */
async function openConnection(port: number, request: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.resume();
  socket.write(request);
  return { socket, closed };
}

describe('stopping the server', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('does not wait for idle keep-alive connections or a stalled upload beyond the shutdown timeout', {
    timeout: 30_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-stop-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const { base, env } = childServerEnv({ dataDir, port, extra: { SHUTDOWN_TIMEOUT_MS: '1000' } });
    const server = await startChildServer(env, base);
    cleanups.push(() => stopChildServer(server, 'SIGKILL'));

    // A browser tab's idle keep-alive connection, after one answered request.
    const idle = await openConnection(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    // A client that announced a body and stopped sending it halfway.
    const stalled = await openConnection(
      port,
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );

    server.child.kill('SIGTERM');
    await server.exited;

    expect(server.child.exitCode).toBe(0);
    await Promise.all([idle.closed, stalled.closed]);
  });
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError } from '../../test/http';
import { silentLogger } from '../../test/test-app';
import { TEST_ORIGIN } from '../../test/test-auth';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { authHeaders, type Credentials, createDocument, request } from '../documents/documents.test-helpers';
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { createDocumentEventsRoutes } from './document-events.routes';
import { createDocumentEventsUsecases } from './document-events.usecases';

type SseMessage = { event: string; data: string } | { comment: string };

/** Reads an SSE answer's messages as they come. */
function openReader(response: Response) {
  if (!response.body) throw new Error('no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const messages: SseMessage[] = [];
  let seen = 0;
  const parse = () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      const comment = lines.find((line) => line.startsWith(': '))?.slice(2);
      if (event !== undefined) messages.push({ event, data: data ?? '' });
      else if (comment !== undefined) messages.push({ comment });
    }
  };
  return {
    /** The next message matching `predicate` after the ones already taken, within `timeoutMs`. */
    async next(predicate: (message: SseMessage) => boolean, timeoutMs = 5000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (seen < messages.length) {
          const message = messages[seen++] as SseMessage;
          if (predicate(message)) return message;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(messages)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
        ]);
        if (chunk === 'timeout') continue;
        if (chunk.done) throw new Error(`the stream ended: ${JSON.stringify(messages)}`);
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    },
    /** Whether a message matching `predicate` comes within `ms`. */
    async receivesWithin(predicate: (message: SseMessage) => boolean, ms: number) {
      return this.next(predicate, ms).then(
        () => true,
        () => false,
      );
    },
    cancel: () => reader.cancel(),
  };
}

const isEvent =
  (name: string, kind?: string) =>
  (message: SseMessage): boolean =>
    'event' in message &&
    message.event === name &&
    (kind === undefined || (JSON.parse(message.data) as { kind: string }).kind === kind);

describe.each(testDialects)('documents events stream on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, { clock });
  let owner: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  const streams: Array<{ cancel: () => Promise<void> }> = [];
  const aborts: AbortController[] = [];
  let uploads = 0;

  const path = (id = organizationId) => `/api/organizations/${id}/documents/events`;
  const connect = async (credentials: Credentials, id = organizationId) => {
    const abort = new AbortController();
    aborts.push(abort);
    const response = await server.app.request(path(id), {
      headers: authHeaders(credentials),
      signal: abort.signal,
    });
    return { response, abort };
  };
  const open = async (credentials: Credentials, id = organizationId) => {
    const { response, abort } = await connect(credentials, id);
    expect(response.status).toBe(200);
    const stream = openReader(response);
    streams.push(stream);
    await stream.next(isEvent('ready'));
    return { stream, abort, response };
  };
  const upload = (id = organizationId) => {
    uploads += 1;
    clock.advance(1000);
    return createDocument(server, { cookie: owner.cookie }, id, {
      name: `Letter ${uploads}.txt`,
      data: `A letter from the bank, number ${uploads}`,
      type: 'text/plain',
    });
  };

  beforeAll(async () => {
    owner = await createUser('events-owner@example.com', 'Olivia Owner');
    outsider = await createUser('events-outsider@example.com', 'Oscar Outsider');
    organizationId = (await createOrganization(server, owner, 'Archive')).id;
    otherOrganizationId = (await createOrganization(server, owner, 'Other archive')).id;
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.cancel().catch(() => undefined);
    for (const abort of aborts.splice(0)) abort.abort();
  });

  it('answers an event stream that proxies and compression leave alone', async () => {
    const { response } = await open({ cookie: owner.cookie });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-accel-buffering')).toBe('no');
  });

  it('sends an event to a connected stream when a document is uploaded', async () => {
    const { stream } = await open({ cookie: owner.cookie });
    await upload();
    const message = await stream.next(isEvent('documents.changed'));
    expect('data' in message && JSON.parse(message.data)).toEqual({ organizationId, kind: 'created' });
  });

  it('sends events when a document is renamed, trashed and restored', async () => {
    const document = await upload();
    const { stream } = await open({ cookie: owner.cookie });
    const as = { cookie: owner.cookie };
    const base = `/api/organizations/${organizationId}/documents/${document.id}`;
    expect((await request(server, 'PATCH', base, as, { body: { name: 'Renamed.txt' } })).status).toBe(200);
    await stream.next(isEvent('documents.changed', 'updated'));
    expect((await request(server, 'DELETE', base, as)).status).toBe(204);
    await stream.next(isEvent('documents.changed', 'deleted'));
    expect((await request(server, 'POST', `${base}/restore`, as)).status).toBe(200);
    await stream.next(isEvent('documents.changed', 'restored'));
  });

  it("does not send another organization's changes", async () => {
    const { stream } = await open({ cookie: owner.cookie });
    await upload(otherOrganizationId);
    expect(await stream.receivesWithin(isEvent('documents.changed'), 300)).toBe(false);
  });

  it('opens for an API key with documents:read', async () => {
    const token = await createApiKey(server, owner, {
      permissions: ['documents:read'],
      organizationIds: [organizationId],
    });
    const { stream } = await open({ token });
    await upload();
    await stream.next(isEvent('documents.changed', 'created'));
  });

  it('refuses the stream to a non-member and to nobody signed in', async () => {
    const refused = await connect({ cookie: outsider.cookie });
    expect(refused.response.status).toBe(403);
    expect((await readError(refused.response)).error.code).toBe('auth.forbidden');
    const anonymous = await connect({});
    expect(anonymous.response.status).toBe(401);
    const withoutPermission = await createApiKey(server, owner, {
      permissions: ['documents:create'],
      organizationIds: [organizationId],
    });
    expect((await connect({ token: withoutPermission })).response.status).toBe(403);
    expect(server.services.documentEvents.subscribersCount).toBe(0);
  });

  it('stops listening when the client leaves', async () => {
    const { stream, abort } = await open({ cookie: owner.cookie });
    expect(server.services.documentEvents.subscribersCount).toBe(1);
    abort.abort();
    await stream.cancel().catch(() => undefined);
    await expect.poll(() => server.services.documentEvents.subscribersCount).toBe(0);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const app = new Hono().route(
      '/api',
      createDocumentEventsRoutes({
        documentEvents: server.services.documentEvents,
        routes: server.services.endpointRoutes,
        heartbeatMs: 50,
      }),
    );
    const abort = new AbortController();
    aborts.push(abort);
    const response = await app.request(path(), {
      headers: authHeaders({ cookie: owner.cookie }),
      signal: abort.signal,
    });
    const stream = openReader(response);
    streams.push(stream);
    await stream.next(isEvent('ready'));
    expect(await stream.next((message) => 'comment' in message)).toEqual({ comment: 'heartbeat' });
  });

  it.runIf(dialect === 'postgres')(
    'tells the streams of another process, once the change is committed',
    async () => {
      const otherProcess = createDocumentEventsUsecases({
        database: testDatabase.openConnection(),
        logger: silentLogger,
      });
      const received: unknown[] = [];
      const stop = await otherProcess.subscribe(organizationId, (event) => received.push(event));
      try {
        await upload();
        await expect.poll(() => received).toEqual([{ organizationId, kind: 'created' }]);
      } finally {
        stop();
      }
    },
  );
});

/**
 * Through a real Node HTTP server, as production serves it: the events arrive while the answer is
 * open (nothing buffers or compresses them), and a client that leaves is let go.
 */
describe.each(testDialects)('documents events over the Node HTTP server on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let httpServer: ServerType;
  let base: string;
  let owner: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    httpServer = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(started),
      );
    });
    base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    owner = await createUser(`events-http-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'Live over HTTP')).id;
  });
  afterAll(async () => {
    // Streams still open would hold the close.
    (httpServer as Server | undefined)?.closeAllConnections();
    await new Promise((resolve) => httpServer?.close(resolve));
  });

  it('streams an upload made meanwhile, uncompressed, and lets a client that leaves go', async () => {
    const abort = new AbortController();
    const response = await fetch(`${base}/api/organizations/${organizationId}/documents/events`, {
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip, deflate' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = openReader(response);
    await stream.next(isEvent('ready'));

    const form = new FormData();
    form.append('file', new Blob(['A scanned letter'], { type: 'text/plain' }), 'Letter.txt');
    const uploaded = await fetch(`${base}/api/organizations/${organizationId}/documents`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    await stream.next(isEvent('documents.changed', 'created'));

    expect(server.services.documentEvents.subscribersCount).toBe(1);
    abort.abort();
    await expect.poll(() => server.services.documentEvents.subscribersCount).toBe(0);
  });
});

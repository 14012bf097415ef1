import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { WebhookDeliveryDto, WebhookDto } from '@sheaf/contracts/webhooks';
import { readJson } from '../../test/http';
import { call, type TestServer, type TestUser } from '../organizations/organizations.test-helpers';

export type ReceivedWebhook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body. */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
};

type Responder = (request: ReceivedWebhook, response: http.ServerResponse) => void;

const answerOk: Responder = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ok');
};

/**
 * A real HTTP receiver on loopback: records every request it gets and answers with `respond`
 * (200 "ok" by default). `close()` also ends connections it left hanging.
 */
export async function startTestReceiver() {
  const received: ReceivedWebhook[] = [];
  let respond: Responder = answerOk;
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body) as ReceivedWebhook['json'];
      } catch {
        json = { type: '', timestamp: '', data: {} };
      }
      const entry = { path: request.url ?? '/', headers: request.headers, body, json };
      received.push(entry);
      respond(entry, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The receiver has no port');
  const port = address.port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Requests of one event type, in the order they arrived. */
    ofType: (type: string) => received.filter((entry) => entry.json.type === type),
    respondWith(responder: Responder) {
      respond = responder;
    },
    /** Answers these statuses in turn, then 200. */
    answerInTurn(statuses: number[]) {
      const queue = [...statuses];
      respond = (request, response) => {
        const status = queue.shift();
        if (status === undefined) return answerOk(request, response);
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(`answered ${status}`);
      };
    },
    reset() {
      received.length = 0;
      respond = answerOk;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestReceiver = Awaited<ReturnType<typeof startTestReceiver>>;

/** The `webhook-signature` a receiver computing a plain HMAC-SHA256 with the secret's UTF-8 bytes expects. */
export function plainHmacSignature({
  secret,
  headers,
  body,
}: {
  secret: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}) {
  const payload = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(payload).digest('base64')}`;
}

export async function createWebhook(
  server: TestServer,
  user: TestUser,
  organizationId: string,
  body: Record<string, unknown>,
) {
  const response = await call(server.app, 'POST', `/api/organizations/${organizationId}/webhooks`, {
    cookie: user.cookie,
    body: { name: 'Receiver', events: ['document:created'], ...body },
  });
  if (response.status !== 201)
    throw new Error(`create webhook failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ webhook: WebhookDto }>(response)).webhook;
}

export async function listDeliveries(
  server: TestServer,
  user: TestUser,
  organizationId: string,
  webhookId: string,
  query = '',
) {
  const response = await call(
    server.app,
    'GET',
    `/api/organizations/${organizationId}/webhooks/${webhookId}/deliveries${query}`,
    { cookie: user.cookie },
  );
  if (response.status !== 200)
    throw new Error(`deliveries failed: ${response.status} ${await response.text()}`);
  return readJson<{ deliveries: WebhookDeliveryDto[]; deliveriesCount: number }>(response);
}

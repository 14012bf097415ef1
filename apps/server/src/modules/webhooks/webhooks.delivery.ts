import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import { WEBHOOK_RESPONSE_BODY_MAX_BYTES } from '@sheaf/contracts/limits';
import serverPackage from '../../../package.json';
import { signWebhook } from './webhooks.signing';
import { guardedLookup, hostOf, isPublicAddress, WebhookTargetNotAllowedError } from './webhooks.ssrf';

export const WEBHOOK_USER_AGENT = `Sheaf-Webhooks/${serverPackage.version}`;

/** What one attempt produced; `ok` when the receiver answered 2xx. */
export type WebhookAttemptResult = {
  ok: boolean;
  /** The receiver's status, or null when it answered nothing (timeout, refused, SSRF guard…). */
  responseStatus: number | null;
  /** The first WEBHOOK_RESPONSE_BODY_MAX_BYTES of its body, or null. */
  responseBody: string | null;
  /** Why it failed, or null on success. */
  error: string | null;
  durationMs: number;
};

export type WebhookRequest = {
  url: string;
  /** `msg_…`: the `webhook-id` header. */
  messageId: string;
  body: string;
  secret: string | null;
  /** When the attempt starts (its `webhook-timestamp`). */
  now: Date;
};

/** The Standard Webhooks headers of one attempt; `webhook-signature` only with a secret. */
export function buildWebhookHeaders({ messageId, body, secret, now }: Omit<WebhookRequest, 'url'>) {
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
  };
  if (secret) headers['webhook-signature'] = signWebhook({ secret, messageId, timestamp, body });
  return headers;
}

const describeNetworkError = (error: unknown) => {
  if (error instanceof WebhookTargetNotAllowedError) return `Refused: ${error.message}`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};

/**
 * Sends webhook attempts: one POST, no redirect followed (a 3xx is a failure), `timeoutMs` for
 * the whole of it (connect, send, answer), at most WEBHOOK_RESPONSE_BODY_MAX_BYTES of the answer
 * read. Unless `allowPrivateTargets`, the address connected to must be public: names resolving to
 * a non-public address are refused before connecting, and the socket's peer is checked on connect.
 * Keeps connections alive between attempts to the same receiver.
 */
export function createWebhookSender({
  timeoutMs,
  allowPrivateTargets,
}: {
  timeoutMs: number;
  allowPrivateTargets: boolean;
}) {
  const agentOptions = {
    keepAlive: true,
    maxSockets: 16,
    // Closed well before common server idle timeouts (5 s in Node), so a reused socket is rarely dead.
    timeout: 4_000,
    ...(allowPrivateTargets ? {} : { lookup: guardedLookup }),
  };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  function send(request: WebhookRequest): Promise<WebhookAttemptResult> {
    const startedAt = performance.now();
    const elapsed = () => Math.round(performance.now() - startedAt);
    const url = new URL(request.url);
    const host = hostOf(request.url);

    return new Promise((resolve) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (result: Omit<WebhookAttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: elapsed() });
      };
      const fail = (
        error: string,
        responseStatus: number | null = null,
        responseBody: string | null = null,
      ) => finish({ ok: false, responseStatus, responseBody, error });

      // An address written in the URL is never looked up: check it here.
      if (!allowPrivateTargets && isIP(host) !== 0 && !isPublicAddress(host)) {
        return fail(`Refused: ${new WebhookTargetNotAllowedError(host, host).message}`);
      }

      const isHttps = url.protocol === 'https:';
      const client = isHttps ? https : http;
      const req = client.request(url, {
        method: 'POST',
        agent: isHttps ? agents.https : agents.http,
        headers: {
          ...buildWebhookHeaders(request),
          'content-length': String(Buffer.byteLength(request.body)),
        },
      });
      timer = setTimeout(() => {
        fail(`Timed out after ${timeoutMs} ms`);
        req.destroy();
      }, timeoutMs);

      req.on('socket', (socket: Socket) => {
        if (allowPrivateTargets) return;
        // The connected peer itself, whatever resolved it (DNS rebinding).
        const check = () => {
          const peer = socket.remoteAddress;
          if (peer && !isPublicAddress(peer)) {
            const error = new WebhookTargetNotAllowedError(host, peer);
            fail(`Refused: ${error.message}`);
            req.destroy(error);
          }
        };
        if (socket.remoteAddress) check();
        else socket.once('connect', check);
      });
      req.on('error', (error) => fail(describeNetworkError(error)));
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? 0;
        const done = () => {
          const responseBody = size === 0 ? null : new TextDecoder().decode(Buffer.concat(chunks));
          if (status >= 200 && status < 300)
            return finish({ ok: true, responseStatus: status, responseBody, error: null });
          if (status >= 300 && status < 400) {
            const location = response.headers.location;
            return fail(
              `Redirect not followed (${status}${location ? ` to ${location.slice(0, 500)}` : ''})`,
              status,
              responseBody,
            );
          }
          fail(
            `The receiver answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`,
            status,
            responseBody,
          );
        };
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = WEBHOOK_RESPONSE_BODY_MAX_BYTES - size;
          if (room > 0) {
            const kept = chunk.subarray(0, room);
            chunks.push(kept);
            size += kept.length;
          }
          if (size >= WEBHOOK_RESPONSE_BODY_MAX_BYTES) {
            // Enough read: the rest is not waited for, and the connection is not reused.
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => fail(describeNetworkError(error), status));
      });
      req.end(request.body);
    });
  }

  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

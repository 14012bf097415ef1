import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'hono';

/**
 * The request's body as the Node stream it arrived on, when the app runs under @hono/node-server
 * and nothing has read it yet; nothing otherwise (requests made in-process, as tests do, or over
 * HTTP/2), and the caller then reads the web Request's body.
 */
export function nodeRequestBody(c: Context): { body?: Readable } {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage && !incoming.readableDidRead && !incoming.readableEnded
    ? { body: incoming }
    : {};
}

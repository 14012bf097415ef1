import zlib from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../shared/app.types';
import { acceptsGzip, jsonWithContentLength } from './json-responses';

const large = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `Document ${index}` })) };

function createTestApp() {
  const app = new Hono<AppEnv>();
  app.use(compress());
  app.use(jsonWithContentLength());
  app.get('/large', (c) => c.json(large));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/created', (c) => c.json(large, 201, { 'Cache-Control': 'no-store' }));
  return app;
}

describe('JSON answers', () => {
  it('gzips an answer of 1 KB or more in one piece, with its length, when the client takes gzip', async () => {
    const response = await createTestApp().request('/large', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(zlib.gunzipSync(body).toString('utf8'))).toEqual(large);
  });

  it('keeps the status and headers given with the answer', async () => {
    const response = await createTestApp().request('/created', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(
      large,
    );
  });

  it('sends small answers, and any answer to a client without gzip, as they are', async () => {
    const app = createTestApp();
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0', 'br']) {
      const response = await app.request('/large', {
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      });
      expect([acceptEncoding, response.headers.get('content-encoding')]).toEqual([acceptEncoding, null]);
      const text = await response.text();
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(JSON.parse(text)).toEqual(large);
    }
  });

  it('reads Accept-Encoding with its q values and wildcard', () => {
    expect(
      [
        'gzip',
        'GZIP',
        'deflate, gzip;q=0.5',
        'gzip;q=0',
        'gzip; q=0.0',
        '*',
        '*;q=0',
        '*, gzip;q=0',
        'br, *;q=0.1',
        'identity',
        '',
      ].map((header) => [header, acceptsGzip(header)]),
    ).toEqual([
      ['gzip', true],
      ['GZIP', true],
      ['deflate, gzip;q=0.5', true],
      ['gzip;q=0', false],
      ['gzip; q=0.0', false],
      ['*', true],
      ['*;q=0', false],
      ['*, gzip;q=0', false],
      ['br, *;q=0.1', true],
      ['identity', false],
      ['', false],
    ]);
  });
});

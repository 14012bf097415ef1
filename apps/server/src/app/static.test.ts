import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readError } from '../test/http';
import { createTestApp } from '../test/test-app';
import { testDialects, useTestDatabase } from '../test/test-database';

const inlineScript = "document.documentElement.classList.add('dark');";
const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-web-dist-'));
fs.mkdirSync(path.join(webDistDir, 'assets'));
fs.writeFileSync(
  path.join(webDistDir, 'index.html'),
  `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
);
fs.writeFileSync(
  path.join(webDistDir, 'assets/app-abc123.js'),
  `console.log(${JSON.stringify('x'.repeat(5000))});`,
);
fs.writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

afterAll(() => fs.rmSync(webDistDir, { recursive: true, force: true }));

describe.each(testDialects)('serving the web app on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const app = () => createTestApp({ database: testDatabase.database, webDistDir });

  it('serves index.html for the root and for client-side routes, never cached', async () => {
    for (const route of ['/', '/organizations/org_abc/documents', '/login?next=x']) {
      const response = await app().request(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable and compresses them', async () => {
    const response = await app().request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await app().request('/assets/missing-000.js');
    expect(response.status).toBe(404);
  });

  it('serves other static files with revalidation', async () => {
    const response = await app().request('/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await app().request('/api/unknown');
    expect(response.status).toBe(404);
    expect((await readError(response)).error.code).toBe('api.not_found');
  });

  it('allows exactly the inline script of index.html, and WebAssembly but no eval, in the content security policy', async () => {
    const response = await app().request('/');
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
    expect(policy).not.toContain("'unsafe-eval'");
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../shared/app.types';

/**
 * Serves the built SPA: hashed files under /assets are immutable, everything else is
 * revalidated, and any other GET that is not an API call falls back to index.html.
 */
export function registerStaticSpa(app: Hono<AppEnv>, { webDistDir }: { webDistDir: string }) {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const root = path.relative(process.cwd(), webDistDir) || '.';
  const isApiPath = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');

  const serveFile = serveStatic({ root });
  app.get('/assets/*', async (c) => {
    const response = await serveFile(c, async () => {});
    if (response?.ok) response.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    // A missing hashed file must not turn into index.html: the browser would parse HTML as JS.
    return response ?? c.text('Not found', 404);
  });
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const response = await serveFile(c, next);
    if (response?.ok) response.headers.set('Cache-Control', 'no-cache');
    return response;
  });
  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    // Client-side routes: read per request so a rebuilt UI shows without a restart (the file is small).
    const html = await fs.promises.readFile(indexPath, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}

/** CSP source expressions ('sha256-…') for the inline scripts of the built index.html. */
export function readInlineScriptHashes({ webDistDir }: { webDistDir: string }): string[] {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) return [];
  const html = fs.readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

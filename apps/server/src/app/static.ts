import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './app.types';

/**
 * Serves the built SPA: hashed files under /assets are immutable, everything else is
 * revalidated, and any other GET that is not an API call falls back to index.html.
 */
export function registerStaticSpa(app: Hono<AppEnv>, { webDistDir }: { webDistDir: string }) {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const root = path.relative(process.cwd(), webDistDir) || '.';

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    await serveStatic({ root })(c, next);
    if (c.res.status === 200 && c.res.headers.get('Content-Type')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    // Read per request: index.html is small and this keeps a rebuilt UI visible without a restart.
    const html = await fs.promises.readFile(indexPath, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}

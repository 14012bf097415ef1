import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { buildOpenApiDocument } from './openapi';

/** Scalar's self-contained reference page script, served from our origin (the page's CSP allows only 'self'). */
function readScalarScript(): Buffer | undefined {
  try {
    const require = createRequire(import.meta.url);
    return fs.readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'));
  } catch {
    return undefined;
  }
}

/** Everything that would reach Scalar's own services (fonts, AI agent, telemetry, proxy) is off. */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  telemetry: false,
  documentDownloadType: 'json',
};

const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sheaf API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${JSON.stringify(SCALAR_CONFIGURATION)}'></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>
`;

/**
 * `GET /api/openapi.json`, the API's description built from the routes' schemas, and
 * `GET /api/docs`, a reference page for it: Scalar is loaded on that page only.
 */
export function createOpenApiRoutes({ version, serverUrl }: { version: string; serverUrl: string }) {
  const document = JSON.stringify(buildOpenApiDocument({ version, serverUrl }));
  let scalarScript: Buffer | undefined;
  return new Hono()
    .get('/openapi.json', (c) => c.body(document, 200, { 'content-type': 'application/json' }))
    .get('/docs', (c) => c.html(docsPage))
    .get('/docs/scalar.js', (c) => {
      scalarScript ??= readScalarScript();
      if (!scalarScript) return c.text('The API reference page is not installed.', 404);
      return c.body(new Uint8Array(scalarScript), 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=86400',
      });
    });
}

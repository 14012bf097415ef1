import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * A reverse proxy in front of Sheaf, as in a real deployment: it serves the built web app
 * itself and forwards /api to the Sheaf server, answering 502 when that server is down.
 * Lets a test see the app while the API is unreachable, then start the API.
 */
export async function startGateway({ backendPort }: { backendPort: number }) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    if (url.pathname.startsWith('/api/')) {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: backendPort,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (upstreamResponse) => {
          response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          upstreamResponse.pipe(response);
        },
      );
      upstream.on('error', () => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<h1>502 Bad Gateway</h1>');
      });
      request.pipe(upstream);
      return;
    }
    const filePath = path.join(webDist, path.normalize(url.pathname));
    const file =
      filePath.startsWith(webDist) && fs.existsSync(filePath) && fs.statSync(filePath).isFile()
        ? filePath
        : path.join(webDist, 'index.html');
    response.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

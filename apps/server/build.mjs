// Bundles the server into dist/index.js. Packages from node_modules stay external
// (native better-sqlite3, pino transports, pdf.js, tesseract.js, @napi-rs/canvas); the workspace
// contracts package is bundled in. The extraction worker process is a second entry, written beside
// the bundle as dist/extraction.worker.js where the pool looks for it.

import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sheaf/'));

await build({
  entryPoints: {
    index: 'src/index.ts',
    'extraction.worker': 'src/modules/extraction/extraction.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

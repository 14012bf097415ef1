#!/usr/bin/env node
// Two checks on the demo mode (issue 18), from the Vite manifests of the last builds:
//
// - the normal build (dist/) holds none of the demo: no module of src/demo/ in its manifest and no
//   trace of the demo's code or seed in its JavaScript (`--normal`);
// - the demo build (dist-demo/) starts with at most 250 kB of gzipped JavaScript: the entry and its
//   static imports and the demo API (src/demo/start.tsx, awaited before the first render) — the
//   budget (`--demo`). The chunks of the page it lands on (the organization home), loaded after the
//   first render, are added for information in a second figure.
//
//   npx vite build && node scripts/check-demo-bundle.mjs --normal
//   npx vite build --mode demo && node scripts/check-demo-bundle.mjs --demo [--budget-kb 250] [--verbose]
//
// Without --normal or --demo, checks whichever builds exist. Exits 1 when a check fails.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Strings only the demo's code and seed carry (IndexedDB store, popup container, seed data). */
export const DEMO_MARKERS = ['sheaf-demo', 'Northwind Plumbing', 'Demo household', 'demo@sheaf.example'];

/** What the demo loads before its first render, beside the entry (see src/main.tsx). */
export const DEMO_STARTUP_MODULES = ['src/demo/start.tsx'];

/** The route modules of the page the demo lands on (see src/app/routes/). */
export const DEMO_LANDING_MODULES = [
  'src/app/layouts/private-layout.tsx',
  'src/app/layouts/app-shell.tsx',
  'src/modules/organizations/pages/home-page.tsx',
  'src/app/organization-guards.ts',
  'src/app/layouts/organization-layout.tsx',
  'src/app/pages/organization-home-page.tsx',
  'src/locales/en.json',
];

const readManifest = (distDir) =>
  JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** What of the demo a normal build's manifest and chunks contain: [] when none. */
export function findDemoTraces({ manifest, readChunk }) {
  const traces = Object.keys(manifest)
    .filter((key) => key.startsWith('src/demo/'))
    .map((key) => `module ${key}`);
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const source = readChunk(file).toString('utf8');
    for (const marker of DEMO_MARKERS) if (source.includes(marker)) traces.push(`"${marker}" in ${file}`);
  }
  return traces;
}

/** The gzipped size of the chunks `keys` need, with their static imports. */
export function measureChunks({ manifest, readChunk, keys }) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (was it renamed?)`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const files = [...new Set([...seen].map((key) => manifest[key].file))];
  const chunks = files.map((file) => ({ file, gzipBytes: gzipSync(readChunk(file)).byteLength }));
  return { chunks, gzipBytes: chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      normal: { type: 'boolean', default: false },
      demo: { type: 'boolean', default: false },
      'budget-kb': { type: 'string', default: '250' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const normalDir = path.join(webRoot, 'dist');
  const demoDir = path.join(webRoot, 'dist-demo');
  const checkNormal = values.normal || (!values.demo && fs.existsSync(normalDir));
  const checkDemo = values.demo || (!values.normal && fs.existsSync(demoDir));
  let failed = false;
  if (checkNormal) {
    const traces = findDemoTraces({
      manifest: readManifest(normalDir),
      readChunk: (file) => fs.readFileSync(path.join(normalDir, file)),
    });
    if (traces.length > 0) {
      failed = true;
      console.log(`The normal build contains demo code or data:\n  ${traces.join('\n  ')}`);
    } else {
      console.log('Normal build: no demo code or seed data in it.');
    }
  }
  if (checkDemo) {
    const manifest = readManifest(demoDir);
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const readChunk = (file) => fs.readFileSync(path.join(demoDir, file));
    const startup = measureChunks({ manifest, readChunk, keys: [entry, ...DEMO_STARTUP_MODULES] });
    const landing = measureChunks({
      manifest,
      readChunk,
      keys: [entry, ...DEMO_STARTUP_MODULES, ...DEMO_LANDING_MODULES],
    });
    if (values.verbose) {
      for (const chunk of startup.chunks.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`${(chunk.gzipBytes / 1000).toFixed(1).padStart(7)} kB gzip  ${chunk.file}`);
      }
    }
    const budgetKb = Number(values['budget-kb']);
    const within = startup.gzipBytes / 1000 <= budgetKb;
    if (!within) failed = true;
    const kb = (bytes) => (bytes / 1000).toFixed(1);
    console.log(
      `Demo initial JavaScript (${startup.chunks.length} chunks, before the first render): ${kb(startup.gzipBytes)} kB gzip, ${within ? 'within' : 'OVER'} the budget of ${budgetKb} kB.`,
    );
    console.log(
      `Demo JavaScript up to the organization home (${landing.chunks.length} chunks, for information): ${kb(landing.gzipBytes)} kB gzip.`,
    );
  }
  if (!checkNormal && !checkDemo) {
    console.error('No build to check: run npx vite build and/or npx vite build --mode demo first.');
    process.exit(2);
  }
  if (failed) process.exit(1);
}

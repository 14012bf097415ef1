#!/usr/bin/env node
// The JavaScript the /login page loads, gzipped, from the Vite manifest of the last build
// (dist/.vite/manifest.json), checked against a budget. Two figures:
//
// - initial (the budget, 150 kB): the entry chunk and everything it imports statically (the
//   modulepreload links of index.html), plus the chunks of the /login route (the public layout and
//   the login page). What the route tree needs is in the entry: keep the routes' search validators
//   loose there and parse in the pages' chunks (the documents list's filters are parsed by its
//   page, about 1.5 kB; see modules/documents/route-search.ts).
// - complete (for information, and a looser budget against regressions): also what those route
//   chunks import statically, and the chunks loaded on the side during start-up and the first
//   navigation (the session module, the configuration schema, the toaster, the layout's menus).
//   Locales other than English, English beyond its startup sections, and what only private pages
//   load are left out.
//
//   npx vite build && node scripts/check-login-bundle.mjs [--budget-kb 150] [--complete-budget-kb 265] [--verbose]
//
// Exits 1 over either budget. Sizes are in kB of 1,000 bytes, as Vite prints them.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const manifestPath = path.join(distDir, '.vite/manifest.json');

/** The modules of the /login route, from its root down (see src/app/routes/). */
export const LOGIN_ROUTE_MODULES = [
  'src/app/layouts/auth-layout.tsx',
  'src/modules/auth/pages/login-page.tsx',
];

/** Dynamic imports /login does not load: other pages and layouts, private-only guards, locales. */
const NOT_LOADED_BY_LOGIN = [
  /^src\/locales\//,
  /\/pages\//,
  /^src\/app\/layouts\/(?!theme-switcher|language-switcher)/,
  /^src\/app\/organization-guards\.ts$/,
  // A feature's guards run on its own pages only (signed in), never on /login.
  /^src\/modules\/[^/]+\/route-guards\.ts$/,
  // Opt-in analytics: the PostHog client loads only when the server enables it, and then on private pages.
  /\/node_modules\/(posthog-js-lite|@posthog\/core)\//,
  // The second-factor code step: loaded only once a password sign-in answers that a code is needed.
  /^src\/modules\/auth\/components\/two-factor-step\.tsx$/,
];

/**
 * The chunks /login loads, each with its gzip size and whether it counts in the initial figure.
 * `manifest` is Vite's build manifest; `readChunk(file)` returns a chunk's bytes.
 */
export function measureLoginBundle({ manifest, readChunk }) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('No entry in the Vite manifest');
  for (const key of LOGIN_ROUTE_MODULES) {
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest (was it renamed?)`);
  }
  const chunkOf = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    return chunk;
  };
  /** Keys of `keys` and of everything they import statically. */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of chunkOf(key).imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };

  const initial = staticClosure([entryKey]);
  for (const key of LOGIN_ROUTE_MODULES) initial.add(key);

  const complete = staticClosure([entryKey, ...LOGIN_ROUTE_MODULES]);
  for (let added = true; added; ) {
    added = false;
    for (const key of [...complete]) {
      for (const dynamic of chunkOf(key).dynamicImports ?? []) {
        if (complete.has(dynamic) || NOT_LOADED_BY_LOGIN.some((pattern) => pattern.test(dynamic))) continue;
        for (const loaded of staticClosure([dynamic])) complete.add(loaded);
        added = true;
      }
    }
  }

  const files = new Map();
  for (const key of complete) {
    const { file } = chunkOf(key);
    const current = files.get(file);
    if (current) current.initial ||= initial.has(key);
    else files.set(file, { file, source: key, initial: initial.has(key) });
  }
  const chunks = [...files.values()].map((chunk) => {
    const source = readChunk(chunk.file);
    return { ...chunk, bytes: source.byteLength, gzipBytes: gzipSync(source).byteLength };
  });
  const sum = (list) => list.reduce((total, chunk) => total + chunk.gzipBytes, 0);
  return {
    chunks,
    initialGzipBytes: sum(chunks.filter((chunk) => chunk.initial)),
    completeGzipBytes: sum(chunks),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values } = parseArgs({
    options: {
      'budget-kb': { type: 'string', default: '150' },
      // 265: 260 plus the passkey sign-in's WebAuthn client (@simplewebauthn/browser and its button,
      // about 4 kB), which the e-mail field's passkey autofill needs as soon as /login shows.
      'complete-budget-kb': { type: 'string', default: '265' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const budgetKb = Number(values['budget-kb']);
  const completeBudgetKb = Number(values['complete-budget-kb']);
  if (!fs.existsSync(manifestPath)) {
    console.error(`No ${path.relative(webRoot, manifestPath)}: build the web app first (npx vite build).`);
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const { chunks, initialGzipBytes, completeGzipBytes } = measureLoginBundle({
    manifest,
    readChunk: (file) => fs.readFileSync(path.join(distDir, file)),
  });
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  if (values.verbose) {
    for (const chunk of [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const kind = chunk.initial ? 'initial ' : 'complete';
      console.log(`${kb(chunk.gzipBytes).padStart(7)} kB gzip  ${kind}  ${chunk.file}  (${chunk.source})`);
    }
  }
  const over = [];
  const report = (label, bytes, budget) => {
    const within = bytes / 1000 <= budget;
    if (!within) over.push(label);
    console.log(`${label}: ${kb(bytes)} kB gzip, ${within ? 'within' : 'OVER'} the budget of ${budget} kB.`);
  };
  report(
    `Login page initial JavaScript (${chunks.filter((chunk) => chunk.initial).length} chunks)`,
    initialGzipBytes,
    budgetKb,
  );
  report(`Login page complete JavaScript (${chunks.length} chunks)`, completeGzipBytes, completeBudgetKb);
  if (over.length > 0) process.exit(1);
}

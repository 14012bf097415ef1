#!/usr/bin/env node
// Relevance-ranked search (issue 29), on the database bench.mjs seeds: runs bench.mjs with
// `--keep` (its own figures come along, seeding included), then starts the server again on the
// kept database and measures searches by relevance as the list and the palette ask them: a word
// in every document, two common words, a word with a date range (query string, then syntax), and
// the query syntax's other pieces. Prints bench.mjs's figures with `searchRankingMs` added, and
// drops the database unless `--keep`. `--reuse <DATA_DIR>` (with `--database-url` naming the kept
// PostgreSQL database) measures a database kept before, without seeding.
//
//   node build.mjs && node bench/search-ranking.mjs [--dialect sqlite|postgres] [--documents 100000]
//     [--database-url postgres://…] [--search-samples 50] [--keep] [--reuse DATA_DIR]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  benchServerEnv,
  percentile,
  repoRoot,
  round,
  serverState,
  startServer,
  stopServer,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    seed: { type: 'string', default: 'direct' },
    documents: { type: 'string', default: '100000' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'search-samples': { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const samples = Number(args['search-samples']);

/** Runs bench.mjs with `--keep`: its figures, and where it kept the database. */
function seedWithBench() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(here, 'bench.mjs'),
        '--dialect',
        args.dialect,
        '--seed',
        args.seed,
        '--documents',
        args.documents,
        '--search-samples',
        args['search-samples'],
        '--database-url',
        args['database-url'],
        '--keep',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let kept;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      const match = /Kept: DATA_DIR=(\S+) DATABASE_URL=(\S+)/.exec(chunk);
      if (match) kept = { dataDir: match[1], databaseUrl: match[2] };
    });
    child.on('exit', (code) => {
      if (code !== 0 || !kept) return reject(new Error(`bench.mjs exited with ${code}`));
      resolve({
        results: JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1)),
        ...kept,
      });
    });
  });
}

/** Drops what bench.mjs kept. */
async function dropKept({ dataDir, databaseUrl }) {
  if (args.dialect === 'postgres') {
    const { default: pg } = await import('pg');
    const name = new URL(databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const seeded = args.reuse
  ? {
      results: { dialect: args.dialect, seed: `reused ${args.reuse}` },
      dataDir: args.reuse,
      databaseUrl:
        args.dialect === 'sqlite' ? `file:${path.join(args.reuse, 'db.sqlite')}` : args['database-url'],
    }
  : await seedWithBench();
const results = { ...seeded.results, searchRankingMs: {} };

const port = 20000 + Math.floor(Math.random() * 20000);
try {
  const { base, child } = await startServer({
    env: benchServerEnv({ dataDir: seeded.dataDir, databaseUrl: seeded.databaseUrl, port }),
    port,
  });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1234' }),
  });
  if (!signIn.ok) throw new Error(`Signing in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { organizations } = await (await fetch(`${base}/api/organizations`, { headers: { cookie } })).json();
  const searchUrl = `${base}/api/organizations/${organizations[0].id}/documents/search`;

  // Documents are dated over 2015 … 2025 by the seed: one year is about a tenth of them. `Amount`
  // is a seeded monetary property (1 … 2,000 EUR), `Tagged` the seeded tag.
  const scenarios = [
    { label: 'commonWord', searchQuery: 'invoice' },
    { label: 'twoCommonWords', searchQuery: 'payment invoice' },
    {
      label: 'wordAndDateRange',
      searchQuery: 'invoice',
      query: 'documentDateFrom=2024-01-01&documentDateTo=2024-12-31',
    },
    { label: 'wordAndDateSyntax', searchQuery: 'invoice date:2024' },
    { label: 'commonWordListPage', searchQuery: 'invoice', query: 'pageSize=100' },
    { label: 'rareWord', searchQuery: 'hundeschule' },
    { label: 'rareAndCommonWord', searchQuery: 'hundeschule invoice' },
    { label: 'phraseOfCommonWords', searchQuery: '"payment invoice"' },
    { label: 'wordAndTagSyntax', searchQuery: 'invoice tag:tagged' },
    { label: 'wordAndPropertySyntax', searchQuery: 'invoice amount>1000' },
    { label: 'wordExcludingWord', searchQuery: 'invoice -hundeschule' },
  ];
  const timeRequest = async (url) => {
    const startedAt = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - startedAt;
  };
  for (const { label, searchQuery, query = 'pageSize=5' } of scenarios) {
    const url = `${searchUrl}?searchQuery=${encodeURIComponent(searchQuery)}&pageIndex=0${
      query.includes('pageSize') ? '' : '&pageSize=5'
    }&${query}`;
    const first = await fetch(url, { headers: { cookie } });
    if (!first.ok) throw new Error(`${url} answered ${first.status}`);
    const { documentsCount, documentsCountIsCapped, documents } = await first.json();
    const times = [];
    for (let i = 0; i < samples; i++) times.push(await timeRequest(url));
    results.searchRankingMs[label] = {
      searchQuery,
      ...(query !== 'pageSize=5' ? { query } : {}),
      matches: documentsCount,
      matchesCapped: documentsCountIsCapped,
      first: documents.slice(0, 3).map((document) => document.name),
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
    };
    process.stderr.write(
      `  ${label}: p50 ${results.searchRankingMs[label].p50} ms, p95 ${results.searchRankingMs[label].p95} ms\n`,
    );
  }
  await stopServer(child);
} finally {
  if (serverState.child && !serverState.exit) await stopServer(serverState.child);
  if (args.keep || args.reuse)
    console.error(`Kept: DATA_DIR=${seeded.dataDir} DATABASE_URL=${seeded.databaseUrl}`);
  else
    await dropKept(seeded).catch((error) =>
      console.error('Could not drop the bench database:', error.message),
    );
}

fs.mkdirSync(args.out, { recursive: true });
const outFile = path.join(
  args.out,
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${args.dialect}-${args.documents}-search-ranking.json`,
);
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);

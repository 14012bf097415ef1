#!/usr/bin/env node
// Sheaf ingest benchmark: how soon uploaded documents become searchable. Starts the built server
// (apps/server/dist) on a fresh database and measures, through the HTTP API only:
// - latency from one upload into an idle server to its text being found by search (p50/p95);
// - end-to-end ingest of `--documents` one-page PDFs uploaded one after another, then by
//   `--concurrency` clients at once: documents/s from the first upload to the last document
//   searchable, and where the CPU went meanwhile (ms per document: the server's event loop, its
//   other threads, the extraction workers, this client, other processes such as PostgreSQL);
// - the overhead of an authenticated API call over GET /api/health;
// - what thumbnails cost: the sequential ingest measured first on a server that makes none
//   (SHEAF_BENCH_NO_THUMBNAILS=1, honoured by the extraction job for this bench only), then with
//   them (the ordinary run, on a database already 2,000 documents larger: an upper bound), the
//   overhead in % of the end-to-end time, and the size of one page's thumbnail;
// - the peak resident memory of the server (and any program it starts) while it reads hostile
//   files: an image-less 5000×5000 pt page, a PNG claiming 50,000×50,000 pixels, a truncated PDF,
//   thousands of empty pages — and how each one ended.
//
//   node bench/ingest.mjs [--dialect sqlite|postgres] [--database-url postgres://…]
//                         [--documents 2000] [--concurrency 8] [--out bench-results]

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureRequestOverhead } from './request-overhead.mjs';
import {
  benchServerEnv,
  createBenchDatabase,
  createOrganization,
  createPdf,
  mb,
  repoRoot,
  reportServerOnFailure,
  round,
  searchCount,
  serverState,
  signUp,
  sleep,
  startCpuAccounting,
  startServer,
  stopServer,
  summarize,
  treeRssOf,
  uploadConcurrently,
  uploadDocument,
  waitUntilSearchable,
} from './support.mjs';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    documents: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    'latency-samples': { type: 'string', default: '30' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const documentsCount = Number(args.documents);
const concurrency = Number(args.concurrency);
const latencySamples = Number(args['latency-samples']);
if (!['sqlite', 'postgres'].includes(args.dialect)) throw new Error('--dialect is sqlite or postgres');

const WORDS = (
  'invoice contract agreement payment total amount customer supplier delivery order receipt tax ' +
  'period quarter annual report balance account statement insurance policy premium coverage claim'
).split(' ');
const sentence = () =>
  `${Array.from({ length: 10 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]).join(' ')}.`;
/** A lower-case token no generated text holds by chance: what a search is sure to find only there. */
const token = (prefix) =>
  `${prefix}${randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[d])}`;
/** A one-page PDF of ordinary text with the given words in its first line. */
const onePagePdf = (words) => createPdf([[words.join(' '), ...Array.from({ length: 40 }, sentence)]]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-ingest-'));
const database = await createBenchDatabase({
  dialect: args.dialect,
  dataDir,
  postgresUrl: args['database-url'],
});
const port = 20000 + Math.floor(Math.random() * 20000);
const env = benchServerEnv({ dataDir, databaseUrl: database.url, port });

const results = {
  date: new Date().toISOString(),
  benchmark: 'ingest',
  dialect: args.dialect,
  node: process.version,
  cpus: os.cpus().length,
  documents: documentsCount,
  concurrency,
};

/**
 * Uploads `count` one-page PDFs carrying `runWord` with `clients` clients at once; answers the
 * seconds from the first upload to the last document found by search, and to the last upload.
 */
async function ingest({ base, cookie, organizationId, count, clients, serverPid }) {
  const runWord = token('run');
  const pdfs = Array.from({ length: count }, (_, index) => onePagePdf([runWord, `document ${index}`]));
  const stopCpuAccounting = startCpuAccounting(serverPid);
  const { failures, startedAt, uploadedAt } = await uploadConcurrently({
    base,
    cookie,
    organizationId,
    pdfs,
    clients,
    namePrefix: 'ingest',
  });
  await waitUntilSearchable({ base, cookie, organizationId, word: runWord, count: count - failures });
  const searchableAt = performance.now();
  const cpu = stopCpuAccounting(count);
  return {
    failures,
    uploadSeconds: round((uploadedAt - startedAt) / 1000, 2),
    uploadOnlyDocumentsPerSecond: round(count / ((uploadedAt - startedAt) / 1000)),
    searchableSeconds: round((searchableAt - startedAt) / 1000, 2),
    documentsPerSecond: round(count / ((searchableAt - startedAt) / 1000)),
    cpu,
  };
}

/** The thumbnail of one of the organization's one-page text PDFs: its size in bytes, and its width. */
async function textPageThumbnail({ base, cookie, organizationId }) {
  const list = await fetch(`${base}/api/organizations/${organizationId}/documents?pageSize=1`, {
    headers: { cookie },
  });
  const [document] = (await list.json()).documents;
  const response = await fetch(
    `${base}/api/organizations/${organizationId}/documents/${document.id}/thumbnail`,
    { headers: { cookie } },
  );
  if (!response.ok) throw new Error(`The thumbnail answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { textPageBytes: bytes.length, type: response.headers.get('content-type') };
}

/** Hostile files, generated by the tests' own module (TypeScript, loaded through tsx). */
async function hostileFiles() {
  const { register } = await import('tsx/esm/api');
  register();
  const hostile = await import('../src/test/hostile-files.ts');
  return [
    { name: 'huge-page.pdf', type: 'application/pdf', data: hostile.createHugeBlankPagePdf() },
    { name: 'bomb.png', type: 'image/png', data: hostile.createHugeHeaderPng() },
    { name: 'truncated.pdf', type: 'application/pdf', data: hostile.createTruncatedPdf() },
    { name: 'empty-pages.pdf', type: 'application/pdf', data: hostile.createManyBlankPagesPdf() },
  ];
}

try {
  {
    // Without thumbnails first: the run with them then has the larger database (a fair bound).
    const plain = await startServer({ env: { ...env, SHEAF_BENCH_NO_THUMBNAILS: '1' }, port });
    const plainCookie = await signUp(plain.base, 'bench-no-thumbnails@example.com');
    const plainOrganization = await createOrganization(plain.base, plainCookie, 'Without thumbnails');
    results.ingestSequentialWithoutThumbnails = await ingest({
      base: plain.base,
      cookie: plainCookie,
      organizationId: plainOrganization.id,
      count: documentsCount,
      clients: 1,
      serverPid: plain.child.pid,
    });
    process.stderr.write(
      `  sequential without thumbnails: ${results.ingestSequentialWithoutThumbnails.documentsPerSecond} documents/s\n`,
    );
    await stopServer(plain.child);
  }
  const { base, child } = await startServer({ env, port });
  const cookie = await signUp(base);

  // Latency: one upload into an idle server until search finds its word.
  const latencyOrganization = await createOrganization(base, cookie, 'Latency');
  const latencies = [];
  for (let i = 0; i < latencySamples; i++) {
    await sleep(150);
    const word = token('solo');
    const startedAt = performance.now();
    const { status } = await uploadDocument({
      base,
      cookie,
      organizationId: latencyOrganization.id,
      name: `solo-${i}.pdf`,
      data: onePagePdf([word]),
    });
    if (status !== 201) throw new Error(`Upload answered ${status}`);
    while ((await searchCount({ base, cookie, organizationId: latencyOrganization.id, word })) < 1)
      await sleep(2);
    latencies.push(performance.now() - startedAt);
  }
  results.uploadToSearchableMs = summarize(latencies, 1);

  const sequentialOrganization = await createOrganization(base, cookie, 'Sequential');
  results.ingestSequential = await ingest({
    base,
    cookie,
    organizationId: sequentialOrganization.id,
    count: documentsCount,
    clients: 1,
    serverPid: child.pid,
  });
  process.stderr.write(`  sequential: ${results.ingestSequential.documentsPerSecond} documents/s\n`);
  results.thumbnails = {
    overheadPercent: round(
      (results.ingestSequential.searchableSeconds /
        results.ingestSequentialWithoutThumbnails.searchableSeconds -
        1) *
        100,
      1,
    ),
    ...(await textPageThumbnail({ base, cookie, organizationId: sequentialOrganization.id })),
  };
  process.stderr.write(
    `  thumbnails: +${results.thumbnails.overheadPercent} %, a text page's ${results.thumbnails.textPageBytes} bytes\n`,
  );
  const concurrentOrganization = await createOrganization(base, cookie, 'Concurrent');
  results.ingestConcurrent = await ingest({
    base,
    cookie,
    organizationId: concurrentOrganization.id,
    count: documentsCount,
    clients: concurrency,
    serverPid: child.pid,
  });
  process.stderr.write(
    `  ${concurrency} clients: ${results.ingestConcurrent.documentsPerSecond} documents/s\n`,
  );

  results.requestOverhead = await measureRequestOverhead({
    base,
    cookie,
    organizationId: concurrentOrganization.id,
    samples: 500,
  });

  // Hostile files, one after the other, with the server's memory sampled meanwhile.
  const hostileOrganization = await createOrganization(base, cookie, 'Hostile');
  results.hostileFiles = {};
  let overallPeak = 0;
  for (const file of await hostileFiles()) {
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, treeRssOf(child.pid));
    }, 50);
    const startedAt = performance.now();
    const { status, document } = await uploadDocument({
      base,
      cookie,
      organizationId: hostileOrganization.id,
      ...file,
    });
    let current = document;
    while (current && ['pending', 'processing'].includes(current.extractionStatus)) {
      if (serverState.exit) throw new Error('The server died on a hostile file');
      await sleep(50);
      const response = await fetch(
        `${base}/api/organizations/${hostileOrganization.id}/documents/${document.id}`,
        {
          headers: { cookie },
        },
      );
      current = (await response.json()).document;
    }
    clearInterval(sampler);
    overallPeak = Math.max(overallPeak, peak);
    const health = await fetch(`${base}/api/health`);
    results.hostileFiles[file.name] = {
      uploadStatus: status,
      extractionStatus: current?.extractionStatus ?? null,
      extractionError: current?.extractionError?.code ?? null,
      seconds: round((performance.now() - startedAt) / 1000, 2),
      peakRssMb: mb(peak),
      serverAnswersAfter: health.ok,
    };
  }
  results.hostilePeakRssMb = mb(overallPeak);
  await stopServer(child);
} catch (error) {
  await reportServerOnFailure();
  throw error;
} finally {
  if (serverState.child && !serverState.exit) await stopServer(serverState.child);
  await database.drop().catch((error) => console.error('Could not drop the bench database:', error.message));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.mkdirSync(args.out, { recursive: true });
const outFile = path.join(args.out, `${results.date.replace(/[:.]/g, '-')}-ingest-${args.dialect}.json`);
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);

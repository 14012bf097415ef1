#!/usr/bin/env node
// `npm run bench`: every benchmark on SQLite and on PostgreSQL, one after the other, then a short
// summary of the figures against their targets. Each benchmark also writes its own JSON file to
// bench-results/.
//
//   npm run bench -- [--dialects sqlite,postgres] [--only ingest,search,search-ranking,webhooks,bulk,paperless-import]
//                    [--ingest-documents 2000] [--search-documents 100000] [--webhook-documents 1000]
//                    [--bulk-documents 10000] [--paperless-documents 10000] [--database-url postgres://…]

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** An ingest phase's CPU per document, by where it was spent, and how busy the machine was. */
const describeCpu = ({ msPerDocument: cpu, serverEventLoopBusyPercent, machineBusyPercent }) =>
  `CPU per document: server event loop ${cpu.serverEventLoop} ms (busy ${serverEventLoopBusyPercent} %), ` +
  `server's other threads ${cpu.serverOtherThreads} ms, extraction workers ${cpu.extractionWorkers} ms, ` +
  `bench client ${cpu.benchClient} ms, other processes ${cpu.otherProcesses} ms; machine ${machineBusyPercent} % busy`;

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    dialects: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string' },
    'ingest-documents': { type: 'string', default: '2000' },
    'search-documents': { type: 'string', default: '100000' },
    'webhook-documents': { type: 'string', default: '1000' },
    'bulk-documents': { type: 'string', default: '10000' },
    'paperless-documents': { type: 'string', default: '10000' },
    'database-url': { type: 'string' },
  },
});
const dialects = args.dialects.split(',').map((dialect) => dialect.trim());
/** The benchmarks to run: all of them, or those `--only` names (comma-separated). */
const only = args.only ? new Set(args.only.split(',').map((name) => name.trim())) : undefined;
const runs = (name) => !only || only.has(name);
const databaseArgs = args['database-url'] ? ['--database-url', args['database-url']] : [];

/** The bench script running now: told of a signal this process gets, so it stops its server. */
let running;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    running?.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs a bench script, its progress on stderr as it comes; answers the JSON it printed. */
function runBench(script, scriptArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, script), ...scriptArgs], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running = child;
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} ${scriptArgs.join(' ')} exited with ${code}`));
      const json = output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1);
      resolve(JSON.parse(json));
    });
  });
}

const verdict = (value, target, higherIsBetter) =>
  value === undefined || value === null
    ? '—'
    : `${value} ${higherIsBetter ? (value >= target ? '✓' : '✗') : value <= target ? '✓' : '✗'} (target ${higherIsBetter ? '≥' : '≤'} ${target})`;

const summary = [];
for (const dialect of dialects) {
  if (runs('ingest')) {
    console.error(`\n=== ingest on ${dialect} (${args['ingest-documents']} documents) ===`);
    const ingest = await runBench('ingest.mjs', [
      '--dialect',
      dialect,
      '--documents',
      args['ingest-documents'],
      ...databaseArgs,
    ]);
    summary.push(
      `${dialect}: sequential ingest ${verdict(ingest.ingestSequential.documentsPerSecond, 60, true)} documents/s`,
      `${dialect}: 8-client ingest ${verdict(ingest.ingestConcurrent.documentsPerSecond, 200, true)} documents/s — ${describeCpu(ingest.ingestConcurrent.cpu)}`,
      `${dialect}: thumbnails add ${verdict(ingest.thumbnails.overheadPercent, 15, false)} % to the sequential ingest (${ingest.ingestSequentialWithoutThumbnails.documentsPerSecond} documents/s without); a text page's thumbnail ${verdict(ingest.thumbnails.textPageBytes, 30_000, false)} bytes`,
      `${dialect}: one upload searchable in p50 ${ingest.uploadToSearchableMs.p50} ms, p95 ${verdict(ingest.uploadToSearchableMs.p95, 250, false)} ms`,
      `${dialect}: authenticated call overhead p50 ${verdict(ingest.requestOverhead.overheadP50Ms, 1.5, false)} ms`,
      `${dialect}: hostile files peak RSS ${verdict(ingest.hostilePeakRssMb, 1500, false)} MB — ${Object.entries(
        ingest.hostileFiles,
      )
        .map(
          ([name, outcome]) =>
            `${name}: ${outcome.extractionStatus}${outcome.extractionError ? ` (${outcome.extractionError})` : ''}`,
        )
        .join(', ')}`,
    );
  }
  if (runs('search') || runs('search-ranking')) {
    console.error(`\n=== search on ${dialect} (${args['search-documents']} documents) ===`);
    // search-ranking.mjs runs bench.mjs, then relevance searches on the same database.
    const search = await runBench(runs('search-ranking') ? 'search-ranking.mjs' : 'bench.mjs', [
      '--dialect',
      dialect,
      '--seed',
      'direct',
      '--documents',
      args['search-documents'],
      ...databaseArgs,
    ]);
    for (const [label, figures] of Object.entries(search.searchMs ?? {}))
      summary.push(
        `${dialect}: search ${label} p50 ${figures.p50} ms, p95 ${verdict(figures.p95, 50, false)} ms`,
      );
    summary.push(
      `${dialect}: list page p95 ${verdict(search.listPageMs?.p95, 50, false)} ms, document page p95 ${verdict(search.documentPageMs?.p95, 50, false)} ms`,
      `${dialect}: list by document date, one tag and one property condition (${search.listSortedFilteredMs?.matches} matches): first page p50 ${search.listSortedFilteredFirstPageMs?.p50} ms, p95 ${verdict(search.listSortedFilteredFirstPageMs?.p95, 50, false)} ms; random pages p50 ${search.listSortedFilteredMs?.p50} ms, p95 ${verdict(search.listSortedFilteredMs?.p95, 50, false)} ms; whole list by document date p95 ${verdict(search.listByDocumentDateMs?.p95, 50, false)} ms`,
      `${dialect}: document page with its properties and notes p50 ${search.documentPageWithNotesMs?.p50} ms, p95 ${verdict(search.documentPageWithNotesMs?.p95, 50, false)} ms`,
    );
    for (const [label, figures] of Object.entries(search.searchRankingMs ?? {}))
      summary.push(
        `${dialect}: search by relevance ${label} (${figures.matches}${figures.matchesCapped ? '+' : ''} matches) p50 ${figures.p50} ms, p95 ${verdict(figures.p95, 50, false)} ms`,
      );
  }
}
for (const dialect of dialects) {
  if (!runs('webhooks')) break;
  console.error(`\n=== webhooks on ${dialect} (${args['webhook-documents']} documents) ===`);
  const webhooks = await runBench('webhooks.mjs', [
    '--dialect',
    dialect,
    '--documents',
    args['webhook-documents'],
    ...databaseArgs,
  ]);
  summary.push(
    `${dialect}: ${webhooks.documents} document:created webhook deliveries all received ${verdict(webhooks.allReceivedSecondsAfterLastUpload, 20, false)} s after the last upload (${webhooks.duplicates} duplicates, ${webhooks.badSignatures} bad signatures); ingest with the webhook ${webhooks.ingestDocumentsPerSecondWithWebhook} documents/s against ${webhooks.ingestDocumentsPerSecondWithoutWebhook} without: ${verdict(webhooks.ingestSlowdownPercent, 10, false)} % slower`,
  );
}
for (const dialect of dialects) {
  if (!runs('bulk')) break;
  console.error(`\n=== bulk actions on ${dialect} (${args['bulk-documents']} documents) ===`);
  const bulk = await runBench('bulk.mjs', [
    '--dialect',
    dialect,
    '--documents',
    args['bulk-documents'],
    ...databaseArgs,
  ]);
  summary.push(
    `${dialect}: tag ${bulk.tagByFilter.documents} documents selected by a filter ${verdict(bulk.tagByFilter.seconds, 10, false)} s; zip of ${bulk.zip.documents} documents ${verdict(bulk.zip.megabytesPerSecond, 50, true)} MB/s, server RSS +${verdict(bulk.zip.serverRssGrowthMb, 100, false)} MB`,
  );
}
for (const dialect of dialects) {
  if (!runs('paperless-import')) break;
  console.error(`\n=== Paperless-ngx import on ${dialect} (${args['paperless-documents']} documents) ===`);
  const paperless = await runBench('paperless-import.mjs', [
    '--dialect',
    dialect,
    '--documents',
    args['paperless-documents'],
    ...databaseArgs,
  ]);
  // The target is set on SQLite; PostgreSQL's figure is given for information.
  const rate = paperless.large.documentsPerSecond;
  summary.push(
    `${dialect}: import of a ${paperless.large.documents}-document Paperless-ngx export ${dialect === 'sqlite' ? verdict(rate, 100, true) : rate} documents/s; live heap ${paperless.large.liveHeapMb.atOneTenth} MB a tenth in, ${paperless.large.liveHeapMb.atEnd} MB at the end (growth ${verdict(paperless.liveHeapGrowthMb, 20, false)} MB); peak RSS ${paperless.small.peakRssMb} MB for ${paperless.small.documents} documents, ${paperless.large.peakRssMb} MB for ${paperless.large.documents}`,
  );
}
console.log(`\n${summary.join('\n')}`);

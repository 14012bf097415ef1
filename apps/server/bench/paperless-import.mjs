#!/usr/bin/env node
// Paperless-ngx import benchmark: a generated export (2.x layout, one-page PDFs with their content,
// tags, a correspondent, a document type and an archive serial number each) imported with the
// administrator's command, `import:paperless <folder> --organization <id>`, into a fresh database:
// - documents/s from the import's start to its end (content kept as Paperless read it, no OCR);
// - the command's memory: its live heap (after a full garbage collection every second, see
//   live-heap-probe.mjs) a tenth into the large run and at its end (flat: it does not grow with the
//   documents imported), and its resident memory sampled every 100 ms (the peak of a small and of a
//   large export; it also holds the garbage V8 has not collected yet).
// The server is stopped while the command runs: the thumbnails the import queues are made by the
// server afterwards and are not counted.
//
//   node bench/paperless-import.mjs [--dialect sqlite|postgres] [--database-url postgres://…]
//                                  [--documents 10000] [--small-documents 1000] [--out bench-results]

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchServerEnv,
  createBenchDatabase,
  createOrganization,
  mb,
  repoRoot,
  reportServerOnFailure,
  round,
  signUp,
  startServer,
  stopServer,
  treeRssOf,
} from './support.mjs';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    documents: { type: 'string', default: '10000' },
    'small-documents': { type: 'string', default: '1000' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const serverDir = path.join(repoRoot, 'apps/server');

/** The export of `count` documents, generated once and kept in the system's temporary folder. */
function exportOf(count) {
  const folder = path.join(os.tmpdir(), `sheaf-bench-paperless-export-${count}`);
  const marker = path.join(folder, '.complete');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === String(count)) return folder;
  console.error(`Generating a Paperless-ngx export of ${count} documents in ${folder}…`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/paperless-export.ts', folder, String(count)],
    { cwd: serverDir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`Generating the export failed (${result.status})`);
  return folder;
}

/** Runs the command against a fresh database; answers its figures. */
async function importOnce(count) {
  const source = exportOf(count);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-paperless-'));
  const database = await createBenchDatabase({
    dialect: args.dialect,
    dataDir,
    postgresUrl: args['database-url'],
  });
  try {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env = benchServerEnv({ dataDir, databaseUrl: database.url, port });
    // The organization is made the way a user makes it; the server then stops for the measurement.
    const server = await startServer({ env, port });
    const cookie = await signUp(server.base);
    const organization = await createOrganization(server.base, cookie, 'Moved from Paperless-ngx');
    await stopServer(server.child);

    const heapLog = path.join(dataDir, 'live-heap.log');
    const child = spawn(
      process.execPath,
      [
        // BENCH_CLI_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the command.
        ...(process.env.BENCH_CLI_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        '--expose-gc',
        '--import',
        './bench/live-heap-probe.mjs',
        '--import',
        'tsx',
        'src/cli/admin.ts',
        'import:paperless',
        source,
        '--organization',
        organization.id,
        '--json',
      ],
      {
        cwd: serverDir,
        env: { ...process.env, ...env, LOG_LEVEL: 'warn', BENCH_LIVE_HEAP_LOG: heapLog },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    /** [documents processed, resident bytes] every 100 ms, the count from the command's progress lines. */
    const samples = [];
    let processed = 0;
    let stdout = '';
    let stderrTail = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
      for (const match of chunk.matchAll(/^(\d+)\/\d+ documents/gm)) processed = Number(match[1]);
    });
    const sampler = setInterval(() => {
      const rss = treeRssOf(child.pid);
      if (rss) samples.push([processed, rss, Date.now()]);
    }, 100);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    clearInterval(sampler);
    if (code !== 0) throw new Error(`import:paperless exited with ${code}:\n${stderrTail}`);
    const report = JSON.parse(stdout);
    const seconds = (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000;
    const imported = report.summary.imported.documents;
    if (imported !== count)
      throw new Error(`${imported} of ${count} documents were imported:\n${stderrTail}`);
    // The live heap, each second, with the documents processed by then.
    const collections = (fs.existsSync(heapLog) ? fs.readFileSync(heapLog, 'utf8') : '')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [at, heapUsed] = line.split(' ').map(Number);
        const before = samples.filter(([, , time]) => time <= at).at(-1);
        return { processed: before?.[0] ?? 0, heapMb: mb(heapUsed) };
      });
    const liveAt = (done) => collections.find(({ processed }) => processed >= done)?.heapMb ?? null;
    const peak = Math.max(...samples.map(([, rss]) => rss));
    // Resident memory at each tenth of the run (the sample nearest after it).
    const along = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((tenth) => {
      const sample = samples.find(([done]) => done >= (count * tenth) / 10) ?? samples.at(-1);
      return mb(sample?.[1] ?? null);
    });
    return {
      documents: count,
      seconds: round(seconds, 2),
      documentsPerSecond: round(count / seconds, 1),
      peakRssMb: mb(peak),
      // Live heap after the first and the last full collections of the run, and the largest.
      // Live heap a tenth into the run, at its end, and at most.
      liveHeapMb: {
        atOneTenth: liveAt(count / 10),
        atEnd: collections.at(-1)?.heapMb ?? null,
        max: collections.length > 0 ? Math.max(...collections.map(({ heapMb }) => heapMb)) : null,
      },
      rssMbAtEachTenth: along,
    };
  } catch (error) {
    await reportServerOnFailure();
    throw error;
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const small = await importOnce(Number(args['small-documents']));
console.error(
  `${args.dialect}: ${small.documents} documents in ${small.seconds} s (${small.documentsPerSecond}/s), peak ${small.peakRssMb} MB`,
);
const large = await importOnce(Number(args.documents));
console.error(
  `${args.dialect}: ${large.documents} documents in ${large.seconds} s (${large.documentsPerSecond}/s), peak ${large.peakRssMb} MB; along the run: ${large.rssMbAtEachTenth.join(', ')} MB; live heap ${large.liveHeapMb.atOneTenth} MB a tenth in, ${large.liveHeapMb.atEnd} MB at the end, ${large.liveHeapMb.max} MB at most`,
);
const result = {
  dialect: args.dialect,
  small,
  large,
  // How much more resident memory ten times the documents took at its peak, and how much the live
  // heap grew from a tenth of the large run to its end.
  peakGrowthMb: round(large.peakRssMb - small.peakRssMb, 1),
  liveHeapGrowthMb:
    large.liveHeapMb.atEnd !== null && large.liveHeapMb.atOneTenth !== null
      ? round(large.liveHeapMb.atEnd - large.liveHeapMb.atOneTenth, 1)
      : null,
};
fs.mkdirSync(args.out, { recursive: true });
fs.writeFileSync(
  path.join(args.out, `paperless-import-${args.dialect}.json`),
  JSON.stringify(result, null, 2),
);
console.log(JSON.stringify(result, null, 2));

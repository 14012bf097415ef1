#!/usr/bin/env node
// Sheaf bulk actions benchmark, through HTTP against the built server on a fresh database:
// - tag `--documents` documents selected by a filter (a background task), from the request to the
//   task's `done`;
// - a zip of `--zip-documents` documents of `--zip-file-mb` MB each, streamed: throughput and how
//   much the server's resident memory grows while it streams.
// Documents are inserted straight into the database (and their files into the storage folder),
// as extracted documents: the bench measures the bulk actions, not the ingest.
//
//   node bench/bulk.mjs [--dialect sqlite|postgres] [--database-url postgres://…]
//                       [--documents 10000] [--zip-documents 1000] [--zip-file-mb 1] [--out bench-results]

import { createHash, randomBytes } from 'node:crypto';
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
  rssOf,
  signUp,
  sleep,
  startServer,
  stopServer,
} from './support.mjs';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    documents: { type: 'string', default: '10000' },
    'zip-documents': { type: 'string', default: '1000' },
    'zip-file-mb': { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
if (!['sqlite', 'postgres'].includes(args.dialect)) throw new Error('--dialect is sqlite or postgres');
const documentsCount = Number(args.documents);
const zipCount = Number(args['zip-documents']);
const zipFileBytes = Math.round(Number(args['zip-file-mb']) * 1024 * 1024);

const COLUMNS = [
  'id',
  'organization_id',
  'name',
  'original_name',
  'original_size',
  'original_sha256',
  'mime_type',
  'storage_key',
  'content',
  'created_by',
  'created_at',
  'updated_at',
  'is_deleted',
  'extraction_status',
];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix) =>
  `${prefix}_${Array.from(randomBytes(24), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

/** Inserts rows into `documents`, in one transaction per call. */
async function openInserter(dialect, database) {
  const placeholders = (count, offset = 0) =>
    Array.from({ length: count }, (_, index) => (dialect === 'sqlite' ? '?' : `$${offset + index + 1}`)).join(
      ', ',
    );
  if (dialect === 'sqlite') {
    // In a worker thread (as bench.mjs does): a long synchronous insert here would leave fetch a
    // keep-alive socket the server closed meanwhile.
    const { Worker } = await import('node:worker_threads');
    const writer = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), {
      workerData: {
        file: database.file,
        columns: COLUMNS,
        tagColumns: ['id', 'document_id', 'tag_id', 'created_at'],
      },
    });
    const insert = (rows) =>
      new Promise((resolve, reject) => {
        writer.once('message', ({ ok, message }) => (ok ? resolve() : reject(new Error(message))));
        writer.postMessage({ rows, tagLinks: [] });
      });
    return {
      insert,
      close: async () => {
        const exited = new Promise((resolve) => writer.once('exit', resolve));
        writer.postMessage(null);
        await exited;
      },
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    async insert(rows) {
      await client.query('begin');
      for (let start = 0; start < rows.length; start += 500) {
        const part = rows.slice(start, start + 500);
        const values = part
          .map((_, index) => `(${placeholders(COLUMNS.length, index * COLUMNS.length)})`)
          .join(', ');
        await client.query(
          `insert into documents (${COLUMNS.join(', ')}) values ${values}`,
          part.flatMap((row) => COLUMNS.map((column) => row[column])),
        );
      }
      await client.query('commit');
      await client.query('analyze');
    },
    close: () => client.end(),
  };
}

const documentRow = ({ organizationId, index, size, sha256 }) => {
  const id = newId('doc');
  const now = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  return {
    id,
    organization_id: organizationId,
    name: `Statement ${index}.pdf`,
    original_name: `statement-${index}.pdf`,
    original_size: size,
    original_sha256: sha256 ?? createHash('sha256').update(id).digest('hex'),
    mime_type: 'application/pdf',
    storage_key: `${organizationId}/${id}`,
    content: '',
    created_by: null,
    created_at: now,
    updated_at: null,
    is_deleted: 0,
    extraction_status: 'done',
  };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-bulk-'));
const database = await createBenchDatabase({
  dialect: args.dialect,
  dataDir,
  postgresUrl: args['database-url'],
});
const port = 20_000 + Math.floor(Math.random() * 20_000);
const results = { date: new Date().toISOString(), dialect: args.dialect };
let server;
try {
  server = await startServer({
    env: benchServerEnv({ dataDir, databaseUrl: database.url, port }),
    port,
  });
  const { base } = server;
  const cookie = await signUp(base);
  const headers = { origin: base, cookie, 'content-type': 'application/json' };
  const post = async (url, body) => {
    const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status >= 300)
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const inserter = await openInserter(args.dialect, database);

  // Tagging by filter.
  const tagging = await createOrganization(base, cookie, 'Bulk tagging');
  await inserter.insert(
    Array.from({ length: documentsCount }, (_, index) =>
      documentRow({ organizationId: tagging.id, index, size: 1000 }),
    ),
  );
  const { tag } = await post(`/api/organizations/${tagging.id}/tags`, {
    name: 'Statements',
    color: '#d8ff75',
  });
  console.error(`Tagging ${documentsCount} documents selected by a filter…`);
  const startedAt = performance.now();
  const { task } = await post(`/api/organizations/${tagging.id}/documents/bulk`, {
    action: 'add_tags',
    tagIds: [tag.id],
    filter: { fileTypes: ['pdf'] },
  });
  let finished;
  for (;;) {
    const response = await fetch(`${base}/api/organizations/${tagging.id}/tasks/${task.id}`, { headers });
    finished = (await response.json()).task;
    if (finished.state === 'done' || finished.state === 'failed') break;
    await sleep(50);
  }
  results.tagByFilter = {
    documents: documentsCount,
    state: finished.state,
    changed: finished.changedCount,
    seconds: round((performance.now() - startedAt) / 1000, 2),
  };
  console.error(`  ${results.tagByFilter.seconds} s (${finished.state}, ${finished.changedCount} changed)`);

  // A streamed zip.
  const zipping = await createOrganization(base, cookie, 'Bulk zip');
  console.error(`Writing ${zipCount} files of ${args['zip-file-mb']} MB…`);
  const zipRows = [];
  const content = randomBytes(zipFileBytes);
  for (let index = 0; index < zipCount; index++) {
    // Each file differs by its first bytes: one document per content.
    const data = Buffer.concat([Buffer.from(`${index}\n`), content]).subarray(0, zipFileBytes);
    const row = documentRow({
      organizationId: zipping.id,
      index,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    const file = path.join(dataDir, 'documents', ...row.storage_key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    zipRows.push(row);
  }
  await inserter.insert(zipRows);
  await inserter.close();
  const { task: download } = await post(`/api/organizations/${zipping.id}/documents/bulk`, {
    action: 'download_zip',
    filter: {},
  });
  const baselineRss = rssOf(server.child.pid);
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.child.pid) ?? 0);
  }, 20);
  console.error('Streaming the zip…');
  const zipStartedAt = performance.now();
  const response = await fetch(`${base}${download.downloadUrl}`, { headers });
  if (response.status !== 200) throw new Error(`The download answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - zipStartedAt) / 1000;
  clearInterval(sampler);
  results.zip = {
    documents: zipCount,
    bytes,
    seconds: round(seconds, 2),
    megabytesPerSecond: round(bytes / 1e6 / seconds, 1),
    serverRssBaselineMb: mb(baselineRss),
    serverRssGrowthMb: mb(peakRss - baselineRss),
  };
  console.error(
    `  ${mb(bytes)} MB in ${results.zip.seconds} s: ${results.zip.megabytesPerSecond} MB/s, RSS +${results.zip.serverRssGrowthMb} MB`,
  );
} catch (error) {
  await reportServerOnFailure();
  throw error;
} finally {
  if (server) await stopServer(server.child);
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.mkdirSync(args.out, { recursive: true });
fs.writeFileSync(
  path.join(args.out, `${results.date.replace(/[:.]/g, '-')}-bulk-${args.dialect}.json`),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));

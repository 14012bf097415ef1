#!/usr/bin/env node
// Sheaf benchmark: starts the built server (apps/server/dist) on a fresh database, seeds documents
// through the real upload path (generated multi-page PDFs of realistic text, text extraction
// included), then measures list, document page and search latency, server memory and cold start.
// `--seed direct` inserts the documents (same generated text, as extracted) straight into the
// database instead, bypassing upload and extraction, to measure at 100,000 documents and more:
// the search index is kept by database triggers and indexes, so it is built all the same. The
// direct seed also gives each document a document date, five custom property values (an amount,
// a date, a select, a text and a yes/no) and, for a fifth of them, one to three notes.
//
//   npm run bench -- [--documents 10000] [--dialect sqlite|postgres] [--database-url postgres://…]
//                    [--seed upload|direct] [--concurrency 8] [--pages 3] [--samples 200]
//                    [--search-samples 50] [--tagged-share 0.1] [--out bench-results] [--keep]
//                    [--reuse <DATA_DIR>] [--skip-search]
//
// `--keep` leaves the database (and its data folder) in place and prints where, for looking at
// query plans afterwards; `--reuse <DATA_DIR>` (with, on PostgreSQL, `--database-url` naming the
// kept database) measures such a database again without seeding it (the seed takes minutes);
// `--skip-search` leaves the search latencies out. Prints the figures and writes them to
// bench-results/<date>-<dialect>-<documents>.json. Should the
// server die, its exit code or signal and the last lines of its output (stdout carries its warnings
// and errors) are printed; a failure while it still runs says so.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import {
  benchServerEnv,
  createPdf,
  mb,
  percentile,
  round,
  rssOf,
  serverOutputTail,
  serverState,
  sleep,
  startServer,
  stopServer,
} from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/index.js');

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '10000' },
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    concurrency: { type: 'string', default: '8' },
    pages: { type: 'string', default: '3' },
    samples: { type: 'string', default: '200' },
    'search-samples': { type: 'string', default: '50' },
    seed: { type: 'string', default: 'upload' },
    'tagged-share': { type: 'string', default: '0.1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'skip-search': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const documentsCount = Number(args.documents);
const concurrency = Number(args.concurrency);
const pagesPerDocument = Number(args.pages);
const samples = Number(args.samples);
const searchSamples = Number(args['search-samples']);
const taggedShare = Number(args['tagged-share']);
if (!['upload', 'direct'].includes(args.seed)) throw new Error('--seed is upload or direct');
if (!['sqlite', 'postgres'].includes(args.dialect)) throw new Error('--dialect is sqlite or postgres');
if (!fs.existsSync(serverEntry)) throw new Error('Build the server first: npm run build -w @sheaf/server');

// ---------------------------------------------------------------- PDF generation
const WORDS = (
  'invoice contract agreement payment total amount customer supplier delivery order receipt tax ' +
  'period quarter annual report balance account statement insurance policy premium coverage claim ' +
  'property lease tenant landlord deposit maintenance service warranty product quantity price unit ' +
  'shipping address reference number date due signature terms conditions renewal notice meeting ' +
  'minutes project budget estimate proposal schedule milestone review approval department manager ' +
  'employee salary benefits pension health dental vision travel expense reimbursement mileage hotel'
).split(' ');
// Rare words, with diacritics for some, in about 3% of the contents and 2% of the names.
const RARE_WORDS = ['Hundeschule', 'Résumé', 'Zahnärztin', 'Überweisung', 'Kündigung', 'Déclaration'];
const pick = () => WORDS[Math.floor(Math.random() * WORDS.length)];
const pickRare = () => RARE_WORDS[Math.floor(Math.random() * RARE_WORDS.length)];
const sentence = () => {
  const words = Array.from({ length: 8 + Math.floor(Math.random() * 8) }, pick);
  if (Math.random() < 0.0002) words[Math.floor(Math.random() * words.length)] = pickRare();
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
};
/** A file name as people write them: `invoice-customer-2021-17.pdf`, sometimes `Résumé delivery 42.pdf`. */
const documentName = (index) =>
  Math.random() < 0.02
    ? `${pickRare()} ${pick()} ${index}.pdf`
    : `${pick()}-${pick()}-${2015 + (index % 11)}-${index}.pdf`;

const generatePages = (index) =>
  Array.from({ length: pagesPerDocument }, (_, page) => [
    `Document ${index} - page ${page + 1} - ${randomBytes(6).toString('hex')}`,
    ...Array.from({ length: 45 }, sentence),
  ]);
const generateDocument = (index) => createPdf(generatePages(index));

// ---------------------------------------------------------------- database
const reuse = args.reuse !== undefined;
const dataDir = args.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-'));
/** `--reuse`: the rows of the kept database (the bench reads what it seeded). */
let querySeeded;
let databaseUrl;
let dropDatabase = async () => {};
/** `--keep`: closes the bench's own connections, leaving the database in place. */
let keepDatabase = async () => {};
let countPendingExtractions;
/**
 * `--seed direct`: inserts document rows (columns of the documents table), document-tag links
 * (columns of documents_tags) and rows of other tables (`[{ table, columns, rows }]`: property
 * definitions and values, notes) in one transaction.
 */
let insertDocuments;
/** Brings planner statistics up to date, as autovacuum would after a bulk insert (PostgreSQL). */
let analyzeDatabase = async () => {};
/** Closes what `insertDocuments` opened, if it is open. */
let finishInserts = async () => {};
const DOCUMENT_COLUMNS = [
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
  // Extraction is bypassed: without this the rows would read `pending` (the column's default) and
  // the server would queue their extraction again at start.
  'extraction_status',
  'document_date',
  'document_date_source',
];
const PROPERTY_DEFINITION_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'name_key',
  'type',
  'description',
  'options',
  'currency',
  'created_at',
  'updated_at',
];
const PROPERTY_VALUE_COLUMNS = [
  'document_id',
  'property_id',
  'value_key',
  'organization_id',
  'value_text',
  'value_number',
  'value_currency',
  'value_date',
  'value_boolean',
  'value_option_id',
  'value_user_id',
  'created_at',
  'updated_at',
];
const NOTE_COLUMNS = [
  'id',
  'organization_id',
  'document_id',
  'author_id',
  'content',
  'created_at',
  'updated_at',
];
const DOCUMENT_TAG_COLUMNS = ['id', 'document_id', 'tag_id', 'created_at'];
if (args.dialect === 'sqlite') {
  const { default: Database } = await import('better-sqlite3');
  const file = path.join(dataDir, 'db.sqlite');
  databaseUrl = `file:${file}`;
  let connection;
  /** The worker thread inserting the rows (sqlite-writer.worker.mjs), and its pending answer. */
  let writer;
  let answer;
  insertDocuments = async (rows, tagLinks, tables = []) => {
    if (!writer) {
      writer = new Worker(new URL('./sqlite-writer.worker.mjs', import.meta.url), {
        workerData: { file, columns: DOCUMENT_COLUMNS, tagColumns: DOCUMENT_TAG_COLUMNS },
      });
      writer.on('message', (message) => answer.resolve(message));
      writer.on('error', (error) => answer?.reject(error));
      writer.on('exit', (code) => answer?.reject(new Error(`The SQLite writer thread exited (${code})`)));
    }
    const answered = new Promise((resolve, reject) => {
      answer = { resolve, reject };
    });
    writer.postMessage({ rows, tagLinks, tables });
    const { ok, message, code } = await answered;
    answer = undefined;
    if (!ok) throw new Error(`Inserting documents failed: ${message} (${code})`);
  };
  finishInserts = async () => {
    if (!writer) return;
    const closing = writer;
    writer = undefined;
    const exited = new Promise((resolve) => closing.once('exit', resolve));
    closing.postMessage(null);
    await exited;
  };
  countPendingExtractions = async () => {
    connection ??= new Database(file, { readonly: true, fileMustExist: true });
    return connection
      .prepare(
        "select count(*) as count from jobs where type = 'documents.extract-content' and status != 'failed'",
      )
      .get().count;
  };
  querySeeded = async (text, params = []) => {
    connection ??= new Database(file, { readonly: true, fileMustExist: true });
    return connection.prepare(text.replace(/\$\d+/g, '?')).all(...params);
  };
} else {
  const { default: pg } = await import('pg');
  const name = `sheaf_bench_${randomBytes(4).toString('hex')}`;
  if (reuse) databaseUrl = args['database-url'];
  else {
    const admin = new pg.Client({ connectionString: args['database-url'] });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(args['database-url']);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  querySeeded = async (text, params = []) => (await pool.query(text, params)).rows;
  const types = {
    original_size: 'bigint',
    is_deleted: 'integer',
    value_number: 'double precision',
    value_boolean: 'integer',
  };
  const insertAll = (client, table, columns, rows) =>
    client.query(
      `insert into ${table} (${columns.join(', ')}) select * from unnest(${columns
        .map((column, i) => `$${i + 1}::${types[column] ?? 'text'}[]`)
        .join(', ')})`,
      columns.map((column) => rows.map((row) => row[column])),
    );
  insertDocuments = async (rows, tagLinks, tables = []) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (rows.length > 0) await insertAll(client, 'documents', DOCUMENT_COLUMNS, rows);
      if (tagLinks.length > 0) await insertAll(client, 'documents_tags', DOCUMENT_TAG_COLUMNS, tagLinks);
      for (const { table, columns, rows: tableRows } of tables)
        if (tableRows.length > 0) await insertAll(client, table, columns, tableRows);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  // The whole database: the search table (documents_search) is filled by a trigger, and without
  // statistics of its own (autovacuum may be off, or not have come by yet) the planner takes it
  // for a few rows and filters all of an organization's documents instead of using its trigram
  // indexes (300 ms instead of 12 for a rare word at 100,000 documents).
  analyzeDatabase = async () => {
    await pool.query('vacuum analyze');
  };
  countPendingExtractions = async () =>
    Number(
      (
        await pool.query(
          "select count(*) as count from jobs where type = 'documents.extract-content' and status != 'failed'",
        )
      ).rows[0].count,
    );
  keepDatabase = () => pool.end();
  dropDatabase = async () => {
    if (reuse) return pool.end();
    await pool.end();
    const client = new pg.Client({ connectionString: args['database-url'] });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

const port = 20000 + Math.floor(Math.random() * 20000);
const env = benchServerEnv({ dataDir, databaseUrl, port, extra: { JOBS_POLL_INTERVAL_MS: '50' } });

const results = {
  date: new Date().toISOString(),
  dialect: args.dialect,
  node: process.version,
  cpus: os.cpus().length,
  documents: documentsCount,
  pagesPerDocument,
  concurrency,
};

try {
  // Cold start on an empty data dir (migrations included), then a warm restart.
  let server = await startServer({ env, port });
  results.coldStartMs = round(server.coldStartMs);
  await stopServer(server.child);
  server = await startServer({ env, port });
  results.warmStartMs = round(server.coldStartMs);
  const { base, child } = server;
  await sleep(500);
  results.rssIdleMb = mb(rssOf(child.pid));

  const headers = { origin: base, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/auth/${reuse ? 'sign-in' : 'sign-up'}/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-1234', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`Signing ${reuse ? 'in' : 'up'} answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = await signUp.json();
  const organization = reuse
    ? (await (await fetch(`${base}/api/organizations`, { headers: { cookie } })).json()).organizations[0]
    : (
        await (
          await fetch(`${base}/api/organizations`, {
            method: 'POST',
            headers: { ...headers, cookie },
            body: JSON.stringify({ name: 'Benchmark' }),
          })
        ).json()
      ).organization;
  const documentsUrl = `${base}/api/organizations/${organization.id}/documents`;
  // The tag of the tag-filtered search, on `--tagged-share` of the documents.
  let tag;
  if (reuse) {
    const { tags } = await (
      await fetch(`${base}/api/organizations/${organization.id}/tags`, { headers: { cookie } })
    ).json();
    tag = tags.find((candidate) => candidate.name === 'Tagged');
  } else {
    const tagResponse = await fetch(`${base}/api/organizations/${organization.id}/tags`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ name: 'Tagged', color: '#d8ff75', description: null }),
    });
    if (tagResponse.status !== 201) throw new Error(`Creating the tag answered ${tagResponse.status}`);
    tag = (await tagResponse.json()).tag;
  }
  let taggedDocuments = 0;
  /** The seeded custom properties (direct seed), by role; undefined with the upload seed. */
  let properties;
  let notesCount = 0;

  results.seed = args.seed;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(child.pid) ?? 0);
  }, 100);
  const documentIds = [];
  let next = 0;
  let failures = 0;
  let uploadedBytes = 0;
  const seedStartedAt = performance.now();
  let lastReport = seedStartedAt;
  if (reuse) {
    // What the kept run seeded, read back.
    const rows = await querySeeded('select id, name from property_definitions where organization_id = $1', [
      organization.id,
    ]);
    const byName = Object.fromEntries(rows.map((row) => [row.name.toLowerCase(), row]));
    properties = byName.amount ? byName : undefined;
    documentIds.push(
      ...(
        await querySeeded('select id from documents where organization_id = $1 and is_deleted = 0', [
          organization.id,
        ])
      ).map((row) => row.id),
    );
    taggedDocuments = Number(
      (await querySeeded('select count(*) as count from documents_tags where tag_id = $1', [tag.id]))[0]
        .count,
    );
    notesCount = Number(
      (
        await querySeeded('select count(*) as count from document_notes where organization_id = $1', [
          organization.id,
        ])
      )[0].count,
    );
    clearInterval(sampler);
    results.seed = `reused ${args.reuse}`;
    results.documents = documentIds.length;
  } else if (args.seed === 'direct') {
    // Rows straight into the database (upload and extraction bypassed), the text as extraction
    // would have saved it; the search index follows through the database's triggers and indexes.
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const newIdOf = (prefix) =>
      `${prefix}_${Array.from(randomBytes(24), (byte) => alphabet[byte % 36]).join('')}`;
    const newId = () => newIdOf('doc');
    const firstCreatedAt = Date.now() - documentsCount * 60_000;
    let contentCharacters = 0;
    // A day of 2015 … 2025, as documents are dated.
    const randomDay = () =>
      new Date(Date.UTC(2015, 0, 1) + Math.floor(Math.random() * 4017) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    // The organization's custom properties, as the properties module stores them.
    const seededAt = new Date().toISOString();
    const statusOptions = ['Open', 'Paid', 'Disputed'].map((name) => ({
      id: newIdOf('opt'),
      name,
      color: '#d8ff75',
    }));
    const definition = (name, type, extra = {}) => ({
      id: newIdOf('prop'),
      organization_id: organization.id,
      name,
      name_key: name.toLowerCase(),
      type,
      description: null,
      options: '[]',
      currency: null,
      created_at: seededAt,
      updated_at: seededAt,
      ...extra,
    });
    properties = {
      amount: definition('Amount', 'monetary', { currency: 'EUR' }),
      due: definition('Due', 'date'),
      status: definition('Status', 'select', { options: JSON.stringify(statusOptions) }),
      reference: definition('Reference', 'text'),
      paid: definition('Paid', 'boolean'),
    };
    await insertDocuments(
      [],
      [],
      [
        {
          table: 'property_definitions',
          columns: PROPERTY_DEFINITION_COLUMNS,
          rows: Object.values(properties),
        },
      ],
    );
    const valueRow = (documentId, property, createdAt, columns) => ({
      document_id: documentId,
      property_id: property.id,
      value_key: '',
      organization_id: organization.id,
      value_text: null,
      value_number: null,
      value_currency: null,
      value_date: null,
      value_boolean: null,
      value_option_id: null,
      value_user_id: null,
      created_at: createdAt,
      updated_at: createdAt,
      ...columns,
    });
    for (let start = 0; start < documentsCount; start += 500) {
      const rows = [];
      const tagLinks = [];
      const values = [];
      const notes = [];
      for (let index = start; index < Math.min(documentsCount, start + 500); index++) {
        const id = newId();
        const content = generatePages(index)
          .map((lines) => lines.join('\n'))
          .join('\n\n');
        contentCharacters += content.length;
        const createdAt = new Date(firstCreatedAt + index * 60_000).toISOString();
        const name = documentName(index);
        rows.push({
          id,
          organization_id: organization.id,
          name,
          original_name: name,
          original_size: 20_000 + content.length,
          original_sha256: randomBytes(32).toString('hex'),
          mime_type: 'application/pdf',
          storage_key: `${organization.id}/${id}`,
          content,
          created_by: null,
          created_at: createdAt,
          updated_at: createdAt,
          is_deleted: 0,
          extraction_status: 'done',
          document_date: randomDay(),
          document_date_source: 'detected',
        });
        values.push(
          valueRow(id, properties.amount, createdAt, {
            value_number: Math.round((1 + Math.random() * 1999) * 100) / 100,
            value_currency: 'EUR',
          }),
          valueRow(id, properties.due, createdAt, { value_date: randomDay() }),
          valueRow(id, properties.status, createdAt, { value_option_id: statusOptions[index % 3].id }),
          valueRow(id, properties.reference, createdAt, { value_text: `REF-${index}` }),
          valueRow(id, properties.paid, createdAt, { value_boolean: Math.random() < 0.5 ? 1 : 0 }),
        );
        if (Math.random() < 0.2) {
          for (let note = 0; note < 1 + Math.floor(Math.random() * 3); note++)
            notes.push({
              id: newIdOf('note'),
              organization_id: organization.id,
              document_id: id,
              author_id: user.id,
              content: sentence(),
              created_at: createdAt,
              updated_at: null,
            });
        }
        if (Math.random() < taggedShare) {
          tagLinks.push({ id: `dt_${id.slice(4)}`, document_id: id, tag_id: tag.id, created_at: createdAt });
        }
      }
      await insertDocuments(rows, tagLinks, [
        { table: 'document_property_values', columns: PROPERTY_VALUE_COLUMNS, rows: values },
        { table: 'document_notes', columns: NOTE_COLUMNS, rows: notes },
      ]);
      taggedDocuments += tagLinks.length;
      notesCount += notes.length;
      documentIds.push(...rows.map((row) => row.id));
      if (performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        process.stderr.write(`  inserted ${documentIds.length}/${documentsCount}\n`);
      }
    }
    await finishInserts();
    const insertedAt = performance.now();
    await analyzeDatabase();
    clearInterval(sampler);
    results.insertedContentMb = mb(contentCharacters);
    results.directInsertDocumentsPerSecond = round(
      documentIds.length / ((insertedAt - seedStartedAt) / 1000),
    );
    results.seedSeconds = round((performance.now() - seedStartedAt) / 1000);
    // The server only watched: its memory after the insertions, not a peak under load.
    results.rssAfterSeedMb = mb(rssOf(child.pid));
  } else {
    // Seeding through the real upload path, with extraction running meanwhile.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (;;) {
          const index = next++;
          if (index >= documentsCount) return;
          const pdf = generateDocument(index);
          uploadedBytes += pdf.length;
          const form = new FormData();
          form.append('file', new Blob([pdf], { type: 'application/pdf' }), documentName(index));
          const response = await fetch(documentsUrl, {
            method: 'POST',
            headers: { origin: base, cookie },
            body: form,
          });
          if (response.status === 201) documentIds.push((await response.json()).document.id);
          else {
            failures++;
            await response.arrayBuffer();
          }
          if (performance.now() - lastReport > 5000) {
            lastReport = performance.now();
            process.stderr.write(`  uploaded ${documentIds.length}/${documentsCount}\n`);
          }
        }
      }),
    );
    const uploadsDoneAt = performance.now();
    while ((await countPendingExtractions()) > 0) await sleep(100);
    const extractedAt = performance.now();
    clearInterval(sampler);
    results.uploadFailures = failures;
    results.uploadedMb = mb(uploadedBytes);
    results.uploadOnlyDocumentsPerSecond = round(
      documentIds.length / ((uploadsDoneAt - seedStartedAt) / 1000),
    );
    results.uploadThroughputDocumentsPerSecond = round(
      documentIds.length / ((extractedAt - seedStartedAt) / 1000),
    );
    results.seedSeconds = round((extractedAt - seedStartedAt) / 1000);
    results.rssUnderLoadPeakMb = mb(peakRss);
    for (const documentId of documentIds) {
      if (Math.random() >= taggedShare) continue;
      const response = await fetch(`${documentsUrl}/${documentId}/tags`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ tagId: tag.id }),
      });
      await response.arrayBuffer();
      if (response.ok) taggedDocuments++;
    }
    await analyzeDatabase();
  }

  results.taggedDocuments = taggedDocuments;
  results.notes = notesCount;

  // Check the extraction really happened on a sample.
  const sampleId = documentIds[Math.floor(documentIds.length / 2)];
  const sample = await (await fetch(`${documentsUrl}/${sampleId}`, { headers: { cookie } })).json();
  results.sampleContentCharacters = sample.document.content.length;

  // Latency: list pages (100 per page) and document pages.
  const timeRequest = async (url) => {
    const startedAt = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - startedAt;
  };
  const pageCount = Math.max(1, Math.ceil(documentIds.length / 100));
  const listTimes = [];
  const documentTimes = [];
  for (let i = 0; i < samples; i++) {
    listTimes.push(
      await timeRequest(`${documentsUrl}?pageIndex=${Math.floor(Math.random() * pageCount)}&pageSize=100`),
    );
    documentTimes.push(
      await timeRequest(`${documentsUrl}/${documentIds[Math.floor(Math.random() * documentIds.length)]}`),
    );
  }
  results.listPageMs = { p50: round(percentile(listTimes, 50), 2), p95: round(percentile(listTimes, 95), 2) };
  results.documentPageMs = {
    p50: round(percentile(documentTimes, 50), 2),
    p95: round(percentile(documentTimes, 95), 2),
  };

  // Issue 29's list: sorted by document date with one tag filter and one property condition (an
  // amount of 1,000 or more: about half the documents), its first page and random pages of what
  // matches; and the whole list sorted by document date, at random pages.
  const figures = (times) => ({ p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) });
  const filteredQuery = `sort=documentDate&order=desc&tags=${tag.id}${
    properties ? `&property=${encodeURIComponent(`${properties.amount.id}:between:1000..`)}` : ''
  }`;
  const firstFiltered = await fetch(`${documentsUrl}?${filteredQuery}&pageSize=100`, { headers: { cookie } });
  if (!firstFiltered.ok) throw new Error(`The filtered list answered ${firstFiltered.status}`);
  const filteredMatches = (await firstFiltered.json()).documentsCount;
  const filteredPages = Math.max(1, Math.ceil(filteredMatches / 100));
  const filteredTimes = [];
  const filteredFirstPageTimes = [];
  const byDateTimes = [];
  for (let i = 0; i < samples; i++) {
    filteredFirstPageTimes.push(
      await timeRequest(`${documentsUrl}?${filteredQuery}&pageIndex=0&pageSize=100`),
    );
    filteredTimes.push(
      await timeRequest(
        `${documentsUrl}?${filteredQuery}&pageIndex=${Math.floor(Math.random() * filteredPages)}&pageSize=100`,
      ),
    );
    byDateTimes.push(
      await timeRequest(
        `${documentsUrl}?sort=documentDate&pageIndex=${Math.floor(Math.random() * pageCount)}&pageSize=100`,
      ),
    );
  }
  results.listSortedFilteredMs = {
    query: filteredQuery,
    matches: filteredMatches,
    ...figures(filteredTimes),
  };
  results.listSortedFilteredFirstPageMs = figures(filteredFirstPageTimes);
  results.listByDocumentDateMs = figures(byDateTimes);

  // The document page as the web app loads it: the document (with its properties) and its notes, at once.
  const pageTimes = [];
  for (let i = 0; i < samples; i++) {
    const documentId = documentIds[Math.floor(Math.random() * documentIds.length)];
    const startedAt = performance.now();
    await Promise.all(
      [`${documentsUrl}/${documentId}`, `${documentsUrl}/${documentId}/notes`].map(async (url) => {
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      }),
    );
    pageTimes.push(performance.now() - startedAt);
  }
  results.documentPageWithNotesMs = figures(pageTimes);

  // Search latency as the command palette asks (page size 5), each query `--search-samples` times.
  const searches = [
    { label: 'commonWord', searchQuery: 'invoice' },
    { label: 'rareWord', searchQuery: 'hundeschule' },
    { label: 'twoCharacterNamePrefix', searchQuery: 'in' },
    { label: 'withoutDiacritics', searchQuery: 'zahnarztin' },
    { label: 'twoWords', searchQuery: 'payment invoice' },
    { label: 'wordAndTag', searchQuery: 'invoice', tags: tag.id },
  ];
  results.searchMs = {};
  for (const { label, searchQuery, tags } of args['skip-search'] ? [] : searches) {
    const url = `${documentsUrl}/search?searchQuery=${encodeURIComponent(searchQuery)}&pageIndex=0&pageSize=5${
      tags ? `&tags=${tags}` : ''
    }`;
    const first = await fetch(url, { headers: { cookie } });
    if (!first.ok) throw new Error(`${url} answered ${first.status}`);
    const { documentsCount: matches, documentsCountIsCapped: matchesCapped } = await first.json();
    const times = [];
    for (let i = 0; i < searchSamples; i++) times.push(await timeRequest(url));
    results.searchMs[label] = {
      searchQuery,
      ...(tags ? { tagged: true } : {}),
      matches,
      matchesCapped: matchesCapped === true,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
    };
  }
  await sleep(1000);
  results.rssIdleAfterMb = mb(rssOf(child.pid));
  await stopServer(child);
} catch (error) {
  // Say whether the server was still up: a failed request then is the bench's own doing. A request
  // cut by the server's death may fail before its exit is known: that is waited for a moment.
  const server = serverState.child;
  if (server && !serverState.exit) await Promise.race([serverState.exited, sleep(2000)]);
  // (A death was reported as it happened, by the exit listener of startServer.)
  if (server && !serverState.exit)
    console.error(
      `The server (pid ${server.pid}) was still running when the bench failed.${serverOutputTail('')}`,
    );
  throw error;
} finally {
  await finishInserts();
  if (serverState.child && !serverState.exit) await stopServer(serverState.child);
  if (args.keep || reuse) {
    console.error(`Kept: DATA_DIR=${dataDir} DATABASE_URL=${databaseUrl}`);
    await keepDatabase();
  } else {
    await dropDatabase().catch((error) => console.error('Could not drop the bench database:', error.message));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

fs.mkdirSync(args.out, { recursive: true });
const outFile = path.join(
  args.out,
  `${results.date.replace(/[:.]/g, '-')}-${args.dialect}-${results.documents}${args.seed === 'direct' ? '-direct' : ''}.json`,
);
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);

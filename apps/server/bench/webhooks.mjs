#!/usr/bin/env node
// Sheaf webhooks benchmark: how soon `document:created` deliveries reach a receiver under an
// upload burst. Starts the built server (apps/server/dist) on a fresh database, a receiver on
// loopback (private targets allowed), one webhook subscribed to document:created, then uploads
// `--documents` one-page PDFs with `--concurrency` clients and measures, through HTTP only:
// - the seconds from the last upload's answer until every document's delivery was received;
// - upload throughput meanwhile, deliveries per second, and duplicates (at least once);
// - how much the webhook slows ingest: the same burst into an organization without webhooks first,
//   each to the moment every document is searchable.
//
//   node bench/webhooks.mjs [--dialect sqlite|postgres] [--database-url postgres://…]
//                           [--documents 1000] [--concurrency 8] [--out bench-results]

import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchServerEnv,
  createBenchDatabase,
  createOrganization,
  createPdf,
  repoRoot,
  reportServerOnFailure,
  round,
  serverState,
  signUp,
  sleep,
  startServer,
  stopServer,
  uploadConcurrently,
  waitUntilSearchable,
} from './support.mjs';

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    documents: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    out: { type: 'string', default: path.join(repoRoot, 'bench-results') },
  },
});
const documentsCount = Number(args.documents);
const concurrency = Number(args.concurrency);
if (!['sqlite', 'postgres'].includes(args.dialect)) throw new Error('--dialect is sqlite or postgres');

const SECRET = 'bench-webhook-secret';

/** The receiver: checks each signature (plain HMAC over the secret), records each document once. */
async function startReceiver() {
  const documents = new Map();
  let requests = 0;
  let badSignatures = 0;
  let onChange = () => {};
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests++;
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${body}`;
      const expected = `v1,${createHmac('sha256', SECRET).update(signed).digest('base64')}`;
      if (request.headers['webhook-signature'] !== expected) badSignatures++;
      const event = JSON.parse(body);
      if (event.type === 'document:created' && !documents.has(event.data.documentId))
        documents.set(event.data.documentId, performance.now());
      response.writeHead(204);
      response.end();
      onChange();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/sheaf`,
    documents,
    get requests() {
      return requests;
    },
    get badSignatures() {
      return badSignatures;
    },
    /** Resolves once `count` documents were received (or rejects after `timeoutMs`). */
    waitFor(count, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`Only ${documents.size} of ${count} deliveries after ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
        onChange = () => {
          if (documents.size >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        onChange();
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Uploads `documentsCount` one-page PDFs carrying a word of the phase with `concurrency` clients. */
async function uploadBurst({ base, cookie, organizationId, phase }) {
  const runWord = `${phase}run${Math.random().toString(36).slice(2, 8)}`;
  const pdfs = Array.from({ length: documentsCount }, (_, index) =>
    createPdf([[`${runWord} webhook bench document ${index}`, 'invoice total amount customer delivery']]),
  );
  const upload = await uploadConcurrently({
    base,
    cookie,
    organizationId,
    pdfs,
    clients: concurrency,
    namePrefix: phase,
  });
  return { runWord, ...upload };
}

/** Waits until a search for the phase's word finds every uploaded document. */
const waitUntilBurstSearchable = ({ base, cookie, organizationId, runWord, failures }) =>
  waitUntilSearchable({ base, cookie, organizationId, word: runWord, count: documentsCount - failures });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-webhooks-'));
const database = await createBenchDatabase({
  dialect: args.dialect,
  dataDir,
  postgresUrl: args['database-url'],
});
const port = 20000 + Math.floor(Math.random() * 20000);
const env = benchServerEnv({
  dataDir,
  databaseUrl: database.url,
  port,
  extra: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
});

const results = {
  date: new Date().toISOString(),
  benchmark: 'webhooks',
  dialect: args.dialect,
  node: process.version,
  cpus: os.cpus().length,
  documents: documentsCount,
  concurrency,
};

const receiver = await startReceiver();
try {
  const { base, child } = await startServer({ env, port });
  const cookie = await signUp(base);
  const organization = await createOrganization(base, cookie, 'Webhooks');
  const created = await fetch(`${base}/api/organizations/${organization.id}/webhooks`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'Bench', url: receiver.url, secret: SECRET, events: ['document:created'] }),
  });
  if (created.status !== 201) throw new Error(`Creating the webhook answered ${created.status}`);

  // Phase 1, the baseline: the same burst into an organization without webhooks, to the moment
  // every document is searchable. Phase 2: the burst with the webhook, to searchable and delivered.
  const baselineOrganization = await createOrganization(base, cookie, 'Baseline');
  const baseline = await uploadBurst({
    base,
    cookie,
    organizationId: baselineOrganization.id,
    phase: 'baseline',
  });
  await waitUntilBurstSearchable({ base, cookie, organizationId: baselineOrganization.id, ...baseline });
  const baselineSeconds = (performance.now() - baseline.startedAt) / 1000;

  const burst = await uploadBurst({ base, cookie, organizationId: organization.id, phase: 'webhook' });
  const receivedAtUpload = receiver.documents.size;
  await waitUntilBurstSearchable({ base, cookie, organizationId: organization.id, ...burst });
  const withWebhookSeconds = (performance.now() - burst.startedAt) / 1000;
  await receiver.waitFor(documentsCount - burst.failures, 10 * 60 * 1000);
  const receivedAt = Math.max(...receiver.documents.values());
  // Late duplicates (a retried attempt whose first try did arrive) would show here.
  await sleep(1000);

  results.failures = burst.failures + baseline.failures;
  results.uploadSeconds = round((burst.uploadedAt - burst.startedAt) / 1000, 2);
  results.uploadsPerSecond = round(documentsCount / ((burst.uploadedAt - burst.startedAt) / 1000));
  results.receivedDuringUploads = receivedAtUpload;
  results.allReceivedSecondsAfterLastUpload = round(Math.max(0, receivedAt - burst.uploadedAt) / 1000, 2);
  results.deliveriesPerSecond = round(documentsCount / ((receivedAt - burst.startedAt) / 1000));
  results.ingestDocumentsPerSecondWithoutWebhook = round(documentsCount / baselineSeconds);
  results.ingestDocumentsPerSecondWithWebhook = round(documentsCount / withWebhookSeconds);
  results.ingestSlowdownPercent = round((withWebhookSeconds / baselineSeconds - 1) * 100);
  results.requests = receiver.requests;
  results.duplicates = receiver.requests - receiver.documents.size;
  results.badSignatures = receiver.badSignatures;
  process.stderr.write(
    `  ${documentsCount} uploads in ${results.uploadSeconds} s; all deliveries received ${results.allReceivedSecondsAfterLastUpload} s after the last one; ingest ${results.ingestDocumentsPerSecondWithWebhook} documents/s with the webhook, ${results.ingestDocumentsPerSecondWithoutWebhook} without (${results.ingestSlowdownPercent} %)\n`,
  );
  await stopServer(child);
} catch (error) {
  await reportServerOnFailure();
  throw error;
} finally {
  if (serverState.child && !serverState.exit) await stopServer(serverState.child);
  await receiver.close();
  await database.drop().catch((error) => console.error('Could not drop the bench database:', error.message));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.mkdirSync(args.out, { recursive: true });
const outFile = path.join(args.out, `${results.date.replace(/[:.]/g, '-')}-webhooks-${args.dialect}.json`);
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);

/**
 * `npm run fuzz` (issue 27): fuzzes every endpoint of the catalogue over HTTP against a real server
 * process on loopback, on a temporary SQLite database (and on PostgreSQL too when
 * TEST_POSTGRES_URL is set). See README.md, "Tests".
 *
 *   FUZZ_SEED (27)  FUZZ_VALID_CASES (25)  FUZZ_INVALID_CASES (25)  FUZZ_TIME_BUDGET_SECONDS (270)
 *   FUZZ_ONLY=<substring of "METHOD /path">  FUZZ_DIALECTS=sqlite,postgres  --report <file.json>
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import { isFileAnswer } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { API_KEY_TOKEN_PREFIX, API_KEY_TOKEN_RANDOM_LENGTH } from '@sheaf/contracts/permissions';
import { findContractViolation } from '../app/answer-check';
import type { Dialect } from '../db/database';
import { childServerEnv, createChildDatabase, freePort } from '../test/child-server';
import { startTestSmtpServer } from '../test/test-smtp-server';
import {
  type CaseContext,
  type FuzzCase,
  generateCases,
  IdPool,
  intakeSigner,
  realParams,
  seedFor,
  targetParamOf,
} from './cases';
import { type Caller, createCaller, createFixture, createFullApiKey, type Fixture, signIn } from './fixture';
import { type BuiltRequest, buildRequest, type CaseInput } from './requests';
import { type ServerProcess, startServerProcess } from './server-process';
import { createChangeDetector, openPostgresState, openSqliteState, type StateReader } from './state';

const SEED = Number(process.env.FUZZ_SEED ?? 27);
const VALID_CASES = Number(process.env.FUZZ_VALID_CASES ?? 25);
const INVALID_CASES = Number(process.env.FUZZ_INVALID_CASES ?? 25);
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_BUDGET_SECONDS ?? 270) * 1000;
const ONLY = process.env.FUZZ_ONLY;
const REQUEST_TIMEOUT_MS = 20_000;
const INTAKE_SECRET = 'fuzz-intake-webhook-secret-0123456789';
const DETAILED_FAILURES_PER_ENDPOINT = 4;
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, index) => 400 + index);

const reportFile = (() => {
  const index = process.argv.indexOf('--report');
  return index >= 0 ? process.argv[index + 1] : undefined;
})();

/** How a case is sent: whose credentials, or which wrong ones. */
type Mode =
  | 'session'
  | 'apiKey'
  | 'anonymous'
  | 'member'
  | 'wrongBearer'
  | 'emptyBearer'
  | 'signed'
  | 'unsigned'
  | 'badSignature';

/** What the answer must be beyond the contract: a refusal with one of these statuses. */
type Expectation = { refuse?: readonly number[]; why?: string };

type Failure = { endpoint: string; message: string };

type DialectResult = {
  dialect: Dialect;
  endpoints: number;
  passed: number;
  failed: number;
  requests: number;
  failedRequests: number;
  failures: Failure[];
  notes: string[];
  durationMs: number;
};

const keyOf = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;
const truncate = (text: string, length = 400) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The order endpoints are fuzzed in: the fixture's destroyers last. */
function phaseOf(endpoint: EndpointDefinition): number {
  if (endpoint.servedBy === 'auth-library') return 0;
  if (endpoint.method === 'DELETE' && !targetParamOf(endpoint)) return 3;
  if (/\/(leave|transfer[^/]*)$/.test(endpoint.path)) return 3;
  if (endpoint.method === 'DELETE') return 2;
  return 1;
}

async function startWebhookReceiver() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('No port');
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function waitForJobs(reader: StateReader, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await reader.busyJobs()) === 0) return true;
    await sleep(200);
  }
  return false;
}

async function fuzzDialect(dialect: Dialect, deadline: number): Promise<DialectResult> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-fuzz-'));
  const database = await createChildDatabase(dialect, dataDir, 'sheaf_fuzz');
  const smtp = await startTestSmtpServer();
  const receiver = await startWebhookReceiver();
  const port = await freePort();
  const common = {
    AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'true',
    EMAILS_DRIVER: 'smtp',
    SMTP_URL: smtp.url,
    // Thousands of requests from one address and one user: the limits would answer 429 instead.
    AUTH_RATE_LIMIT_MAX_REQUESTS: '1000000',
    UPLOADS_RATE_LIMIT_PER_MINUTE: '0',
    SEARCHES_RATE_LIMIT_PER_MINUTE: '0',
    INTAKE_EMAILS_IS_ENABLED: 'true',
    INTAKE_EMAILS_DOMAIN: 'intake.fuzz.example',
    INTAKE_EMAILS_WEBHOOK_SECRET: INTAKE_SECRET,
    WEBHOOKS_TIMEOUT_MS: '2000',
    JOBS_POLL_INTERVAL_MS: '200',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  };
  const { base, env } = childServerEnv({ dataDir, databaseUrl: database.url, port, extra: common });
  const openReader = () =>
    dialect === 'sqlite'
      ? Promise.resolve(openSqliteState(path.join(dataDir, 'db.sqlite')))
      : openPostgresState(database.url);
  const notes: string[] = [];
  let reader: StateReader | undefined;
  let server: ServerProcess | undefined;
  try {
    // 1. The fixture, on a server whose jobs run: e-mails are sent, documents extracted, webhooks delivered.
    server = await startServerProcess(
      { ...env, PROCESS_MODE: 'all', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
      base,
    );
    const fixture = await createFixture({ base, smtp, webhookTarget: receiver.url });
    reader = await openReader();
    if (!(await waitForJobs(reader, 60_000)))
      notes.push('the fixture’s background jobs did not settle in 60 s');
    await server.stop();
    notes.push(...fixture.notes.map((note) => `fixture: ${note}`));

    // 2. The fuzz, on a web-only process: nothing changes the data but the requests themselves.
    server = await startServerProcess({ ...env, PROCESS_MODE: 'web' }, base);
    const result = await fuzzEndpoints({ base, fixture, reader, server, deadline, notes });
    return { dialect, ...result, notes, durationMs: Date.now() - started };
  } finally {
    await server?.stop().catch(() => {});
    await reader?.close().catch(() => {});
    await smtp.close();
    await receiver.close();
    await database.drop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function fuzzEndpoints({
  base,
  fixture,
  reader,
  server,
  deadline,
  notes,
}: {
  base: string;
  fixture: Fixture;
  reader: StateReader;
  server: ServerProcess;
  deadline: number;
  notes: string[];
}) {
  const call = createCaller(base);
  const detector = createChangeDetector(reader);
  const pool = new IdPool();
  for (const id of await reader.ids()) pool.add(id);
  const signer = intakeSigner(INTAKE_SECRET);
  const context: CaseContext = {
    base,
    pool,
    organizationId: fixture.organizationId,
    protectedIds: fixture.protectedIds,
    ...(fixture.intakeAddress ? { intakeAddress: fixture.intakeAddress } : {}),
  };

  const endpoints = allEndpoints
    .filter((endpoint) => !ONLY || keyOf(endpoint).includes(ONLY))
    .map((endpoint, index) => ({ endpoint, index }))
    .sort((a, b) => phaseOf(a.endpoint) - phaseOf(b.endpoint) || a.index - b.index)
    .map(({ endpoint }) => endpoint);

  const failures: Failure[] = [];
  let passed = 0;
  let failed = 0;
  let requests = 0;
  let failedRequests = 0;

  const credentials = (mode: Mode, endpoint: EndpointDefinition): Record<string, string> => {
    const origin: Record<string, string> = endpoint.auth === 'signature' ? {} : { origin: base };
    switch (mode) {
      case 'session':
        return { ...origin, cookie: fixture.owner.cookie };
      case 'member':
        return { ...origin, cookie: fixture.member?.cookie ?? '' };
      case 'apiKey':
        return { authorization: `Bearer ${fixture.apiKey?.token ?? ''}` };
      case 'anonymous':
      case 'signed':
      case 'unsigned':
        return origin;
      case 'wrongBearer':
        return {
          authorization: `Bearer ${API_KEY_TOKEN_PREFIX}${'x7'.repeat(API_KEY_TOKEN_RANDOM_LENGTH / 2)}`,
        };
      case 'emptyBearer':
        return { authorization: 'Bearer ' };
      case 'badSignature':
        return { 'x-signature': 'c2lnbmVkIGJ5IG5vYm9keQ==', 'stripe-signature': 't=1,v1=00' };
    }
  };

  /** The statuses the current endpoint answered, with how many times: `[200×25 400×25 401×3]`. */
  const statuses = new Map<number, number>();
  const histogram = () =>
    `[${[...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ')}]`;

  /**
   * An answer's bytes. An event stream stays open as long as the client wants: its first chunk (the
   * stream's opening event) is read, then the stream is closed, as a browser leaving would.
   */
  const readAnswer = async (response: Response): Promise<Buffer> => {
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
    if (!streaming || !response.body) return Buffer.from(await response.arrayBuffer());
    const reader = response.body.getReader();
    const first = await reader.read();
    await reader.cancel();
    return Buffer.from(first.value ?? new Uint8Array());
  };

  /** Sends one case and checks it; answers the failure's text, or nothing when it passed. */
  const runCase = async (
    endpoint: EndpointDefinition,
    input: CaseInput,
    mode: Mode,
    label: string,
    expectation: Expectation = {},
  ): Promise<string | undefined> => {
    const request = buildRequest(base, endpoint, input);
    Object.assign(request.headers, credentials(mode, endpoint));
    if (mode === 'signed' && request.body !== undefined) {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
      Object.assign(request.headers, signer(endpoint, bytes) ?? {});
    }
    await detector.before();
    const mark = server.mark();
    requests++;
    let response: Response;
    const sentAt = Date.now();
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
    } catch (error) {
      return describe(endpoint, request, mode, label, undefined, [
        `no answer: ${(error as Error).message}${server.child.exitCode !== null ? ` (the server exited with ${server.child.exitCode})` : ''}`,
      ]);
    }
    let bytes: Buffer;
    try {
      bytes = await readAnswer(response);
    } catch (error) {
      return describe(endpoint, request, mode, label, undefined, [
        `no complete answer: ${(error as Error).message}`,
      ]);
    }
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const took = Date.now() - sentAt;
    const status = response.status;
    const replay = new Response([101, 204, 205, 304].includes(status) ? null : bytes, {
      status,
      headers: response.headers,
    });
    // FUZZ_DEBUG=1: every request and its answer, to see how deep the cases reach.
    if (process.env.FUZZ_DEBUG)
      console.log(
        `      [${label}, ${mode}] ${request.method} ${request.url.slice(base.length, base.length + 100)} ${truncate(request.bodyText ?? '', 160)} → ${status} ${truncate(bytes.toString('utf8'), 200)} (${took} ms)`,
      );
    const problems: string[] = [];
    const declared = (endpoint.errors as Record<number, unknown> | undefined)?.[status] !== undefined;
    if (status >= 500 && (status === 500 || !declared)) problems.push(`a ${status} answer`);
    const violation = await findContractViolation(endpoint, replay);
    if (violation) problems.push(`contract: ${violation}`);
    if (expectation.refuse && !expectation.refuse.includes(status))
      problems.push(
        `expected ${expectation.refuse === CLIENT_ERRORS ? 'a 4xx' : expectation.refuse.join(' or ')}${expectation.why ? ` (${expectation.why})` : ''}, got ${status}`,
      );
    // A refusal changes nothing, and neither does a read.
    if ((status >= 400 && status < 500) || endpoint.method === 'GET') {
      const changed = await detector.changed();
      if (changed.length > 0)
        problems.push(
          `${endpoint.method === 'GET' ? 'a GET' : `a ${status} answer`}, yet the data changed: ${changed.join(', ')}`,
        );
    }
    if (status < 300 && !isFileAnswer((endpoint.answers as Record<number, never>)[status])) {
      try {
        pool.harvest(JSON.parse(bytes.toString('utf8')));
      } catch {}
    }
    if (took > REQUEST_TIMEOUT_MS / 2) problems.push(`slow: answered in ${took} ms`);
    if (problems.length === 0) return undefined;
    // The server's log line about a failure may come just after its answer.
    if (status >= 500) await sleep(100);
    const serverLog = server.linesSince(mark);
    return describe(
      endpoint,
      request,
      mode,
      label,
      { status, body: bytes, type: response.headers.get('content-type') },
      problems,
      serverLog,
    );
  };

  for (const [position, endpoint] of endpoints.entries()) {
    const key = keyOf(endpoint);
    if (Date.now() > deadline) {
      for (const rest of endpoints.slice(position)) {
        failed++;
        failures.push({ endpoint: keyOf(rest), message: 'not fuzzed: the time budget ran out' });
      }
      console.log(`  ✗ time budget reached: ${endpoints.length - position} endpoints not fuzzed`);
      break;
    }
    const endpointStarted = Date.now();
    const before = requests;
    const endpointFailures: string[] = [];
    statuses.clear();
    const record = (failure: string | undefined) => {
      if (!failure) return;
      failedRequests++;
      endpointFailures.push(failure);
    };
    const seed = seedFor(SEED, endpoint);
    const accepts = (mode: Mode) =>
      mode === 'session'
        ? endpoint.auth === 'session' || typeof endpoint.auth === 'object'
        : mode === 'apiKey'
          ? typeof endpoint.auth === 'object' && fixture.apiKey !== undefined
          : mode === 'anonymous'
            ? endpoint.auth === 'none'
            : mode === 'signed'
              ? endpoint.auth === 'signature'
              : false;
    const modes = (['session', 'apiKey', 'anonymous', 'signed'] as const).filter(accepts);

    // A request with the fixture's own ids and a valid body, for the credential checks.
    const [sample] = generateCases(endpoint, context, { seed, validCount: 1, invalidCount: 0 });
    // The catalogue's example body when the schema accepts it (what a real client sends), with
    // the optional fields left out: nothing but the credentials is wrong with it.
    const example = endpoint.example?.body;
    const exampleFits = example !== undefined && endpoint.body?.safeParse(example).success;
    const probeBody = exampleFits
      ? { kind: 'json' as const, value: minimalBody(endpoint, example) }
      : sample?.input.body?.kind === 'json'
        ? { kind: 'json' as const, value: minimalBody(endpoint, sample.input.body.value) }
        : sample?.input.body;
    const probe: CaseInput = {
      ...sample?.input,
      ...(probeBody ? { body: probeBody } : {}),
      params: realParams(endpoint, context),
    };

    if (endpoint.servedBy !== 'auth-library') {
      const cases = generateCases(endpoint, context, {
        seed,
        validCount: VALID_CASES,
        invalidCount: INVALID_CASES,
      });
      for (const kase of cases) {
        for (const mode of modes) {
          const expectation = expectationOf(endpoint, kase, context);
          record(await runCase(endpoint, kase.input, mode, `${kase.kind} case`, expectation));
        }
      }
    }

    // Authentication is never ignored, and roles are enforced.
    if (endpoint.auth === 'session' || typeof endpoint.auth === 'object') {
      for (const mode of ['anonymous', 'wrongBearer', 'emptyBearer'] as const)
        record(
          await runCase(endpoint, probe, mode, 'credentials check', {
            refuse: [401],
            why: `${mode}: no valid credentials`,
          }),
        );
      if (endpoint.auth === 'session' && fixture.apiKey && endpoint.servedBy !== 'auth-library')
        record(
          await runCase(endpoint, probe, 'apiKey', 'credentials check', {
            refuse: [401, 403],
            why: 'sessions only: an API key is refused',
          }),
        );
      if (
        endpoint.roles &&
        !endpoint.roles.includes('member') &&
        fixture.member &&
        endpoint.servedBy !== 'auth-library'
      )
        record(
          await runCase(endpoint, probe, 'member', 'roles check', {
            refuse: [403],
            why: `roles ${endpoint.roles.join(', ')}: a member is refused`,
          }),
        );
    }
    if (endpoint.auth === 'signature')
      for (const mode of ['unsigned', 'badSignature'] as const)
        record(
          await runCase(endpoint, probe, mode, 'signature check', {
            refuse: CLIENT_ERRORS,
            why: `${mode}: not signed with the secret, refused (any 4xx the contract declares)`,
          }),
        );

    const count = requests - before;
    const seconds = ((Date.now() - endpointStarted) / 1000).toFixed(1);
    if (endpointFailures.length === 0) {
      passed++;
      console.log(`  ✓ ${key}  ${count} requests ${histogram()}, ${seconds} s`);
    } else {
      failed++;
      console.log(
        `  ✗ ${key}  ${count} requests ${histogram()}, ${endpointFailures.length} failed, ${seconds} s`,
      );
      for (const failure of endpointFailures.slice(0, DETAILED_FAILURES_PER_ENDPOINT)) console.log(failure);
      if (endpointFailures.length > DETAILED_FAILURES_PER_ENDPOINT)
        console.log(
          `      … and ${endpointFailures.length - DETAILED_FAILURES_PER_ENDPOINT} more failing requests`,
        );
      for (const failure of endpointFailures) failures.push({ endpoint: key, message: failure });
    }

    for (const id of await reader.ids()) pool.add(id);
    const repaired = await repairFixture(call, fixture);
    if (repaired.length > 0) notes.push(`after ${key}: ${repaired.join('; ')}`);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      failures.push({
        endpoint: key,
        message: `the server process exited (${server.child.exitCode ?? server.child.signalCode})`,
      });
      failed += endpoints.length - position - 1;
      break;
    }
  }
  return { endpoints: endpoints.length, passed, failed, requests, failedRequests, failures };
}

/** A pino line made short: its message, and for an error its type, message and first frame of ours. */
function summarizeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      msg?: string;
      err?: { type?: string; message?: string; stack?: string };
    };
    const frame = entry.err?.stack
      ?.split('\n')
      .find((text) => text.includes('/src/') && !text.includes('node_modules'))
      ?.trim();
    const error = entry.err ? ` ${entry.err.type}: ${entry.err.message}${frame ? ` (${frame})` : ''}` : '';
    return truncate(`${entry.msg ?? ''}${error}`, 500);
  } catch {
    return truncate(line, 500);
  }
}

/** A JSON body without the keys its schema can do without. */
function minimalBody(endpoint: EndpointDefinition, value: unknown): unknown {
  if (!endpoint.body || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  let body = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(body)) {
    const { [key]: _left, ...without } = body;
    if (endpoint.body.safeParse(without).success) body = without;
  }
  return body;
}

/**
 * What the contract says a case must get: invalid input on the fixture's organization is refused
 * with 400 (415 for a body of another media type) and changes nothing; a broken multipart body
 * gets a 4xx; anything else, an answer the contract declares.
 */
function expectationOf(endpoint: EndpointDefinition, kase: FuzzCase, context: CaseContext): Expectation {
  const onFixture =
    !('organizationId' in kase.input.params) || kase.input.params.organizationId === context.organizationId;
  if (kase.refusedWith && onFixture) return { refuse: [kase.refusedWith], why: kase.why ?? 'invalid input' };
  if (endpoint.rawBody && kase.kind === 'invalid' && onFixture)
    return {
      refuse: CLIENT_ERRORS,
      why: 'a broken multipart body is refused (any 4xx the contract declares)',
    };
  return {};
}

function describe(
  endpoint: EndpointDefinition,
  request: BuiltRequest,
  mode: Mode,
  label: string,
  answer: { status: number; body: Buffer; type: string | null } | undefined,
  problems: string[],
  serverLog: string[] = [],
): string {
  const lines = [
    `    ${keyOf(endpoint)} — ${label}, as ${mode}`,
    `      request: ${request.method} ${request.url}`,
  ];
  if (request.bodyText !== undefined) lines.push(`      body:    ${truncate(request.bodyText)}`);
  const shownHeaders = Object.entries(request.headers)
    .filter(([name]) => ['content-type', 'authorization', 'x-signature'].includes(name))
    .map(([name, value]) => `${name}: ${name === 'authorization' ? value.slice(0, 20) : value}`);
  if (shownHeaders.length > 0) lines.push(`      headers: ${shownHeaders.join('; ')}`);
  if (answer) {
    const text =
      /json|text/.test(answer.type ?? '') || answer.body.length === 0
        ? answer.body.toString('utf8')
        : `<${answer.body.length} bytes of ${answer.type}>`;
    lines.push(`      answer:  ${answer.status} ${truncate(text)}`);
  }
  for (const problem of problems) lines.push(`      ✗ ${problem}`);
  for (const line of [...new Set(serverLog.map(summarizeLogLine))].slice(-2))
    lines.push(`      server: ${line}`);
  return lines.join('\n');
}

/**
 * After each endpoint: the owner still signed in, the organization still there, the API key still
 * working — or made again, and said.
 */
async function repairFixture(call: Caller, fixture: Fixture): Promise<string[]> {
  const repaired: string[] = [];
  const me = await call('/api/users/me', { cookie: fixture.owner.cookie });
  if (me.status === 401) {
    try {
      fixture.owner = await signIn(call, fixture.owner.email);
      repaired.push('signed the owner in again');
    } catch (error) {
      repaired.push(`could not sign the owner in again: ${(error as Error).message}`);
      return repaired;
    }
  }
  if (fixture.member) {
    // A fuzzed PATCH may have made the member an admin: the roles check needs a plain member.
    const members = await call(`/api/organizations/${fixture.organizationId}/members`, {
      cookie: fixture.owner.cookie,
    });
    const list = (members.json?.members ?? []) as Array<{
      id: string;
      role: string;
      userId?: string;
      user?: { id: string };
    }>;
    const entry = list.find((item) => (item.userId ?? item.user?.id) === fixture.member?.userId);
    if (members.status === 200 && !entry) {
      repaired.push('the member left the organization: no roles check from here on');
      delete fixture.member;
    } else if (entry && entry.role !== 'member') {
      const demoted = await call(`/api/organizations/${fixture.organizationId}/members/${entry.id}`, {
        method: 'PATCH',
        cookie: fixture.owner.cookie,
        body: { role: 'member' },
      });
      repaired.push(`the member had become ${entry.role}; back to member: ${demoted.status}`);
    }
  }
  const organization = await call(`/api/organizations/${fixture.organizationId}`, {
    cookie: fixture.owner.cookie,
  });
  if (organization.status !== 200) {
    const restored = await call(`/api/organizations/${fixture.organizationId}/restore`, {
      method: 'POST',
      cookie: fixture.owner.cookie,
    });
    repaired.push(
      `the organization answered ${organization.status}; restoring it answered ${restored.status}`,
    );
  }
  if (fixture.apiKey) {
    const probe = await call(`/api/organizations/${fixture.organizationId}/tags`, {
      token: fixture.apiKey.token,
    });
    if (probe.status === 401) {
      try {
        fixture.apiKey = await createFullApiKey(call, fixture.owner.cookie);
        fixture.protectedIds.add(fixture.apiKey.id);
        repaired.push('made the API key again');
      } catch (error) {
        repaired.push(`could not make the API key again: ${(error as Error).message}`);
      }
    }
  }
  return repaired;
}

async function main() {
  const started = Date.now();
  const deadline = started + TIME_BUDGET_MS;
  const dialects: Dialect[] =
    (process.env.FUZZ_DIALECTS?.split(',') as Dialect[] | undefined) ??
    (process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']);
  const served = allEndpoints.filter((endpoint) => endpoint.servedBy !== 'auth-library').length;
  console.log(
    `fuzz: ${allEndpoints.length} endpoints in the catalogue (${served} served by Sheaf), seed ${SEED}, ${VALID_CASES} valid + ${INVALID_CASES} invalid cases each, on ${dialects.join(' and ')}`,
  );
  const results: DialectResult[] = [];
  for (const [index, dialect] of dialects.entries()) {
    console.log(`\n— ${dialect} —`);
    // Each dialect gets its share of what is left of the budget.
    const share = (deadline - Date.now()) / (dialects.length - index);
    try {
      results.push(await fuzzDialect(dialect, Date.now() + share));
    } catch (error) {
      console.log(`  ✗ the fuzz could not run on ${dialect}: ${(error as Error).stack ?? error}`);
      results.push({
        dialect,
        endpoints: 0,
        passed: 0,
        failed: 1,
        requests: 0,
        failedRequests: 0,
        failures: [{ endpoint: '(setup)', message: String((error as Error).message) }],
        notes: [],
        durationMs: 0,
      });
    }
    const result = results.at(-1)!;
    for (const note of result.notes) console.log(`  note: ${note}`);
    console.log(
      `  ${dialect}: ${result.passed} endpoints passed, ${result.failed} failed; ${result.requests} requests, ${result.failedRequests} failing; ${(result.durationMs / 1000).toFixed(0)} s`,
    );
  }
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const failedRequests = results.reduce((sum, result) => sum + result.failedRequests, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (reportFile)
    fs.writeFileSync(
      reportFile,
      JSON.stringify(
        {
          seed: SEED,
          validCases: VALID_CASES,
          invalidCases: INVALID_CASES,
          passed,
          failed,
          requests,
          failedRequests,
          seconds: Number(seconds),
          results,
        },
        null,
        2,
      ),
    );
  console.log(
    `\nfuzz: ${passed} passed, ${failed} failed (operations: one per catalogue endpoint and database; ${requests} requests, ${failedRequests} failing; seed ${SEED}; ${seconds} s)`,
  );
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

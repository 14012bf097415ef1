import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../modules/organizations/organizations.test-helpers';
import type { AppEnv } from '../shared/app.types';
import { useApiTestServer } from '../test/api-test-fixture';
import { readError, readJson } from '../test/http';
import { createTestServer, silentLogger } from '../test/test-app';
import { TEST_ORIGIN } from '../test/test-auth';
import { testDialects, useTestDatabase } from '../test/test-database';
import { insertDocument } from '../test/test-documents';
import { insertOrganization } from '../test/test-organizations';
import { handleError } from './error-handler';
import { createRequestGuards } from './request-guards';

const FOREIGN_ORIGIN = 'https://evil.example';
const PARTNER_ORIGIN = 'https://partner.example';
const ORGANIZATION_ID = 'org_guardsguardsguardsguardsg';
const MB = 1_000_000;

type Target = { label: string; method: string; path: () => string; body?: Record<string, unknown> };

/** A JSON body of about `size` bytes, produced only as the reader pulls it; `pulled()` says how much was. */
function lazyJsonBody(size: number) {
  const encoder = new TextEncoder();
  const filler = encoder.encode('a'.repeat(64 * 1024));
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === 0) controller.enqueue(encoder.encode('{"name":"'));
      if (pulled >= size) {
        controller.enqueue(encoder.encode('"}'));
        controller.close();
        return;
      }
      controller.enqueue(filler);
      pulled += filler.byteLength;
    },
  });
  return { body, pulled: () => pulled };
}

function rssAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

describe.each(testDialects)('the request guards on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: { TRUSTED_ORIGINS: `${PARTNER_ORIGIN}/` },
  });
  let owner: TestUser;
  let token: string;
  let documentId: string;

  beforeAll(async () => {
    owner = await createUser('guards@example.com');
    await insertOrganization(testDatabase.db, {
      id: ORGANIZATION_ID,
      members: [{ userId: owner.userId, role: 'owner' }],
    });
    // Inserted, not uploaded: only its trash state matters here.
    documentId = 'doc_guardsguardsguardsguardsg';
    await insertDocument(testDatabase.db, {
      id: documentId,
      organizationId: ORGANIZATION_ID,
      name: 'a.txt',
      size: 5,
      sha256: 'a'.repeat(64),
      content: 'hello',
      createdBy: owner.userId,
    });
    const created = await send('POST', '/api/api-keys', {
      body: {
        name: 'CI',
        permissions: [...API_KEY_PERMISSIONS],
        organizationIds: [],
        allOrganizations: true,
        expiresAt: null,
      },
    });
    expect(created.status).toBe(201);
    token = (await readJson<{ token: string }>(created)).token;
  });

  /** A request with the owner's session cookie; headers default to what the web app sends. */
  function send(
    method: string,
    path: string,
    {
      body,
      headers = {},
      cookie = owner.cookie,
    }: { body?: unknown; headers?: Record<string, string | undefined>; cookie?: string } = {},
  ) {
    const all: Record<string, string> = { origin: TEST_ORIGIN, cookie };
    if (body !== undefined) all['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) delete all[name];
      else all[name] = value;
    }
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return server.app.request(path, {
      method,
      headers: all,
      ...(text !== undefined ? { body: text } : {}),
    });
  }

  const targets: Target[] = [
    {
      label: 'organization creation',
      method: 'POST',
      path: () => '/api/organizations',
      body: { name: 'Forged' },
    },
    {
      label: 'invitation creation',
      method: 'POST',
      path: () => `/api/organizations/${ORGANIZATION_ID}/members/invitations`,
      body: { email: 'intruder@example.com', role: 'admin' },
    },
    {
      label: 'API-key creation',
      method: 'POST',
      path: () => '/api/api-keys',
      body: {
        name: 'Stolen',
        permissions: ['documents:read'],
        organizationIds: [],
        allOrganizations: true,
        expiresAt: null,
      },
    },
    {
      label: 'document deletion',
      method: 'DELETE',
      path: () => `/api/organizations/${ORGANIZATION_ID}/documents/${documentId}`,
    },
  ];

  /** What the targets could change: organizations, invitations, keys, and the document's trash state. */
  async function snapshot() {
    const { db } = testDatabase;
    return {
      organizations: await db.selectFrom('organizations').select('id').orderBy('id').execute(),
      invitations: await db.selectFrom('organization_invitations').select('id').orderBy('id').execute(),
      apiKeys: await db.selectFrom('api_keys').select('id').orderBy('id').execute(),
      document: await db
        .selectFrom('documents')
        .select('deleted_at')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow(),
    };
  }

  it('refuses every cross-site variant against state-changing routes and changes nothing', async () => {
    const before = await snapshot();
    for (const target of targets) {
      const text = JSON.stringify(target.body ?? {});
      const variants: Array<{
        variant: string;
        headers: Record<string, string | undefined>;
        expected: number;
      }> = [
        { variant: 'a foreign Origin', headers: { origin: FOREIGN_ORIGIN }, expected: 403 },
        { variant: 'a null Origin', headers: { origin: 'null' }, expected: 403 },
        {
          variant: 'a text/plain simple request from a foreign page',
          headers: { origin: FOREIGN_ORIGIN, 'content-type': 'text/plain' },
          expected: 403,
        },
        {
          variant: 'Sec-Fetch-Site: cross-site without Origin',
          headers: { origin: undefined, 'sec-fetch-site': 'cross-site' },
          expected: 403,
        },
        {
          variant: 'a form post from a foreign page',
          headers: { origin: FOREIGN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          expected: 403,
        },
        {
          variant: 'a text/plain body without Origin',
          headers: { origin: undefined, 'content-type': 'text/plain' },
          expected: 415,
        },
        {
          variant: 'a form body from our own origin',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          expected: 415,
        },
      ];
      for (const { variant, headers, expected } of variants) {
        const label = `${target.label}, ${variant}`;
        const isFormBody = headers['content-type'] === 'application/x-www-form-urlencoded';
        const response = await send(target.method, target.path(), {
          body: isFormBody ? 'name=Forged&email=intruder%40example.com' : text,
          headers: { 'content-type': 'application/json', ...headers },
        });
        expect(response.status, label).toBe(expected);
        const { error } = await readError(response);
        expect(error.code, label).toBe(
          expected === 403 ? 'auth.invalid_origin' : 'api.unsupported_media_type',
        );
        expect(error.message, label).toEqual(expect.any(String));
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the same requests from our origin, and with an API key from anywhere', async () => {
    const [createOrganization, invite, createKey, deleteDocument] = targets as [
      Target,
      Target,
      Target,
      Target,
    ];
    expect((await send('POST', createOrganization.path(), { body: createOrganization.body })).status).toBe(
      201,
    );
    expect((await send('POST', invite.path(), { body: invite.body })).status).toBe(201);
    expect((await send('POST', createKey.path(), { body: createKey.body })).status).toBe(201);

    // A key is not a cookie: no page can make the browser send it, so the origin does not matter.
    const byKey = await send('POST', '/api/organizations', {
      body: { name: 'By key' },
      cookie: '',
      headers: { authorization: `bearer ${token}`, origin: FOREIGN_ORIGIN, cookie: undefined },
    });
    expect(byKey.status).toBe(201);
    const deleted = await send('DELETE', deleteDocument.path(), {
      headers: { authorization: `Bearer ${token}`, origin: FOREIGN_ORIGIN, cookie: undefined },
    });
    expect(deleted.status).toBe(204);
  });

  it('accepts a charset, Sec-Fetch-Site same-origin without Origin, a trusted origin, and non-browser callers', async () => {
    for (const headers of [
      { 'content-type': 'application/json; charset=UTF-8' },
      { origin: undefined, 'sec-fetch-site': 'same-origin' },
      { origin: PARTNER_ORIGIN },
      { origin: undefined },
    ]) {
      const response = await send('PUT', `/api/organizations/${ORGANIZATION_ID}`, {
        body: { name: 'Renamed' },
        headers,
      });
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('needs no content type on a request without a body', async () => {
    const created = await send('POST', '/api/api-keys', {
      body: {
        name: 'Short-lived',
        permissions: ['documents:read'],
        organizationIds: [],
        allOrganizations: true,
        expiresAt: null,
      },
    });
    const { apiKey } = await readJson<{ apiKey: { id: string } }>(created);
    const response = await send('DELETE', `/api/api-keys/${apiKey.id}`, {
      headers: { 'content-length': '0' },
    });
    expect(response.status).toBe(204);
  });

  it('lets the upload route refuse a non-multipart body itself, and refuses a foreign upload', async () => {
    const path = `/api/organizations/${ORGANIZATION_ID}/documents`;
    const json = await send('POST', path, { body: { file: 'nope' } });
    expect(json.status).toBe(400);
    expect((await readError(json)).error.code).toBe('api.validation_error');
    const foreign = await send('POST', path, {
      body: '--x--\r\n',
      headers: { origin: FOREIGN_ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(foreign.status).toBe(403);
  });

  it('guards better-auth routes too: foreign sign-in, text/plain and form sign-up are refused', async () => {
    const credentials = { email: 'guards@example.com', password: 'correct horse battery' };
    const foreign = await send('POST', '/api/auth/sign-in/email', {
      body: credentials,
      cookie: '',
      headers: { origin: FOREIGN_ORIGIN, cookie: undefined },
    });
    expect(foreign.status).toBe(403);
    expect((await readError(foreign)).error.code).toBe('auth.invalid_origin');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await send('POST', '/api/auth/sign-up/email', {
        body: JSON.stringify({ ...credentials, email: 'new@example.com', name: 'New' }),
        cookie: '',
        headers: { 'content-type': contentType, cookie: undefined },
      });
      expect(response.status, contentType).toBe(415);
      expect((await readError(response)).error.code).toBe('api.unsupported_media_type');
    }
    // better-auth trusts the same origins: a sign-in from TRUSTED_ORIGINS passes both checks.
    const trusted = await send('POST', '/api/auth/sign-in/email', {
      body: credentials,
      cookie: '',
      headers: { origin: PARTNER_ORIGIN, cookie: undefined },
    });
    expect(trusted.status).toBe(200);
  });

  it('ignores an Authorization scheme other than Bearer and keeps the session', async () => {
    const headers = { authorization: 'Basic dXNlcjpwYXNz' };
    expect((await send('GET', '/api/users/me', { headers })).status).toBe(200);
    const created = await send('POST', '/api/organizations', {
      body: { name: 'Basic beside cookie' },
      headers,
    });
    expect(created.status).toBe(201);
  });

  it('answers 401 to an invalid Bearer token even beside a valid session cookie', async () => {
    for (const authorization of ['Bearer sheaf_not_a_real_key', 'Bearer']) {
      const response = await send('GET', '/api/users/me', { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect((await readError(response)).error.code).toBe('auth.unauthorized');
    }
  });

  it('refuses 3 MB JSON bodies with 413 without reading them, on API and auth routes', async () => {
    const baseline = rssAfterGc();
    for (const path of ['/api/organizations', '/api/auth/sign-up/email']) {
      // Declared length over the limit: refused before a byte is read.
      const declared = lazyJsonBody(3 * MB);
      const declaredResponse = await server.app.request(path, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          cookie: owner.cookie,
          'content-type': 'application/json',
          'content-length': String(3 * MB + 11),
        },
        body: declared.body,
        duplex: 'half',
      } as RequestInit);
      expect(declaredResponse.status, path).toBe(413);
      expect(await readError(declaredResponse)).toEqual({
        error: { code: 'api.payload_too_large', message: expect.any(String) },
      });
      expect(declared.pulled(), path).toBeLessThan(256 * 1024);

      // Chunked: counted while read, stopped just past the limit.
      const chunked = lazyJsonBody(3 * MB);
      const chunkedResponse = await server.app.request(path, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          cookie: owner.cookie,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
        body: chunked.body,
        duplex: 'half',
      } as RequestInit);
      expect(chunkedResponse.status, path).toBe(413);
      expect((await readError(chunkedResponse)).error.code).toBe('api.payload_too_large');
      expect(chunked.pulled(), path).toBeLessThan(1.5 * MB);
    }
    expect(rssAfterGc() - baseline).toBeLessThan(20 * 1024 * 1024);
  });

  it('reads JSON bodies up to API_JSON_BODY_LIMIT and refuses one byte more', async () => {
    const limited = createTestServer({ database: testDatabase.database, env: { API_JSON_BODY_LIMIT: '40' } });
    const request = (name: string) =>
      limited.app.request('/api/organizations', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    // {"name":"…"} is 11 bytes around the name.
    expect((await request('x'.repeat(29))).status).toBe(201);
    const refused = await request('x'.repeat(30));
    expect(refused.status).toBe(413);
    expect((await readError(refused)).error.code).toBe('api.payload_too_large');
  });
});

describe('the signature-authenticated exemption', () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('logger', silentLogger);
    await next();
  });
  app.use(
    '/api/*',
    createRequestGuards({
      allowedOrigins: [TEST_ORIGIN],
      jsonBodyLimit: 10,
      signatureAuthenticatedPathPrefixes: ['/api/hooks/stripe/'],
    }),
  );
  app.post('/api/hooks/stripe/events', async (c) => c.json({ received: (await c.req.text()).length }));
  app.post('/api/hooks/other', async (c) => c.json({ received: (await c.req.text()).length }));
  app.onError(handleError);

  const payload = 'a signed payload longer than ten bytes';
  const post = (path: string) =>
    app.request(path, {
      method: 'POST',
      headers: { origin: 'https://hooks.stripe.example', 'content-type': 'text/plain' },
      body: payload,
    });

  it('lets a listed prefix read its own body from any origin, and guards the rest', async () => {
    const exempt = await post('/api/hooks/stripe/events');
    expect(exempt.status).toBe(200);
    expect(await exempt.json()).toEqual({ received: payload.length });
    expect((await post('/api/hooks/other')).status).toBe(403);
  });
});

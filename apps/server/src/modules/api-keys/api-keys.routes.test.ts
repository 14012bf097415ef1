import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleError } from '../../app/error-handler';
import type { AppEnv } from '../../shared/app.types';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { silentLogger } from '../../test/test-app';
import { authRequest } from '../../test/test-auth';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertOrganization } from '../../test/test-organizations';
import type { TestUser } from '../organizations/organizations.test-helpers';

type CreatedKey = {
  apiKey: { id: string; prefix: string; permissions: string[]; lastUsedAt: string | null };
  token: string;
};

describe.each(testDialects)('API keys on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date());
  const { server, createUser } = useApiTestServer(testDatabase, { clock });
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    user = await createUser('keys@example.com');
    other = await createUser('other@example.com');
    await insertOrganization(testDatabase.db, {
      id: 'org_mineminemineminemineminem',
      members: [{ userId: user.userId, role: 'owner' }],
    });
    await insertOrganization(testDatabase.db, { id: 'org_notminenotminenotminenot', members: [] });
  });

  const createKey = async (body: Record<string, unknown>, cookie = user.cookie) =>
    authRequest(server.app, '/api/api-keys', {
      cookie,
      body: {
        name: 'CI',
        permissions: [...API_KEY_PERMISSIONS],
        organizationIds: [],
        allOrganizations: false,
        expiresAt: null,
        ...body,
      },
    });

  /** A route guarded like the organization routes later issues add, to exercise the key rules. */
  const probe = () => {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('logger', silentLogger);
      await next();
    });
    app.get(
      '/organizations/:organizationId/documents',
      server.services.requireAuth({ apiKeyPermissions: ['documents:read'] }),
      (c) => c.json({ actor: c.get('actor') }),
    );
    app.onError(handleError);
    return app;
  };
  const callProbe = (token: string, organizationId = 'org_mineminemineminemineminem') =>
    probe().request(`/organizations/${organizationId}/documents`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('creates a key and shows its token once; only a hash of it is stored', async () => {
    const response = await createKey({ name: '  Backup script ' });
    expect(response.status).toBe(201);
    const { apiKey, token } = await readJson<CreatedKey & { apiKey: { name: string } }>(response);
    expect(token).toMatch(/^sheaf_[A-Za-z0-9]{64}$/);
    expect(apiKey.prefix).toBe(token.slice(0, 11));
    expect(apiKey.name).toBe('Backup script');
    expect(apiKey.permissions).toEqual([...API_KEY_PERMISSIONS]);
    expect(apiKey.id).toMatch(/^ak_[a-z0-9]{24}$/);

    const row = await testDatabase.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await readJson<{ apiKeys: Array<Record<string, unknown>> }>(
      await authRequest(server.app, '/api/api-keys', { method: 'GET', cookie: user.cookie }),
    );
    expect(list.apiKeys.map((key) => key.id)).toContain(apiKey.id);
    expect(JSON.stringify(list)).not.toContain(token);
    const otherList = await readJson<{ apiKeys: unknown[] }>(
      await authRequest(server.app, '/api/api-keys', { method: 'GET', cookie: other.cookie }),
    );
    expect(otherList.apiKeys).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await testDatabase.db.selectFrom('api_keys').select('id').execute();
    for (const body of [
      { name: '   ' },
      { permissions: [] },
      { permissions: ['documents:read', 'documents:fly'] },
      { expiresAt: 'tomorrow' },
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { organizationIds: ['org_notminenotminenotminenot'] },
    ]) {
      const response = await createKey(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
    expect(await testDatabase.db.selectFrom('api_keys').select('id').execute()).toEqual(before);
  });

  it('requires a session to manage keys: a key calling /api/api-keys is refused', async () => {
    const { token } = await readJson<CreatedKey>(await createKey({}));
    const response = await server.app.request('/api/api-keys', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).error.code).toBe('auth.forbidden');
    const anonymous = await server.app.request('/api/api-keys');
    expect(anonymous.status).toBe(401);
  });

  it('authenticates a key with the permission, in its organizations, as its owner', async () => {
    const { token } = await readJson<CreatedKey>(
      await createKey({
        permissions: ['documents:read'],
        organizationIds: ['org_mineminemineminemineminem'],
      }),
    );
    const response = await callProbe(token);
    expect(response.status).toBe(200);
    expect((await readJson<{ actor: { kind: string; userId: string } }>(response)).actor).toMatchObject({
      kind: 'api-key',
      userId: user.userId,
    });
  });

  it('refuses a key lacking the permission the route needs', async () => {
    const { token } = await readJson<CreatedKey>(
      await createKey({ permissions: ['tags:read'], allOrganizations: true }),
    );
    const response = await callProbe(token);
    expect(response.status).toBe(403);
    expect((await readError(response)).error.message).toContain('documents:read');
  });

  it('refuses a key outside its organizations, unless it has all organizations', async () => {
    const { token } = await readJson<CreatedKey>(
      await createKey({ organizationIds: ['org_mineminemineminemineminem'] }),
    );
    expect((await callProbe(token, 'org_notminenotminenotminenot')).status).toBe(403);
    const { token: everywhere } = await readJson<CreatedKey>(await createKey({ allOrganizations: true }));
    expect((await callProbe(everywhere, 'org_notminenotminenotminenot')).status).toBe(200);
  });

  it("lets a key made with no organization listed act in all of its owner's organizations", async () => {
    // What the spec's form sends for a key that is not restricted to particular organizations.
    const response = await createKey({ organizationIds: [], allOrganizations: false });
    const { apiKey, token } = await readJson<CreatedKey & { apiKey: { allOrganizations: boolean } }>(
      response,
    );
    expect(apiKey.allOrganizations).toBe(true);
    expect((await callProbe(token)).status).toBe(200);
    const organizations = await server.app.request('/api/organizations', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(organizations.status).toBe(200);
    const { organizations: listed } = await readJson<{ organizations: Array<{ id: string }> }>(organizations);
    expect(listed.map(({ id }) => id)).toEqual(['org_mineminemineminemineminem']);
  });

  it('refuses malformed, unknown and expired keys with 401', async () => {
    for (const header of ['Bearer', 'Basic abc', 'Bearer sheaf_short', `Bearer sheaf_${'a'.repeat(64)}`]) {
      const response = await probe().request('/organizations/org_mineminemineminemineminem/documents', {
        headers: { authorization: header },
      });
      expect(response.status, header).toBe(401);
      expect((await readError(response)).error.code).toBe('auth.unauthorized');
    }
    const { token } = await readJson<CreatedKey>(
      await createKey({
        allOrganizations: true,
        expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      }),
    );
    expect((await callProbe(token)).status).toBe(200);
    clock.advance(3_600_001);
    expect((await callProbe(token)).status).toBe(401);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { apiKey, token } = await readJson<CreatedKey>(await createKey({ allOrganizations: true }));
    const lastUsed = async () =>
      (
        await testDatabase.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', apiKey.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await callProbe(token);
    const first = await lastUsed();
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await callProbe(token);
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await callProbe(token);
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('deletes a key, after which it no longer authenticates; nobody else can delete it', async () => {
    const { apiKey, token } = await readJson<CreatedKey>(await createKey({ allOrganizations: true }));
    const foreign = await authRequest(server.app, `/api/api-keys/${apiKey.id}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    expect((await readError(foreign)).error.code).toBe('api_keys.not_found');
    expect((await callProbe(token)).status).toBe(200);

    const deleted = await authRequest(server.app, `/api/api-keys/${apiKey.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    });
    expect(deleted.status).toBe(204);
    expect((await callProbe(token)).status).toBe(401);
  });
});

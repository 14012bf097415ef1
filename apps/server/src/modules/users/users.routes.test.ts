import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import type { AccountDataDto } from '@sheaf/contracts/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { authRequest, cookiesFrom } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';

type UserAnswer = { user: { name: string; locale: string | null; email: string } };

describe.each(testDialects)('the signed-in user on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let server: ReturnType<typeof createTestServer>;
  let cookie: string;

  beforeAll(async () => {
    server = createTestServer({
      database: testDatabase.database,
      env: { AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' },
    });
    const signUp = await authRequest(server.app, '/api/auth/sign-up/email', {
      body: { email: 'me@example.com', password: 'correct horse battery', name: 'Ada Lovelace' },
    });
    expect(signUp.status).toBe(200);
    cookie = cookiesFrom(signUp);
  });

  const updateMe = (body: unknown) =>
    authRequest(server.app, '/api/users/me', { method: 'PUT', cookie, body });

  it('answers the user (its answer checked against the catalogue by the test app)', async () => {
    const response = await authRequest(server.app, '/api/users/me', { method: 'GET', cookie });
    expect(response.status).toBe(200);
    expect((await readJson<UserAnswer>(response)).user).toMatchObject({
      email: 'me@example.com',
      name: 'Ada Lovelace',
      locale: null,
    });
  });

  it('changes the name, the language, or both', async () => {
    expect((await readJson<UserAnswer>(await updateMe({ name: 'Ada King' }))).user.name).toBe('Ada King');
    expect((await readJson<UserAnswer>(await updateMe({ locale: 'pt-BR' }))).user).toMatchObject({
      name: 'Ada King',
      locale: 'pt-BR',
    });
    expect((await readJson<UserAnswer>(await updateMe({ name: 'Ada', locale: 'it' }))).user).toMatchObject({
      name: 'Ada',
      locale: 'it',
    });
  });

  it('refuses a body with neither a name nor a locale, and reports a bad field under its own name', async () => {
    const empty = await updateMe({});
    expect(empty.status).toBe(400);
    expect((await readError(empty)).error).toMatchObject({
      code: 'api.validation_error',
      details: [expect.objectContaining({ message: 'Give a name or a locale' })],
    });
    const badLocale = await updateMe({ name: 'Ada', locale: 'xx' });
    expect(badLocale.status).toBe(400);
    expect((await readError(badLocale)).error.details).toEqual([expect.objectContaining({ path: 'locale' })]);
    const me = await readJson<UserAnswer>(
      await authRequest(server.app, '/api/users/me', { method: 'GET', cookie }),
    );
    expect(me.user.name).toBe('Ada');
  });

  it('says in the API description that the body needs at least one field', async () => {
    const document = await readJson<{
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    }>(await server.app.request('/api/openapi.json'));
    const schema = document.paths['/api/users/me']?.put?.requestBody.content['application/json']?.schema;
    expect(schema).toMatchObject({
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
      properties: { name: expect.any(Object), locale: expect.any(Object) },
    });
  });

  it('refuses API keys: the account is managed signed in', async () => {
    const created = await authRequest(server.app, '/api/api-keys', {
      cookie,
      body: { name: 'Everything', permissions: [...API_KEY_PERMISSIONS] },
    });
    const { token } = await readJson<{ token: string }>(created);
    const response = await server.app.request('/api/users/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).error.code).toBe('auth.forbidden');
  });

  it("names the server's administrators (SERVER_ADMIN_EMAILS) by the admin role, and nobody else", async () => {
    const admin = createTestServer({
      database: testDatabase.database,
      env: {
        AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
        SERVER_ADMIN_EMAILS: ' Root@Example.com , ops@example.com',
      },
    });
    const signUp = async (email: string) =>
      cookiesFrom(
        await authRequest(admin.app, '/api/auth/sign-up/email', {
          body: { email, password: 'correct horse battery', name: 'Someone' },
        }),
      );
    const rolesOf = async (session: string) =>
      (
        await readJson<{ user: { roles: string[] } }>(
          await authRequest(admin.app, '/api/users/me', { method: 'GET', cookie: session }),
        )
      ).user.roles;
    expect(await rolesOf(await signUp('root@example.com'))).toEqual(['admin']);
    expect(await rolesOf(await signUp('someone-else@example.com'))).toEqual([]);
    expect(await rolesOf(cookie)).toEqual([]);
  });

  it('gives the account data as a JSON file: profile, memberships, sessions and API keys, and no secret', async () => {
    const organization = await authRequest(server.app, '/api/organizations', {
      cookie,
      body: { name: 'Household papers' },
    });
    expect(organization.status).toBe(201);
    const key = await authRequest(server.app, '/api/api-keys', {
      cookie,
      body: { name: 'Scanner', permissions: ['documents:create'] },
    });
    const { token } = await readJson<{ token: string }>(key);

    const response = await authRequest(server.app, '/api/users/me/data', { method: 'GET', cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sheaf-account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const raw = await response.text();
    const data = JSON.parse(raw) as AccountDataDto;
    expect(data).toMatchObject({
      format: 'sheaf-account-data',
      version: 1,
      profile: { email: 'me@example.com' },
      memberships: expect.arrayContaining([
        expect.objectContaining({
          organizationName: 'Household papers',
          role: 'owner',
          organizationDeletedAt: null,
        }),
      ]),
      apiKeys: expect.arrayContaining([
        expect.objectContaining({
          name: 'Scanner',
          permissions: ['documents:create'],
          prefix: token.slice(0, 11),
        }),
      ]),
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
      expiresAt: expect.any(String),
      // The test app's client address.
      ipAddress: '198.51.100.1',
      userAgent: expect.any(String),
    });
    // No secret: not the key, not the session's token, not a password hash.
    const sessionToken = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(sessionToken);
    expect(raw).not.toMatch(/password|hash|secret/i);

    const withKey = await server.app.request('/api/users/me/data', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withKey.status).toBe(403);
    expect((await server.app.request('/api/users/me/data')).status).toBe(401);
  });
});

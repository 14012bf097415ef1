import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
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
});

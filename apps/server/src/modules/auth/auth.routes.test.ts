import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import {
  authRequest,
  cookiesFrom,
  createVerifiedUser,
  deliverEmailsAndGetLinks,
  pathOf,
} from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertOrganization } from '../../test/test-organizations';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';

describe.each(testDialects)('sign-up, sign-in and password reset on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const server = (env: Record<string, string> = {}) =>
    createTestServer({
      database: testDatabase.database,
      env: { EMAILS_DRIVER: 'smtp', SMTP_URL: smtp.url, ...env },
    });

  it('requires the e-mail to be verified, by the link of the real e-mail, before signing in', async () => {
    const { app, jobQueue } = server();
    const email = 'ada@example.com';
    const signUp = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email, password: 'correct horse battery', name: '  Ada Lovelace  ', locale: 'fr' },
    });
    expect(signUp.status).toBe(200);
    expect(cookiesFrom(signUp)).toBe('');

    const early = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email, password: 'correct horse battery' },
    });
    expect(early.status).toBe(403);
    expect((await readError(early)).error.code).toBe('auth.email_not_verified');

    const links = await deliverEmailsAndGetLinks({ jobQueue, smtp, to: email });
    const message = smtp.received.find((received) => received.envelope.to.includes(email));
    expect(message?.parsed.html).toContain('lang="fr"');
    const verificationLink = links.find((link) => link.includes('/api/auth/verify-email?token='));
    expect(verificationLink).toMatch(/^http:\/\/localhost:8080\/api\/auth\/verify-email\?token=/);
    await authRequest(app, pathOf(verificationLink!), { method: 'GET' });

    const signIn = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email, password: 'correct horse battery', rememberMe: true },
    });
    expect(signIn.status).toBe(200);
    const cookie = cookiesFrom(signIn);
    const me = await readJson<{ user: Record<string, unknown> }>(
      await authRequest(app, '/api/users/me', { method: 'GET', cookie }),
    );
    expect(me.user).toMatchObject({
      email,
      name: 'Ada Lovelace',
      emailVerified: true,
      locale: 'fr',
      roles: [],
    });
    expect(me.user.id).toMatch(/^usr_[a-z0-9]{24}$/);
  });

  it('signs in without verification when the server does not require it', async () => {
    const { app } = server({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });
    const signUp = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email: 'noverify@example.com', password: 'correct horse battery', name: 'No Verify' },
    });
    expect(signUp.status).toBe(200);
    expect(cookiesFrom(signUp)).toContain('session_token');
  });

  it('refuses passwords shorter than 8 or longer than 128 characters, and names over 64', async () => {
    const { app } = server();
    const attempt = (password: string, name = 'Someone') =>
      authRequest(app, '/api/auth/sign-up/email', { body: { email: 'rules@example.com', password, name } });
    const short = await attempt('1234567');
    expect(short.status).toBe(400);
    expect((await readError(short)).error.code).toBe('auth.password_too_short');
    const long = await attempt('x'.repeat(129));
    expect(long.status).toBe(400);
    expect((await readError(long)).error.code).toBe('auth.password_too_long');
    const longName = await attempt('correct horse battery', 'n'.repeat(65));
    expect(longName.status).toBe(400);
    expect((await readError(longName)).error.code).toBe('api.validation_error');
    const blankName = await attempt('correct horse battery', '   ');
    expect(blankName.status).toBe(400);
    const count = await testDatabase.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('email', '=', 'rules@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  it('refuses a 262-character e-mail address at sign-up, and creates nobody', async () => {
    const { app } = server();
    // A client of its own: sign-ups share the per-client rate limit with the other tests.
    // (The local-part limit has its own tests with the shared rule, in invitations.)
    const email = `${'a'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.g.com`;
    expect(email).toHaveLength(262);
    const response = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email, password: 'correct horse battery', name: 'Long Address' },
      ip: '198.51.100.77',
    });
    expect(response.status).toBe(400);
    expect((await readError(response)).error.code).toBe('api.validation_error');
    const users = await testDatabase.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'Long Address')
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses a wrong password', async () => {
    const { app, jobQueue } = server();
    await createVerifiedUser({ app, jobQueue, smtp, email: 'wrong@example.com' });
    const response = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email: 'wrong@example.com', password: 'not the password' },
    });
    expect(response.status).toBe(401);
    expect((await readError(response)).error.code).toBe('auth.invalid_credentials');
  });

  it("prints nothing of the authentication library's own for a refused request (our logger has it, at debug)", async () => {
    const { app } = server();
    const printed: string[] = [];
    const capture = (chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture),
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'log').mockImplementation(capture),
    ];
    try {
      // A refusal thrown by a hook of ours, and one by better-auth itself.
      const refused = await authRequest(app, '/api/auth/sign-up/email', {
        body: { email: 'quiet@example.com', password: 'correct horse battery', name: 'n'.repeat(65) },
      });
      expect(refused.status).toBe(400);
      const wrong = await authRequest(app, '/api/auth/sign-in/email', {
        body: { email: 'nobody-here@example.com', password: 'not the password' },
      });
      expect(wrong.status).toBe(401);
    } finally {
      for (const spy of spies) spy.mockRestore();
      // The sign-in rate limit counts in the database: leave the other tests of this file their budget.
      await sql`delete from auth_rate_limits`.execute(testDatabase.db);
    }
    expect(printed.filter((line) => line.includes('Better Auth'))).toEqual([]);
  });

  it('refuses every sign-up when registration is disabled, and creates nobody', async () => {
    const { app } = server({ AUTH_IS_REGISTRATION_ENABLED: 'false' });
    const response = await authRequest(app, '/api/auth/sign-up/email', {
      body: { email: 'closed@example.com', password: 'correct horse battery', name: 'Closed' },
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).error.code).toBe('auth.registration_disabled');
    const user = await testDatabase.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'closed@example.com')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('resets a password through the link of the real e-mail', async () => {
    const { app, jobQueue } = server();
    const { email } = await createVerifiedUser({ app, jobQueue, smtp, email: 'reset@example.com' });
    const request = await authRequest(app, '/api/auth/request-password-reset', {
      body: { email, redirectTo: 'http://localhost:8080/reset-password' },
    });
    expect(request.status).toBe(200);
    const links = await deliverEmailsAndGetLinks({ jobQueue, smtp, to: email });
    const resetLink = links.find((link) => link.includes('/api/auth/reset-password/'));
    expect(resetLink).toBeDefined();
    // Written in the language the account signed up with (French here).
    const resetMail = smtp.received
      .filter((received) => received.envelope.to.includes(email))
      .find((received) => received.parsed.text?.includes('/api/auth/reset-password/'));
    expect(resetMail?.parsed.html).toContain('lang="fr"');
    const redirect = await authRequest(app, pathOf(resetLink!), { method: 'GET' });
    const location = redirect.headers.get('location') ?? '';
    expect(location).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=/);
    const token = new URL(location).searchParams.get('token');

    const tooShort = await authRequest(app, '/api/auth/reset-password', {
      body: { newPassword: 'short', token },
    });
    expect(tooShort.status).toBe(400);
    const reset = await authRequest(app, '/api/auth/reset-password', {
      body: { newPassword: 'a brand new secret', token },
    });
    expect(reset.status).toBe(200);

    const oldPassword = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email, password: 'correct horse battery' },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email, password: 'a brand new secret' },
    });
    expect(newPassword.status).toBe(200);
    const reused = await authRequest(app, '/api/auth/reset-password', {
      body: { newPassword: 'yet another one', token },
    });
    expect(reused.status).toBe(400);
  });

  it('refuses password reset when it is disabled', async () => {
    const { app } = server({ AUTH_IS_PASSWORD_RESET_ENABLED: 'false' });
    const response = await authRequest(app, '/api/auth/request-password-reset', {
      body: { email: 'reset@example.com', redirectTo: 'http://localhost:8080/reset-password' },
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).error.code).toBe('auth.password_reset_disabled');
  });

  it('refuses cookie-authenticated requests from another origin', async () => {
    const { app, jobQueue } = server();
    const { cookie } = await createVerifiedUser({ app, jobQueue, smtp, email: 'origin@example.com' });
    const response = await authRequest(app, '/api/auth/sign-out', {
      cookie,
      body: {},
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect((await readError(response)).error.code).toBe('auth.invalid_origin');
    // Without Origin our guard lets a non-browser caller through; better-auth still wants an origin
    // beside a cookie, and its refusal carries the same code.
    const withoutOrigin = await app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(withoutOrigin.status).toBe(403);
    expect((await readError(withoutOrigin)).error.code).toBe('auth.invalid_origin');
    const stillSignedIn = await authRequest(app, '/api/users/me', { method: 'GET', cookie });
    expect(stillSignedIn.status).toBe(200);
  });

  it('answers 25 wrong passwords in a row with 429 api.rate_limited and Retry-After', async () => {
    const { app } = server();
    const answers: Response[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      answers.push(
        await authRequest(app, '/api/auth/sign-in/email', {
          body: { email: 'guess@example.com', password: `guess number ${attempt}` },
          ip: '203.0.113.51',
        }),
      );
    }
    const last = answers.at(-1) as Response;
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(last.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await readError(last)).toEqual({
      error: { code: 'api.rate_limited', message: expect.any(String) },
    });
    const first = answers[0] as Response;
    expect(first.status).toBe(401);
    expect(await readError(first)).toEqual({
      error: { code: 'auth.invalid_credentials', message: expect.any(String) },
    });
  });

  it('rate-limits sign-in attempts from one client', async () => {
    const { app } = server({ AUTH_RATE_LIMIT_MAX_REQUESTS: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await authRequest(app, '/api/auth/sign-in/email', {
        body: { email: 'nobody@example.com', password: 'not the password' },
        ip: '203.0.113.9',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const otherClient = await authRequest(app, '/api/auth/sign-in/email', {
      body: { email: 'nobody@example.com', password: 'not the password' },
      ip: '203.0.113.10',
    });
    expect(otherClient.status).toBe(401);
  });

  it('limits each client behind a trusted proxy on its own, and ignores X-Forwarded-For from anyone else', async () => {
    const { app } = server({ AUTH_RATE_LIMIT_MAX_REQUESTS: '2', SERVER_TRUSTED_PROXIES: '10.0.0.0/8' });
    const signIn = (ip: string, forwardedFor: string) =>
      authRequest(app, '/api/auth/sign-in/email', {
        body: { email: 'nobody@example.com', password: 'not the password' },
        ip,
        forwardedFor,
      });
    const statuses = async (ip: string, forwardedFor: string, count: number) => {
      const answered: number[] = [];
      for (let attempt = 0; attempt < count; attempt++)
        answered.push((await signIn(ip, forwardedFor)).status);
      return answered;
    };
    // Two clients through the proxy each get their own limit.
    expect(await statuses('10.0.0.2', '203.0.113.20', 3)).toEqual([401, 401, 429]);
    expect(await statuses('10.0.0.2', '203.0.113.21', 2)).toEqual([401, 401]);
    // A client cannot escape its limit by sending a header of its own: it is not a trusted proxy.
    expect(await statuses('198.51.100.30', '203.0.113.40', 2)).toEqual([401, 401]);
    expect(await statuses('198.51.100.30', '203.0.113.41', 1)).toEqual([429]);
  });
});

describe.each(testDialects)('the account routes on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const server = () =>
    createTestServer({ database: testDatabase.database, env: { EMAILS_DRIVER: 'smtp', SMTP_URL: smtp.url } });

  it('answers 401 auth.unauthorized without a session', async () => {
    const { app } = server();
    const response = await authRequest(app, '/api/users/me', { method: 'GET' });
    expect(response.status).toBe(401);
    expect((await readError(response)).error.code).toBe('auth.unauthorized');
  });

  it('renames the user with a trimmed name of at most 50 characters', async () => {
    const { app, jobQueue } = server();
    const { cookie } = await createVerifiedUser({ app, jobQueue, smtp, email: 'rename@example.com' });
    const renamed = await authRequest(app, '/api/users/me', {
      method: 'PUT',
      cookie,
      body: { name: '  Grace Hopper ' },
    });
    expect(renamed.status).toBe(200);
    expect((await readJson<{ user: { name: string } }>(renamed)).user.name).toBe('Grace Hopper');

    for (const name of ['x'.repeat(51), '   ', 42]) {
      const refused = await authRequest(app, '/api/users/me', { method: 'PUT', cookie, body: { name } });
      expect(refused.status).toBe(400);
      expect((await readError(refused)).error.code).toBe('api.validation_error');
    }
    const me = await readJson<{ user: { name: string } }>(
      await authRequest(app, '/api/users/me', { method: 'GET', cookie }),
    );
    expect(me.user.name).toBe('Grace Hopper');
  });

  it('keeps the language the user switches to, and writes the next e-mails in it', async () => {
    const { app, jobQueue } = server();
    const { cookie, email } = await createVerifiedUser({
      app,
      jobQueue,
      smtp,
      email: 'polyglot@example.com',
    });
    const switched = await authRequest(app, '/api/users/me', {
      method: 'PUT',
      cookie,
      body: { locale: 'de' },
    });
    expect(switched.status).toBe(200);
    expect((await readJson<{ user: { locale: string; name: string } }>(switched)).user).toMatchObject({
      locale: 'de',
    });
    for (const body of [{ locale: 'xx' }, {}]) {
      const refused = await authRequest(app, '/api/users/me', { method: 'PUT', cookie, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    await authRequest(app, '/api/auth/request-password-reset', {
      body: { email, redirectTo: 'http://localhost:8080/reset-password' },
    });
    await deliverEmailsAndGetLinks({ jobQueue, smtp, to: email });
    const resetMail = smtp.received
      .filter((received) => received.envelope.to.includes(email))
      .find((received) => received.parsed.text?.includes('/api/auth/reset-password/'));
    expect(resetMail?.parsed.html).toContain('lang="de"');
  });

  it('refuses to delete an account that owns an organization with other members', async () => {
    const { app, jobQueue } = server();
    const owner = await createVerifiedUser({ app, jobQueue, smtp, email: 'owner@example.com' });
    const colleague = await createVerifiedUser({ app, jobQueue, smtp, email: 'colleague@example.com' });
    await insertOrganization(testDatabase.db, {
      id: 'org_sharedsharedsharedshared',
      members: [
        { userId: owner.userId, role: 'owner' },
        { userId: colleague.userId, role: 'member' },
      ],
    });
    const response = await authRequest(app, '/api/auth/delete-user', {
      cookie: owner.cookie,
      body: { password: owner.password },
    });
    expect(response.status).toBe(409);
    expect((await readError(response)).error.code).toBe('user.owns_organizations_with_members');
    const stillThere = await testDatabase.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', owner.userId)
      .executeTakeFirst();
    expect(stillThere).toBeDefined();
  });

  it('deletes an account: its lone organizations are soft-deleted and its memberships removed', async () => {
    const { app, jobQueue } = server();
    const leaving = await createVerifiedUser({ app, jobQueue, smtp, email: 'leaving@example.com' });
    const staying = await createVerifiedUser({ app, jobQueue, smtp, email: 'staying@example.com' });
    await insertOrganization(testDatabase.db, {
      id: 'org_alonealonealonealonealone',
      members: [{ userId: leaving.userId, role: 'owner' }],
    });
    await insertOrganization(testDatabase.db, {
      id: 'org_otherotherotherotherother',
      members: [
        { userId: staying.userId, role: 'owner' },
        { userId: leaving.userId, role: 'member' },
      ],
    });
    const wrongPassword = await authRequest(app, '/api/auth/delete-user', {
      cookie: leaving.cookie,
      body: { password: 'nope nope nope' },
    });
    expect(wrongPassword.status).toBe(400);

    const response = await authRequest(app, '/api/auth/delete-user', {
      cookie: leaving.cookie,
      body: { password: leaving.password },
    });
    expect(response.status).toBe(200);
    expect(
      await testDatabase.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', leaving.userId)
        .executeTakeFirst(),
    ).toBeUndefined();
    const alone = await testDatabase.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', 'org_alonealonealonealonealone')
      .executeTakeFirstOrThrow();
    expect(alone.deleted_at).not.toBeNull();
    expect(new Date(alone.scheduled_purge_at!).getTime() - new Date(alone.deleted_at!).getTime()).toBe(
      30 * 24 * 3600 * 1000,
    );
    const other = await testDatabase.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', 'org_otherotherotherotherother')
      .executeTakeFirstOrThrow();
    expect(other.deleted_at).toBeNull();
    const memberships = await testDatabase.db
      .selectFrom('organization_members')
      .select('user_id')
      .where('user_id', '=', leaving.userId)
      .execute();
    expect(memberships).toEqual([]);
    const session = await authRequest(app, '/api/users/me', { method: 'GET', cookie: leaving.cookie });
    expect(session.status).toBe(401);
  });
});

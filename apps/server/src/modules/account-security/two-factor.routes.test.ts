import { TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { authRequest, cookiesFrom } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  addMember,
  call,
  createOrganization,
  type TestUser,
} from '../organizations/organizations.test-helpers';

type EnableAnswer = { method: 'totp'; totpURI: string; backupCodes: string[] };
type SecurityAnswer = { security: { twoFactorEnabled: boolean; hasPassword: boolean; passkeys: unknown[] } };

/** An authenticator app: RFC 6238 codes from the otpauth package (not Sheaf's or better-auth's code). */
function authenticatorFor(totpURI: string) {
  const uri = new URL(totpURI);
  const totp = new TOTP({ secret: uri.searchParams.get('secret') ?? '', digits: 6, period: 30 });
  return {
    /**
     * A code of the next time step, accepted too (one step either side). A code is accepted once
     * and never an earlier one, so a test takes one setup code and one such code per user.
     */
    nextCode: () => totp.generate({ timestamp: Date.now() + 30_000 }),
    codeAt: (offsetMs: number) => totp.generate({ timestamp: Date.now() + offsetMs }),
  };
}

let nextAddress = 1;
const freshAddress = () => `203.0.113.${(nextAddress++ % 250) + 1}`;

describe.each(testDialects)('two-factor sign-in on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, smtp, serverWith, createUser } = useApiTestServer(testDatabase);

  const post = (path: string, cookie: string | undefined, body: unknown, app = server.app) =>
    authRequest(app, path, { body, ip: freshAddress(), ...(cookie ? { cookie } : {}) });

  /** Turns two-factor sign-in on for `user` and returns their authenticator and backup codes. */
  async function enableTwoFactor(user: TestUser) {
    const enable = await post('/api/auth/two-factor/enable', user.cookie, { password: user.password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = await readJson<EnableAnswer>(enable);
    const authenticator = authenticatorFor(totpURI);
    const confirm = await post('/api/auth/two-factor/verify-totp', user.cookie, {
      code: authenticator.codeAt(0),
    });
    expect(confirm.status).toBe(200);
    return { authenticator, backupCodes, cookie: cookiesFrom(confirm) || user.cookie };
  }

  /** The password step of a sign-in: answers the two-factor cookie when a code is asked for. */
  async function signInWithPassword(user: TestUser, cookie?: string, app = server.app) {
    const response = await post(
      '/api/auth/sign-in/email',
      cookie,
      { email: user.email, password: user.password },
      app,
    );
    expect(response.status).toBe(200);
    return { body: await readJson<Record<string, unknown>>(response), cookie: cookiesFrom(response) };
  }

  const security = async (cookie: string) =>
    (
      await readJson<SecurityAnswer>(
        await authRequest(server.app, '/api/users/me/security', { method: 'GET', cookie }),
      )
    ).security;

  let ada: TestUser;
  let adaTwoFactor: Awaited<ReturnType<typeof enableTwoFactor>>;

  beforeAll(async () => {
    ada = await createUser('ada@example.com', 'Ada');
    adaTwoFactor = await enableTwoFactor(ada);
  });

  it('is set up with a QR key confirmed by a first code, and gives ten backup codes', async () => {
    expect(adaTwoFactor.backupCodes).toHaveLength(10);
    expect(new Set(adaTwoFactor.backupCodes).size).toBe(10);
    expect((await security(adaTwoFactor.cookie)).twoFactorEnabled).toBe(true);
  });

  it('asks for a code after the password, and a code from the authenticator signs in', async () => {
    const { body, cookie } = await signInWithPassword(ada);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // No session yet: the password alone is not enough.
    expect((await authRequest(server.app, '/api/users/me', { method: 'GET', cookie })).status).toBe(401);
    const verify = await post('/api/auth/two-factor/verify-totp', cookie, {
      code: adaTwoFactor.authenticator.nextCode(),
    });
    expect(verify.status).toBe(200);
    const session = cookiesFrom(verify);
    expect((await authRequest(server.app, '/api/users/me', { method: 'GET', cookie: session })).status).toBe(
      200,
    );
  });

  it('accepts a code once: the same code again is refused', async () => {
    const ken = await createUser('ken@example.com', 'Ken');
    const { authenticator } = await enableTwoFactor(ken);
    const code = authenticator.nextCode();
    const first = await signInWithPassword(ken);
    expect((await post('/api/auth/two-factor/verify-totp', first.cookie, { code })).status).toBe(200);
    const second = await signInWithPassword(ken);
    const replay = await post('/api/auth/two-factor/verify-totp', second.cookie, { code });
    expect(replay.status).toBe(401);
    expect((await readError(replay)).error.code).toBe('auth.invalid_two_factor_code');
  });

  it('takes each backup code once', async () => {
    const [backupCode] = adaTwoFactor.backupCodes;
    const first = await signInWithPassword(ada);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', first.cookie, { code: backupCode })).status,
    ).toBe(200);
    const second = await signInWithPassword(ada);
    const again = await post('/api/auth/two-factor/verify-backup-code', second.cookie, { code: backupCode });
    expect(again.status).toBe(401);
    expect((await readError(again)).error.code).toBe('auth.invalid_two_factor_code');
  });

  it('refuses the sixth wrong code in ten minutes with 429 and Retry-After, counted per account across processes', async () => {
    const grace = await createUser('grace@example.com', 'Grace');
    await enableTwoFactor(grace);
    const otherProcess = serverWith();
    // Wrong codes alternate between the two servers (each with its own memory, one database).
    for (let attempt = 0; attempt < 5; attempt++) {
      const app = attempt % 2 === 0 ? server.app : otherProcess.app;
      const { cookie } = await signInWithPassword(grace, undefined, app);
      const wrong = await post('/api/auth/two-factor/verify-totp', cookie, { code: '000000' }, app);
      expect(wrong.status).toBe(401);
    }
    const { cookie } = await signInWithPassword(grace, undefined, otherProcess.app);
    const refused = await post(
      '/api/auth/two-factor/verify-totp',
      cookie,
      { code: '000000' },
      otherProcess.app,
    );
    expect(refused.status).toBe(429);
    expect((await readError(refused)).error.code).toBe('auth.two_factor_attempts_exceeded');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Even the right code waits: the budget is the account's, not the code's.
    const { cookie: again } = await signInWithPassword(grace);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', again, { code: 'abcde-fghij' })).status,
    ).toBe(429);
  });

  it('skips the code on a trusted device, until the password changes', async () => {
    const alan = await createUser('alan@example.com', 'Alan');
    const { authenticator } = await enableTwoFactor(alan);
    const step = await signInWithPassword(alan);
    const trusted = await post('/api/auth/two-factor/verify-totp', step.cookie, {
      code: authenticator.nextCode(),
      trustDevice: true,
    });
    expect(trusted.status).toBe(200);
    const trustCookie = cookiesFrom(trusted)
      .split('; ')
      .filter((pair) => pair.includes('trust_device'))
      .join('; ');
    expect(trustCookie).not.toBe('');
    expect(trusted.headers.getSetCookie().find((cookie) => cookie.includes('trust_device'))).toMatch(
      /HttpOnly/i,
    );

    const skipped = await signInWithPassword(alan, trustCookie);
    expect(skipped.body).toHaveProperty('token');
    expect(skipped.body).not.toHaveProperty('twoFactorRedirect');

    const session = cookiesFrom(trusted);
    const change = await post('/api/auth/change-password', session, {
      currentPassword: alan.password,
      newPassword: 'a brand new password',
    });
    expect(change.status).toBe(200);
    const afterChange = await post('/api/auth/sign-in/email', trustCookie, {
      email: alan.email,
      password: 'a brand new password',
    });
    expect(await readJson<Record<string, unknown>>(afterChange)).toMatchObject({ twoFactorRedirect: true });
  });

  it('turns off with the password, and the next sign-in asks for no code', async () => {
    const linus = await createUser('linus@example.com', 'Linus');
    const { cookie } = await enableTwoFactor(linus);
    const wrongPassword = await post('/api/auth/two-factor/disable', cookie, {
      password: 'not the password',
    });
    expect(wrongPassword.status).toBe(400);
    const disable = await post('/api/auth/two-factor/disable', cookie, { password: linus.password });
    expect(disable.status).toBe(200);
    const { body } = await signInWithPassword(linus);
    expect(body).toHaveProperty('token');
    expect((await security(cookiesFrom(disable) || cookie)).twoFactorEnabled).toBe(false);
  });

  it('replaces the backup codes: the old ones stop working', async () => {
    const barbara = await createUser('barbara@example.com', 'Barbara');
    const { backupCodes, cookie } = await enableTwoFactor(barbara);
    const regenerate = await post('/api/auth/two-factor/generate-backup-codes', cookie, {
      password: barbara.password,
    });
    expect(regenerate.status).toBe(200);
    const { backupCodes: fresh } = await readJson<{ backupCodes: string[] }>(regenerate);
    expect(fresh).toHaveLength(10);
    const old = await signInWithPassword(barbara);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', old.cookie, { code: backupCodes[0] })).status,
    ).toBe(401);
    const next = await signInWithPassword(barbara);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', next.cookie, { code: fresh[0] })).status,
    ).toBe(200);
  });

  it('sends security e-mails in the recipient language when two-factor sign-in is turned on', async () => {
    await server.jobQueue.runDueJobs();
    const toAda = smtp.received.filter((message) => message.envelope.to.includes(ada.email));
    // createVerifiedUser signs up with locale "fr".
    expect(
      toAda.some((message) =>
        /deux facteurs|double authentification|two-factor/i.test(message.parsed.subject ?? ''),
      ),
    ).toBe(true);
  });

  describe('an organization that requires a second factor', () => {
    let owner: TestUser;
    let member: TestUser;
    let organizationId: string;

    beforeAll(async () => {
      owner = await createUser('owner-policy@example.com', 'Olivia');
      member = await createUser('member-policy@example.com', 'Max');
      organizationId = (await createOrganization(server, owner)).id;
      await addMember(server, owner, organizationId, member, 'member');
    });

    const setPolicy = (cookie: string, requiresTwoFactor: boolean) =>
      call(server.app, 'PUT', `/api/organizations/${organizationId}/security-policy`, {
        cookie,
        body: { requiresTwoFactor },
      });

    it('cannot be turned on by someone without a second factor', async () => {
      const refused = await setPolicy(owner.cookie, true);
      expect(refused.status).toBe(409);
      expect((await readError(refused)).error.code).toBe('organization.two_factor_not_set_up');
    });

    it('refuses the sessions of members without one, and lists who has one', async () => {
      const { cookie } = await enableTwoFactor(owner);
      owner = { ...owner, cookie };
      const turnedOn = await setPolicy(owner.cookie, true);
      expect(turnedOn.status).toBe(200);
      expect(
        (await readJson<{ organization: { requiresTwoFactor: boolean } }>(turnedOn)).organization
          .requiresTwoFactor,
      ).toBe(true);

      const blocked = await call(server.app, 'GET', `/api/organizations/${organizationId}/documents`, {
        cookie: member.cookie,
      });
      expect(blocked.status).toBe(403);
      expect((await readError(blocked)).error.code).toBe('organization.two_factor_required');

      const members = await call(server.app, 'GET', `/api/organizations/${organizationId}/members`, {
        cookie: owner.cookie,
      });
      const list = (
        await readJson<{ members: { user: { email: string }; hasSecondFactor: boolean }[] }>(members)
      ).members;
      expect(list.map((entry) => [entry.user.email, entry.hasSecondFactor]).sort()).toEqual(
        [
          [member.email, false],
          [owner.email, true],
        ].sort(),
      );
    });

    it('refuses a new API key reaching it to a member without a second factor', async () => {
      const refused = await call(server.app, 'POST', '/api/api-keys', {
        cookie: member.cookie,
        body: {
          name: 'Scanner',
          permissions: ['documents:read'],
          organizationIds: [organizationId],
          allOrganizations: false,
        },
      });
      expect(refused.status).toBe(403);
      expect((await readError(refused)).error.code).toBe('organization.two_factor_required');
    });

    it('lets the member in once they set up a second factor', async () => {
      const { cookie } = await enableTwoFactor(member);
      const allowed = await call(server.app, 'GET', `/api/organizations/${organizationId}/documents`, {
        cookie,
      });
      expect(allowed.status).toBe(200);
    });
  });
});

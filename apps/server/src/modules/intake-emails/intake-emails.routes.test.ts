import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestServer, silentLogger } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { request } from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  organizationsTestEnv,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import {
  createIntakeEmail,
  INTAKE_TEST_DOMAIN,
  intakeEmailsPath,
  intakeTestEnv,
  updateIntakeEmail,
} from './intake-emails.test-helpers';
import { createIntakeEmailsUsecases } from './intake-emails.usecases';

describe.each(testDialects)('intake e-mail addresses API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, smtp, createUser } = useApiTestServer(testDatabase, { env: intakeTestEnv() });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    owner = await createUser(`ie-owner-${dialect}@example.com`);
    admin = await createUser(`ie-admin-${dialect}@example.com`);
    member = await createUser(`ie-member-${dialect}@example.com`);
    outsider = await createUser(`ie-outsider-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'Intake')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
    await addMember(server, owner, organizationId, member, 'member');
  });

  it('creates an enabled address with a random readable local part on the intake domain and lists it', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    expect(created).toEqual({
      id: expect.stringMatching(/^ie_[a-z0-9]{24}$/),
      emailAddress: expect.stringMatching(
        new RegExp(`^[a-z0-9]{12}@${INTAKE_TEST_DOMAIN.replace(/\./g, '\\.')}$`),
      ),
      isEnabled: true,
      allowedOrigins: [],
      organizationId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await createIntakeEmail(server, { cookie: admin.cookie }, organizationId);
    expect(second.emailAddress).not.toBe(created.emailAddress);

    const listed = await request(server, 'GET', intakeEmailsPath(organizationId), { cookie: member.cookie });
    expect(listed.status).toBe(200);
    const { intakeEmails } = await readJson<{ intakeEmails: IntakeEmailDto[] }>(listed);
    expect(intakeEmails.map(({ id }) => id)).toEqual([created.id, second.id]);
  });

  it('updates the enabled flag and the allowed senders apart, each keeping the other field', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const withOrigins = await updateIntakeEmail(
      server,
      { cookie: owner.cookie },
      organizationId,
      created.id,
      {
        allowedOrigins: ['  Billing@Example.COM ', 'me@example.org'],
      },
    );
    expect(withOrigins.allowedOrigins).toEqual(['billing@example.com', 'me@example.org']);
    expect(withOrigins.isEnabled).toBe(true);

    const disabled = await updateIntakeEmail(server, { cookie: admin.cookie }, organizationId, created.id, {
      isEnabled: false,
    });
    expect(disabled.isEnabled).toBe(false);
    expect(disabled.allowedOrigins).toEqual(['billing@example.com', 'me@example.org']);
  });

  it('refuses invalid, duplicate and too many allowed senders with validation details', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const put = (allowedOrigins: unknown) =>
      request(
        server,
        'PUT',
        `${intakeEmailsPath(organizationId)}/${created.id}`,
        { cookie: owner.cookie },
        {
          body: { allowedOrigins },
        },
      );

    const invalid = await put(['not-an-address']);
    expect(invalid.status).toBe(400);
    const invalidError = (await readError(invalid)).error;
    expect(invalidError.code).toBe('api.validation_error');
    expect(invalidError.details).toEqual([
      expect.objectContaining({ path: 'allowedOrigins.0', message: 'Please enter a valid email address' }),
    ]);

    const duplicate = await put(['a@example.com', 'A@Example.com']);
    expect(duplicate.status).toBe(400);
    expect((await readError(duplicate)).error.details).toEqual([
      expect.objectContaining({
        path: 'allowedOrigins.1',
        message: 'This email address is already in the list',
      }),
    ]);

    const tooLong = await put([`${'a'.repeat(64)}@${'b'.repeat(186)}.com`]);
    expect(tooLong.status).toBe(400);

    const tooMany = await put(Array.from({ length: 51 }, (_, index) => `sender${index}@example.com`));
    expect(tooMany.status).toBe(400);
    const fifty = await put(Array.from({ length: 50 }, (_, index) => `sender${index}@example.com`));
    expect(fifty.status).toBe(200);

    // Nothing refused was kept.
    const listed = await request(server, 'GET', intakeEmailsPath(organizationId), { cookie: owner.cookie });
    const kept = (await readJson<{ intakeEmails: IntakeEmailDto[] }>(listed)).intakeEmails.find(
      ({ id }) => id === created.id,
    );
    expect(kept?.allowedOrigins).toHaveLength(50);
  });

  it('deletes an address, after which it is not found', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const path = `${intakeEmailsPath(organizationId)}/${created.id}`;
    expect((await request(server, 'DELETE', path, { cookie: admin.cookie })).status).toBe(204);
    const again = await request(server, 'DELETE', path, { cookie: owner.cookie });
    expect(again.status).toBe(404);
    expect((await readError(again)).error.code).toBe('intake_emails.not_found');
    const update = await request(
      server,
      'PUT',
      path,
      { cookie: owner.cookie },
      { body: { isEnabled: false } },
    );
    expect(update.status).toBe(404);
  });

  it('lets members read but not create, change or delete addresses', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const path = `${intakeEmailsPath(organizationId)}/${created.id}`;
    const attempts = [
      await request(server, 'POST', intakeEmailsPath(organizationId), { cookie: member.cookie }),
      await request(server, 'PUT', path, { cookie: member.cookie }, { body: { isEnabled: false } }),
      await request(server, 'DELETE', path, { cookie: member.cookie }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect((await readError(response)).error.code).toBe('auth.forbidden');
    }
    expect((await request(server, 'GET', `${path}/messages`, { cookie: member.cookie })).status).toBe(200);
  });

  it('refuses API keys, even with every permission, on every intake route', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const token = await createApiKey(server, owner, {
      permissions: [...API_KEY_PERMISSIONS],
      organizationIds: [organizationId],
    });
    const path = `${intakeEmailsPath(organizationId)}/${created.id}`;
    for (const [method, target] of [
      ['GET', intakeEmailsPath(organizationId)],
      ['POST', intakeEmailsPath(organizationId)],
      ['PUT', path],
      ['DELETE', path],
      ['GET', `${path}/messages`],
    ] as const) {
      const response = await request(server, method, target, { token }, method === 'PUT' ? { body: {} } : {});
      expect(response.status, `${method} ${target}`).toBe(403);
      expect((await readError(response)).error.code).toBe('auth.forbidden');
    }
  });

  it('answers 403 to strangers and 404 for an address of another organization', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const stranger = await request(server, 'GET', intakeEmailsPath(organizationId), {
      cookie: outsider.cookie,
    });
    expect(stranger.status).toBe(403);

    const outsiderOrganization = await createOrganization(server, outsider, 'Elsewhere');
    const foreignPath = `${intakeEmailsPath(outsiderOrganization.id)}/${created.id}`;
    for (const [method, body] of [
      ['PUT', { isEnabled: false }],
      ['DELETE', undefined],
      ['GET', undefined],
    ] as const) {
      const target = method === 'GET' ? `${foreignPath}/messages` : foreignPath;
      const response = await request(
        server,
        method,
        target,
        { cookie: outsider.cookie },
        body ? { body } : {},
      );
      expect(response.status, method).toBe(404);
      expect((await readError(response)).error.code).toBe('intake_emails.not_found');
    }
    const listed = await request(server, 'GET', intakeEmailsPath(organizationId), { cookie: owner.cookie });
    const untouched = (await readJson<{ intakeEmails: IntakeEmailDto[] }>(listed)).intakeEmails.find(
      ({ id }) => id === created.id,
    );
    expect(untouched?.isEnabled).toBe(true);
  });

  it('counts the addresses in the usage answer', async () => {
    const organization = await createOrganization(server, owner, 'Usage counted');
    await createIntakeEmail(server, { cookie: owner.cookie }, organization.id);
    await createIntakeEmail(server, { cookie: owner.cookie }, organization.id);
    const response = await request(server, 'GET', `/api/organizations/${organization.id}/usage`, {
      cookie: owner.cookie,
    });
    const { usage } = await readJson<{
      usage: { intakeEmailsCount: { used: number; limit: number | null } };
    }>(response);
    expect(usage.intakeEmailsCount).toEqual({ used: 2, limit: null });
  });

  it('holds the plan limit when 30 creations race, leaving exactly the limit', async () => {
    const limited = createTestServer({
      database: testDatabase.database,
      env: organizationsTestEnv(
        smtp,
        intakeTestEnv({
          SUBSCRIPTIONS_IS_ENABLED: 'true',
          // Billing's settings, never used here: no organization has a subscription, all are on the free plan.
          STRIPE_API_KEY: 'sk_test_intake_limit',
          STRIPE_WEBHOOK_SECRET: 'whsec_intake_limit',
          STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly',
          STRIPE_PRICE_PLUS_ANNUAL: 'price_plus_annual',
          STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
          STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
        }),
      ),
    });
    const organization = await createOrganization(limited, owner, 'Free plan');
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        request(limited, 'POST', intakeEmailsPath(organization.id), { cookie: owner.cookie }),
      ),
    );
    const statuses = responses.map(({ status }) => status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(29);
    const refused = responses.find(({ status }) => status === 403);
    expect((await readError(refused as Response)).error.code).toBe('intake_email.limit_reached');
    const rows = await testDatabase.db
      .selectFrom('intake_emails')
      .select('id')
      .where('organization_id', '=', organization.id)
      .execute();
    expect(rows).toHaveLength(1);
    await limited.services.extractionPool.close();
  });

  it('answers 403 intake_emails.disabled on every route when intake is switched off, and says so in the config', async () => {
    const created = await createIntakeEmail(server, { cookie: owner.cookie }, organizationId);
    const off = createTestServer({ database: testDatabase.database, env: organizationsTestEnv(smtp) });
    const config = await readJson<{ config: { intakeEmails: { isEnabled: boolean } } }>(
      await off.app.request('/api/config'),
    );
    expect(config.config.intakeEmails).toEqual({ isEnabled: false });
    const onConfig = await readJson<{ config: { intakeEmails: { isEnabled: boolean } } }>(
      await server.app.request('/api/config'),
    );
    expect(onConfig.config.intakeEmails).toEqual({ isEnabled: true });

    const path = `${intakeEmailsPath(organizationId)}/${created.id}`;
    for (const [method, target] of [
      ['GET', intakeEmailsPath(organizationId)],
      ['POST', intakeEmailsPath(organizationId)],
      ['PUT', path],
      ['DELETE', path],
      ['GET', `${path}/messages`],
    ] as const) {
      const response = await request(
        off,
        method,
        target,
        { cookie: owner.cookie },
        method === 'PUT' ? { body: {} } : {},
      );
      expect(response.status, `${method} ${target}`).toBe(403);
      expect((await readError(response)).error.code).toBe('intake_emails.disabled');
    }
    // A stranger still learns nothing more than that they are not a member.
    const stranger = await request(off, 'GET', intakeEmailsPath(organizationId), { cookie: outsider.cookie });
    expect((await readError(stranger)).error.code).toBe('auth.forbidden');
    await off.services.extractionPool.close();
  });

  it('draws another address when a random one is taken, and answers intake-emails.already_exists when it keeps colliding', async () => {
    const organization = await createOrganization(server, owner, 'Collisions');
    const taken = (await createIntakeEmail(server, { cookie: owner.cookie }, organizationId)).emailAddress;
    const draws: string[] = [];
    const withDraws = (next: () => string) =>
      createIntakeEmailsUsecases({
        database: testDatabase.database,
        jobQueue: server.jobQueue,
        plans: server.services.plans,
        documents: server.services.documents,
        domain: INTAKE_TEST_DOMAIN,
        logger: silentLogger,
        generateAddress: () => {
          const address = next();
          draws.push(address);
          return address;
        },
      });

    // Taken once, then free: the second draw is used.
    let calls = 0;
    const retried = await withDraws(() =>
      calls++ === 0 ? taken : `fresh${dialect}00001@${INTAKE_TEST_DOMAIN}`,
    ).createIntakeEmail({ organizationId: organization.id });
    expect(retried.emailAddress).toBe(`fresh${dialect}00001@${INTAKE_TEST_DOMAIN}`);
    expect(draws).toEqual([taken, retried.emailAddress]);

    // Always taken: a few draws, then a 409 the client can show.
    draws.length = 0;
    const stuck = withDraws(() => taken).createIntakeEmail({ organizationId: organization.id });
    await expect(stuck).rejects.toMatchObject({ code: 'intake-emails.already_exists', status: 409 });
    expect(draws).toHaveLength(5);
    const rows = await testDatabase.db
      .selectFrom('intake_emails')
      .select('email_address')
      .where('organization_id', '=', organization.id)
      .execute();
    expect(rows.map(({ email_address }) => email_address)).toEqual([retried.emailAddress]);
  });
});

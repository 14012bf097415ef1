import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import type { WebhookDto } from '@sheaf/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createDocument } from '../documents/documents.test-helpers';
import {
  addMember,
  call,
  createApiKey,
  createOrganization,
  organizationsTestEnv,
  type TestServer,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { createWebhook, listDeliveries, startTestReceiver, type TestReceiver } from './webhooks.test-helpers';

/** A public address written in the URL: accepted without any lookup, never contacted by these tests. */
const PUBLIC_URL = 'https://93.184.215.14/hooks/sheaf';
const SECRET = 'whsec_c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1sZWFr';

describe.each(testDialects)('webhooks API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date());
  const { server, smtp, createUser } = useApiTestServer(testDatabase, { clock });
  let receiver: TestReceiver;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let organizationId: string;
  /** Every answer body read in this file, to check that the secret is never in one. */
  const answers: string[] = [];

  const request = async (
    user: TestUser,
    method: string,
    path: string,
    body?: unknown,
    target: TestServer = server,
  ) => {
    const response = await call(target.app, method, `/api/organizations/${organizationId}/webhooks${path}`, {
      cookie: user.cookie,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.clone().text();
    answers.push(text);
    return response;
  };

  beforeAll(async () => {
    receiver = await startTestReceiver();
    owner = await createUser('webhooks-owner@example.com');
    admin = await createUser('webhooks-admin@example.com');
    member = await createUser('webhooks-member@example.com');
    stranger = await createUser('webhooks-stranger@example.com');
    organizationId = (await createOrganization(server, owner, 'Hooks')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
    await addMember(server, owner, organizationId, member, 'member');
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('creates, lists, reads, updates and deletes a webhook, answering hasSecret and never the secret', async () => {
    const created = await request(owner, 'POST', '', {
      name: '  Zapier  ',
      url: PUBLIC_URL,
      secret: SECRET,
      events: ['document:updated', 'document:created', 'document:created'],
    });
    expect(created.status).toBe(201);
    const { webhook } = await readJson<{ webhook: WebhookDto }>(created);
    expect(webhook).toEqual({
      id: expect.stringMatching(/^wbh_[a-z0-9]{24}$/),
      organizationId,
      name: 'Zapier',
      url: PUBLIC_URL,
      enabled: true,
      events: ['document:created', 'document:updated'],
      hasSecret: true,
      lastTriggeredAt: null,
      lastDeliveryStatus: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const listed = await readJson<{ webhooks: WebhookDto[] }>(await request(admin, 'GET', ''));
    expect(listed.webhooks.map(({ id }) => id)).toContain(webhook.id);
    expect(
      (await readJson<{ webhook: WebhookDto }>(await request(admin, 'GET', `/${webhook.id}`))).webhook,
    ).toEqual(webhook);

    clock.advance(1_000);
    // Without `secret`, the secret stays.
    const renamed = await request(admin, 'PUT', `/${webhook.id}`, { name: 'Zapier (prod)', enabled: false });
    expect(renamed.status).toBe(200);
    const afterRename = (await readJson<{ webhook: WebhookDto }>(renamed)).webhook;
    expect(afterRename).toMatchObject({
      name: 'Zapier (prod)',
      enabled: false,
      hasSecret: true,
      url: PUBLIC_URL,
    });
    expect(afterRename.updatedAt > webhook.updatedAt).toBe(true);
    const stored = await testDatabase.db
      .selectFrom('webhooks')
      .select('secret')
      .where('id', '=', webhook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(SECRET);

    // A new secret replaces it; '' removes it.
    await request(owner, 'PUT', `/${webhook.id}`, { secret: 'rotated-secret' });
    expect(
      (
        await testDatabase.db
          .selectFrom('webhooks')
          .select('secret')
          .where('id', '=', webhook.id)
          .executeTakeFirstOrThrow()
      ).secret,
    ).toBe('rotated-secret');
    const cleared = await request(owner, 'PUT', `/${webhook.id}`, { secret: '' });
    expect((await readJson<{ webhook: WebhookDto }>(cleared)).webhook.hasSecret).toBe(false);

    const deleted = await request(owner, 'DELETE', `/${webhook.id}`);
    expect(deleted.status).toBe(204);
    const gone = await request(owner, 'GET', `/${webhook.id}`);
    expect(gone.status).toBe(404);
    expect((await readError(gone)).error.code).toBe('webhooks.not_found');
  });

  it('refuses invalid bodies with the validation issues', async () => {
    const cases: Array<{ body: Record<string, unknown>; path: string }> = [
      { body: { url: PUBLIC_URL, events: ['document:created'] }, path: 'name' },
      { body: { name: ' ', url: PUBLIC_URL, events: ['document:created'] }, path: 'name' },
      { body: { name: 'x'.repeat(129), url: PUBLIC_URL, events: ['document:created'] }, path: 'name' },
      { body: { name: 'Bad', events: ['document:created'] }, path: 'url' },
      { body: { name: 'Bad', url: 'ftp://example.com/hook', events: ['document:created'] }, path: 'url' },
      { body: { name: 'Bad', url: 'not a url', events: ['document:created'] }, path: 'url' },
      {
        body: { name: 'Bad', url: `https://example.com/${'a'.repeat(2048)}`, events: ['document:created'] },
        path: 'url',
      },
      { body: { name: 'Bad', url: PUBLIC_URL, events: [] }, path: 'events' },
      { body: { name: 'Bad', url: PUBLIC_URL, events: ['document:restored'] }, path: 'events.0' },
      { body: { name: 'Bad', url: PUBLIC_URL, events: ['webhook:test'] }, path: 'events.0' },
      {
        body: { name: 'Bad', url: PUBLIC_URL, events: ['document:created'], secret: 's'.repeat(257) },
        path: 'secret',
      },
      {
        body: { name: 'Bad', url: PUBLIC_URL, events: ['document:created'], enabled: 'yes' },
        path: 'enabled',
      },
    ];
    for (const { body, path } of cases) {
      const response = await request(owner, 'POST', '', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = await readError(response);
      expect(error.code).toBe('api.validation_error');
      expect((error.details as Array<{ path: string }>).map((issue) => issue.path)).toContain(path);
    }
    const webhook = await createWebhook(server, owner, organizationId, { url: PUBLIC_URL });
    const badUpdate = await request(owner, 'PUT', `/${webhook.id}`, { events: [] });
    expect(badUpdate.status).toBe(400);
    await request(owner, 'DELETE', `/${webhook.id}`);
  });

  it('lets owners and admins only, signed in: members and API keys get 403, strangers 403, other ids 404', async () => {
    const webhook = await createWebhook(server, owner, organizationId, { url: PUBLIC_URL });
    const token = await createApiKey(server, owner, {
      permissions: [...API_KEY_PERMISSIONS],
      allOrganizations: true,
    });
    const routes: Array<[string, string, unknown?]> = [
      ['GET', ''],
      ['POST', '', { name: 'Intruder', url: PUBLIC_URL, events: ['document:created'] }],
      ['GET', `/${webhook.id}`],
      ['PUT', `/${webhook.id}`, { name: 'Taken over' }],
      ['DELETE', `/${webhook.id}`],
      ['GET', `/${webhook.id}/deliveries`],
      ['POST', `/${webhook.id}/test`],
      ['POST', `/${webhook.id}/deliveries/whd_000000000000000000000000/redeliver`],
    ];
    for (const [method, path, body] of routes) {
      for (const user of [member, stranger]) {
        const response = await request(user, method, path, body);
        expect(response.status, `${user.email} ${method} ${path}`).toBe(403);
        expect((await readError(response)).error.code).toBe('auth.forbidden');
      }
      const withKey = await call(server.app, method, `/api/organizations/${organizationId}/webhooks${path}`, {
        token,
        ...(body !== undefined ? { body } : {}),
      });
      expect(withKey.status, `API key ${method} ${path}`).toBe(403);
    }
    expect((await request(owner, 'GET', `/${webhook.id}`)).status).toBe(200);

    // A webhook of another organization is not found here.
    const elsewhere = await createOrganization(server, stranger, 'Elsewhere');
    const foreign = await createWebhook(server, stranger, elsewhere.id, { url: PUBLIC_URL });
    for (const [method, path, body] of [
      ['GET', `/${foreign.id}`],
      ['PUT', `/${foreign.id}`, { name: 'Taken over' }],
      ['DELETE', `/${foreign.id}`],
      ['GET', `/${foreign.id}/deliveries`],
      ['POST', `/${foreign.id}/test`],
    ] as Array<[string, string, unknown?]>) {
      const response = await request(owner, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await readError(response)).error.code).toBe('webhooks.not_found');
    }
    const untouched = await testDatabase.db
      .selectFrom('webhooks')
      .select('name')
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(untouched.name).toBe('Receiver');
    await request(owner, 'DELETE', `/${webhook.id}`);
  });

  it('allows 20 webhooks per organization', async () => {
    const organization = await createOrganization(server, owner, 'Many hooks');
    const create = async () =>
      call(server.app, 'POST', `/api/organizations/${organization.id}/webhooks`, {
        cookie: owner.cookie,
        body: { name: 'Hook', url: PUBLIC_URL, events: ['document:created'] },
      });
    const statuses = await Promise.all(
      Array.from({ length: 22 }, () => create().then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    const refused = await create();
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('webhooks.limit_reached');
  });

  it('refuses URLs on loopback, private, link-local and metadata addresses, and names resolving to them', async () => {
    const refusedUrls = [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://10.0.0.1/hook',
      'http://192.168.1.20/hook',
      'http://172.16.5.4/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://224.0.0.1/hook',
      // A name resolving to 127.0.0.1.
      'http://localhost:3000/hook',
    ];
    for (const url of refusedUrls) {
      const response = await request(owner, 'POST', '', {
        name: 'Internal',
        url,
        events: ['document:created'],
      });
      expect(response.status, url).toBe(400);
      expect((await readError(response)).error.code, url).toBe('webhooks.url_not_allowed');
    }
    const webhook = await createWebhook(server, owner, organizationId, { url: PUBLIC_URL });
    const moved = await request(owner, 'PUT', `/${webhook.id}`, { url: 'http://10.0.0.1/hook' });
    expect(moved.status).toBe(400);
    expect((await readError(moved)).error.code).toBe('webhooks.url_not_allowed');
    await request(owner, 'DELETE', `/${webhook.id}`);

    // Allowed when the server says so.
    const lan = createTestServer({
      database: testDatabase.database,
      clock,
      env: organizationsTestEnv(smtp, { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }),
    });
    try {
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://10.0.0.1/hook',
        'http://localhost:3000/hook',
      ]) {
        const response = await request(
          owner,
          'POST',
          '',
          { name: 'LAN', url, events: ['document:created'] },
          lan,
        );
        expect(response.status, url).toBe(201);
        const { webhook: saved } = await readJson<{ webhook: WebhookDto }>(response);
        await request(owner, 'DELETE', `/${saved.id}`, undefined, lan);
      }
    } finally {
      await lan.services.extractionPool.close();
      lan.services.webhookSender.close();
    }
  });

  it('checks the address connected to at delivery time, whatever was saved', async () => {
    const organization = await createOrganization(server, owner, 'Rebound');
    // As if saved while its name resolved to a public address: written straight to the table.
    const now = clock.now().toISOString();
    for (const [id, url] of [
      ['wbh_reboundreboundrebound001', `${receiver.url}/literal`],
      ['wbh_reboundreboundrebound002', `http://localhost:${receiver.port}/named`],
    ]) {
      await testDatabase.db
        .insertInto('webhooks')
        .values({
          id: id!,
          organization_id: organization.id,
          name: 'Rebound',
          url: url!,
          secret: null,
          enabled: 1,
          events: JSON.stringify(['document:created']),
          last_triggered_at: null,
          last_delivery_status: null,
          failing_since: null,
          disabled_automatically_at: null,
          drain_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await createDocument(server, { cookie: owner.cookie }, organization.id, {
      name: 'a.txt',
      data: 'a',
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();

    expect(receiver.received).toEqual([]);
    for (const id of ['wbh_reboundreboundrebound001', 'wbh_reboundreboundrebound002']) {
      const { deliveries } = await listDeliveries(server, owner, organization.id, id);
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ status: 'failure', responseStatus: null });
      expect(deliveries[0]?.error).toMatch(/not a public address \(loopback\)/);
      expect(deliveries[0]?.error).toContain('WEBHOOKS_ALLOW_PRIVATE_TARGETS');
    }
  });

  it('paginates the deliveries log, newest first, with its count', async () => {
    const lan = createTestServer({
      database: testDatabase.database,
      clock,
      env: organizationsTestEnv(smtp, { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }),
    });
    try {
      const webhook = await createWebhook(lan, owner, organizationId, { url: receiver.url, secret: SECRET });
      for (let index = 0; index < 5; index++) {
        clock.advance(1_000);
        const sent = await request(owner, 'POST', `/${webhook.id}/test`, undefined, lan);
        expect(sent.status).toBe(202);
        await lan.jobQueue.runDueJobs();
      }
      const pages = await Promise.all(
        [0, 1, 2].map((pageIndex) =>
          listDeliveries(lan, owner, organizationId, webhook.id, `?pageIndex=${pageIndex}&pageSize=2`),
        ),
      );
      expect(pages.map(({ deliveries }) => deliveries.length)).toEqual([2, 2, 1]);
      expect(pages.every(({ deliveriesCount }) => deliveriesCount === 5)).toBe(true);
      const times = pages.flatMap(({ deliveries }) => deliveries.map(({ createdAt }) => createdAt));
      expect(times).toEqual([...times].sort().reverse());
      const [first] = pages[0]!.deliveries;
      expect(first).toMatchObject({
        eventType: 'webhook:test',
        attempt: 1,
        status: 'success',
        responseStatus: 200,
        responseBody: 'ok',
      });
      expect(JSON.parse(first!.requestBody)).toMatchObject({ type: 'webhook:test' });
      answers.push(JSON.stringify(pages));
      const bad = await request(owner, 'GET', `/${webhook.id}/deliveries?pageSize=1000`);
      expect(bad.status).toBe(400);
    } finally {
      await lan.services.extractionPool.close();
      lan.services.webhookSender.close();
    }
  });

  it('never answers the secret', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain('rotated-secret');
      expect(answer).not.toContain('"secret":');
    }
  });
});

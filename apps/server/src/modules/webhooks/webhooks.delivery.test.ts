import type { TagDto } from '@sheaf/contracts/tags';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { refuseInserts, testDialects, useTestDatabase } from '../../test/test-database';
import { createDocument } from '../documents/documents.test-helpers';
import { call, createOrganization, DAY_MS, type TestUser } from '../organizations/organizations.test-helpers';
import { WEBHOOK_USER_AGENT } from './webhooks.delivery';
import {
  createWebhook,
  listDeliveries,
  plainHmacSignature,
  startTestReceiver,
  type TestReceiver,
} from './webhooks.test-helpers';

const ALL_EVENTS = [
  'document:created',
  'document:deleted',
  'document:updated',
  'document:tag:added',
  'document:tag:removed',
];
const TIMEOUT_MS = 400;

describe.each(testDialects)('webhook deliveries on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  // Real time at start, so the standardwebhooks library accepts the timestamps; moved by hand for retries.
  const clock = createTestClock(new Date());
  const { server, smtp, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS),
      MAX_ORGANIZATIONS_PER_USER: '100',
    },
  });
  let owner: TestUser;
  let receiver: TestReceiver;
  let uploads = 0;

  const run = () => server.jobQueue.runDueJobs();
  /** What the receiver got about one organization (retries of earlier tests come due when the clock moves). */
  const receivedFor = (organizationId: string) =>
    receiver.received.filter(({ json }) => json.data.organizationId === organizationId);
  const upload = (organizationId: string, name = `Report ${++uploads}.txt`) =>
    createDocument(server, { cookie: owner.cookie }, organizationId, {
      name,
      data: `${name} body`,
      type: 'text/plain',
    });

  beforeAll(async () => {
    receiver = await startTestReceiver();
    owner = await createUser('hooks-owner@example.com', 'Hook Owner');
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(async () => {
    // Whatever earlier tests left queued runs first, then the receiver starts afresh.
    await run();
    receiver.reset();
  });

  it('delivers each of the five events with the data of the change, in the order they happened', async () => {
    const organization = await createOrganization(server, owner, 'Five events');
    const webhook = await createWebhook(server, owner, organization.id, {
      url: `${receiver.url}/all`,
      events: ALL_EVENTS,
    });
    const document = await upload(organization.id, 'Invoice March.txt');
    await run();

    const tagResponse = await call(server.app, 'POST', `/api/organizations/${organization.id}/tags`, {
      cookie: owner.cookie,
      body: { name: 'Invoices', color: '#112233' },
    });
    const { tag } = await readJson<{ tag: TagDto }>(tagResponse);
    const base = `/api/organizations/${organization.id}/documents/${document.id}`;
    expect(
      (await call(server.app, 'POST', `${base}/tags`, { cookie: owner.cookie, body: { tagId: tag.id } }))
        .status,
    ).toBe(201);
    expect(
      (await call(server.app, 'PATCH', base, { cookie: owner.cookie, body: { name: 'Invoice April.txt' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(server.app, 'DELETE', `${base}/tags/${tag.id}`, { cookie: owner.cookie })).status,
    ).toBe(204);
    expect((await call(server.app, 'DELETE', base, { cookie: owner.cookie })).status).toBe(204);
    await run();

    expect(receiver.received.map(({ json }) => json.type)).toEqual([
      'document:created',
      // The text extracted in the background.
      'document:updated',
      'document:tag:added',
      'document:updated',
      'document:tag:removed',
      'document:deleted',
    ]);
    const [created, extracted, added, renamed, removed, deleted] = receiver.received.map(({ json }) => json);
    const ids = { documentId: document.id, organizationId: organization.id };
    expect(created?.data).toEqual({
      ...ids,
      name: 'Invoice March.txt',
      createdAt: document.createdAt,
      updatedAt: null,
    });
    expect(extracted?.data).toEqual({
      ...ids,
      updatedFields: ['content'],
      content: 'Invoice March.txt body',
    });
    expect(added?.data).toEqual({ ...ids, tagId: tag.id, tagName: 'Invoices' });
    expect(renamed?.data).toEqual({ ...ids, updatedFields: ['name'], name: 'Invoice April.txt' });
    expect(removed?.data).toEqual({ ...ids, tagId: tag.id, tagName: 'Invoices' });
    expect(deleted?.data).toEqual(ids);
    for (const { json, path } of receiver.received) {
      expect(path).toBe('/all');
      expect(new Date(json.timestamp).toISOString()).toBe(json.timestamp);
    }

    const { deliveries } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveries).toHaveLength(6);
    expect(
      deliveries.every((delivery) => delivery.status === 'success' && delivery.responseStatus === 200),
    ).toBe(true);
    const listed = await call(
      server.app,
      'GET',
      `/api/organizations/${organization.id}/webhooks/${webhook.id}`,
      {
        cookie: owner.cookie,
      },
    );
    const { webhook: after } = await readJson<{
      webhook: { lastTriggeredAt: string | null; lastDeliveryStatus: string };
    }>(listed);
    expect(after.lastTriggeredAt).not.toBeNull();
    expect(after.lastDeliveryStatus).toBe('success');
  });

  it('delivers document:note:created with the note and its author, in the order of the changes', async () => {
    const organization = await createOrganization(server, owner, 'Noted');
    await createWebhook(server, owner, organization.id, {
      url: `${receiver.url}/notes`,
      events: ['document:note:created', 'document:updated'],
    });
    const document = await upload(organization.id, 'Contract.txt');
    await run();
    receiver.reset();
    const notes = `/api/organizations/${organization.id}/documents/${document.id}/notes`;
    const added = await call(server.app, 'POST', notes, {
      cookie: owner.cookie,
      body: { content: '  Signed copy sent by post  ' },
    });
    expect(added.status).toBe(201);
    const { note } = await readJson<{ note: { id: string; createdAt: string } }>(added);
    // Neither an edit nor a deletion is an event.
    await call(server.app, 'PATCH', `${notes}/${note.id}`, {
      cookie: owner.cookie,
      body: { content: 'Edited' },
    });
    await call(server.app, 'DELETE', `${notes}/${note.id}`, { cookie: owner.cookie });
    await run();

    expect(receiver.received.map(({ json }) => json.type)).toEqual(['document:note:created']);
    const [created] = receiver.received;
    expect(created?.path).toBe('/notes');
    expect(created?.json).toEqual({
      type: 'document:note:created',
      timestamp: note.createdAt,
      data: {
        documentId: document.id,
        organizationId: organization.id,
        noteId: note.id,
        content: 'Signed copy sent by post',
        author: { id: owner.userId, name: 'Hook Owner' },
        createdAt: note.createdAt,
      },
    });
  });

  it('names the changed fields in document:updated, with the document date when it changed', async () => {
    const organization = await createOrganization(server, owner, 'Dated');
    await createWebhook(server, owner, organization.id, {
      url: `${receiver.url}/updated`,
      events: ['document:updated'],
    });
    const document = await upload(organization.id, 'Receipt.txt');
    await run();
    receiver.reset();
    const base = `/api/organizations/${organization.id}/documents/${document.id}`;
    const patch = (body: Record<string, unknown>) =>
      call(server.app, 'PATCH', base, { cookie: owner.cookie, body });
    expect((await patch({ documentDate: '2026-02-03' })).status).toBe(200);
    expect((await patch({ name: 'Receipt February.txt', documentDate: null })).status).toBe(200);
    expect((await patch({ content: 'Paid in full' })).status).toBe(200);
    await run();

    const ids = { documentId: document.id, organizationId: organization.id };
    expect(receiver.received.map(({ json }) => json.data)).toEqual([
      { ...ids, updatedFields: ['documentDate'], documentDate: '2026-02-03' },
      {
        ...ids,
        updatedFields: expect.arrayContaining(['name', 'documentDate']),
        name: 'Receipt February.txt',
        documentDate: null,
      },
      { ...ids, updatedFields: ['content'], content: 'Paid in full' },
    ]);
  });

  it('signs with a whsec_ secret so that the standardwebhooks library verifies the delivery', async () => {
    const organization = await createOrganization(server, owner, 'Standard signer');
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    await createWebhook(server, owner, organization.id, { url: receiver.url, secret });
    await upload(organization.id);
    await run();

    const [delivery] = receiver.ofType('document:created');
    expect(delivery).toBeDefined();
    const headers = Object.fromEntries(
      Object.entries(delivery!.headers).map(([name, value]) => [name, String(value)]),
    );
    expect(new Webhook(secret).verify(delivery!.body, headers)).toEqual(JSON.parse(delivery!.body));
    expect(() =>
      new Webhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').verify(delivery!.body, headers),
    ).toThrow();
  });

  it('signs with a plain secret so that an HMAC over its UTF-8 bytes verifies, with the Standard Webhooks headers', async () => {
    const organization = await createOrganization(server, owner, 'Plain signer');
    const secret = 'plain secret, ünïcödé 🔑';
    await createWebhook(server, owner, organization.id, { url: receiver.url, secret });
    await upload(organization.id);
    await run();

    const [delivery] = receiver.ofType('document:created');
    const { headers, body } = delivery!;
    expect(headers['webhook-signature']).toBe(plainHmacSignature({ secret, headers, body }));
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(WEBHOOK_USER_AGENT).toMatch(/^Sheaf-Webhooks\/\d+\.\d+\.\d+/);
    expect(headers['webhook-id']).toMatch(/^msg_[a-z0-9]{24}$/);
    expect(Number(headers['webhook-timestamp'])).toBe(Math.floor(clock.now().getTime() / 1000));
  });

  it('sends a webhook without a secret unsigned', async () => {
    const organization = await createOrganization(server, owner, 'Unsigned');
    await createWebhook(server, owner, organization.id, { url: receiver.url });
    await upload(organization.id);
    await run();

    const [delivery] = receiver.ofType('document:created');
    expect(delivery?.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery?.headers['webhook-signature']).toBeUndefined();
  });

  it('retries a receiver that answers 500 twice then 200: three attempts recorded with one webhook-id', async () => {
    const organization = await createOrganization(server, owner, 'Flaky receiver');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    receiver.answerInTurn([500, 500]);
    await upload(organization.id);
    await run();
    expect(receivedFor(organization.id)).toHaveLength(1);
    // Not before its backoff (5 s ± 20 %).
    clock.advance(3_000);
    await run();
    expect(receivedFor(organization.id)).toHaveLength(1);
    clock.advance(4_000);
    await run();
    expect(receivedFor(organization.id)).toHaveLength(2);
    clock.advance(40_000);
    await run();

    expect(receivedFor(organization.id)).toHaveLength(3);
    const ids = new Set(receivedFor(organization.id).map(({ headers }) => headers['webhook-id']));
    expect(ids.size).toBe(1);
    const { deliveries, deliveriesCount } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveriesCount).toBe(3);
    expect(
      deliveries.map(({ attempt, status, responseStatus }) => ({ attempt, status, responseStatus })),
    ).toEqual([
      { attempt: 3, status: 'success', responseStatus: 200 },
      { attempt: 2, status: 'failure', responseStatus: 500 },
      { attempt: 1, status: 'failure', responseStatus: 500 },
    ]);
    expect(deliveries[1]?.error).toContain('500');
    expect(deliveries[1]?.responseBody).toBe('answered 500');
    expect(new Set(deliveries.map(({ messageId }) => messageId))).toEqual(ids);
    expect(deliveries[0]?.requestBody).toBe(receiver.received[0]?.body);
  });

  it('stops retrying when the receiver answers 410 Gone', async () => {
    const organization = await createOrganization(server, owner, 'Gone receiver');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    receiver.answerInTurn([410]);
    await upload(organization.id);
    await run();
    clock.advance(DAY_MS);
    await run();

    expect(receivedFor(organization.id)).toHaveLength(1);
    const { deliveries } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveries.map(({ responseStatus }) => responseStatus)).toEqual([410]);
  });

  it('fails an attempt that gets no answer within WEBHOOKS_TIMEOUT_MS', async () => {
    const organization = await createOrganization(server, owner, 'Silent receiver');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    // Reads the request and never answers.
    receiver.respondWith(() => {});
    await upload(organization.id);
    await run();

    const { deliveries } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      status: 'failure',
      responseStatus: null,
      error: `Timed out after ${TIMEOUT_MS} ms`,
    });
    receiver.reset();
  });

  it('counts a 302 as a failure and does not follow it', async () => {
    const organization = await createOrganization(server, owner, 'Redirecting receiver');
    const webhook = await createWebhook(server, owner, organization.id, { url: `${receiver.url}/moved` });
    receiver.respondWith((request, response) => {
      if (request.path === '/moved') {
        response.writeHead(302, { location: `${receiver.url}/target` });
        return response.end();
      }
      response.writeHead(200);
      response.end();
    });
    await upload(organization.id);
    await run();

    expect(receivedFor(organization.id).map(({ path }) => path)).toEqual(['/moved']);
    const { deliveries } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveries[0]).toMatchObject({ status: 'failure', responseStatus: 302 });
    expect(deliveries[0]?.error).toContain('Redirect not followed');
  });

  it('sends nothing to a disabled webhook nor for an event the webhook does not subscribe to', async () => {
    const organization = await createOrganization(server, owner, 'Quiet');
    await createWebhook(server, owner, organization.id, {
      url: `${receiver.url}/disabled`,
      enabled: false,
      events: ALL_EVENTS,
    });
    await createWebhook(server, owner, organization.id, {
      url: `${receiver.url}/deletions`,
      events: ['document:deleted'],
    });
    await upload(organization.id);
    await run();
    expect(receivedFor(organization.id)).toEqual([]);
    const count = await testDatabase.db
      .selectFrom('webhook_messages')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('organization_id', '=', organization.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  it('drops the pending deliveries of a webhook when it is disabled', async () => {
    const organization = await createOrganization(server, owner, 'Turned off');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    receiver.answerInTurn([503]);
    await upload(organization.id);
    await run();
    const turnedOff = await call(
      server.app,
      'PUT',
      `/api/organizations/${organization.id}/webhooks/${webhook.id}`,
      {
        cookie: owner.cookie,
        body: { enabled: false },
      },
    );
    expect(turnedOff.status).toBe(200);
    clock.advance(DAY_MS);
    await run();
    expect(receivedFor(organization.id)).toHaveLength(1);
  });

  it('sends nothing for a change that rolls back', async () => {
    const organization = await createOrganization(server, owner, 'Rolled back');
    await createWebhook(server, owner, organization.id, { url: receiver.url, events: ['document:updated'] });
    // A tagging rule tags the document in the transaction that saves its extracted text; a
    // failing tag insert makes that whole transaction (and its document:updated event) roll back.
    const tagResponse = await call(server.app, 'POST', `/api/organizations/${organization.id}/tags`, {
      cookie: owner.cookie,
      body: { name: 'Doomed', color: '#aa0000' },
    });
    const { tag } = await readJson<{ tag: TagDto }>(tagResponse);
    const rule = await call(server.app, 'POST', `/api/organizations/${organization.id}/tagging-rules`, {
      cookie: owner.cookie,
      body: {
        name: 'Tag reports',
        conditions: [{ field: 'content', operator: 'contains', value: 'body' }],
        tagIds: [tag.id],
      },
    });
    expect(rule.status).toBe(201);
    const db = testDatabase.db;
    const allowInserts = await refuseInserts({
      db,
      dialect,
      table: 'documents_tags',
      message: 'tag insert refused by the test',
    });
    try {
      const document = await upload(organization.id);
      await run();
      expect(receivedFor(organization.id)).toEqual([]);
      const saved = await db
        .selectFrom('documents')
        .select('content')
        .where('id', '=', document.id)
        .executeTakeFirstOrThrow();
      expect(saved.content).toBe('');
      const messages = await db
        .selectFrom('webhook_messages')
        .select('id')
        .where('organization_id', '=', organization.id)
        .execute();
      expect(messages).toEqual([]);
      const extraction = await db
        .selectFrom('jobs')
        .select('last_error')
        .where('payload', 'like', `%${document.id}%`)
        .executeTakeFirstOrThrow();
      expect(extraction.last_error).toContain('tag insert refused by the test');
    } finally {
      await allowInserts();
    }
    // Once the change commits (its job retried), its event is sent.
    clock.advance(60 * 60_000);
    await run();
    expect(receivedFor(organization.id).map(({ json }) => json.type)).toEqual(['document:updated']);
  });

  it('holds a later event about a document until the earlier one is delivered, without holding other documents', async () => {
    const organization = await createOrganization(server, owner, 'Ordered');
    await createWebhook(server, owner, organization.id, { url: receiver.url, events: ALL_EVENTS });
    receiver.respondWith((request, response) => {
      // The first document's creation fails until told otherwise.
      const failing = request.json.type === 'document:created' && request.json.data.name === 'First.txt';
      response.writeHead(failing && !receiverHealed ? 500 : 200);
      response.end();
    });
    let receiverHealed = false;
    const first = await upload(organization.id, 'First.txt');
    const second = await upload(organization.id, 'Second.txt');
    await run();
    await call(server.app, 'PATCH', `/api/organizations/${organization.id}/documents/${first.id}`, {
      cookie: owner.cookie,
      body: { name: 'First renamed.txt' },
    });
    await run();

    const about = (documentId: string) =>
      receivedFor(organization.id)
        .filter(({ json }) => json.data.documentId === documentId)
        .map(({ json }) => json.type);
    // The second document went through; the first's later events wait behind its failed creation.
    expect(about(second.id)).toEqual(['document:created', 'document:updated']);
    expect(about(first.id)).toEqual(['document:created']);

    receiverHealed = true;
    clock.advance(10_000);
    await run();
    expect(about(first.id)).toEqual([
      'document:created',
      'document:created',
      'document:updated',
      'document:updated',
    ]);
    const updates = receivedFor(organization.id).filter(
      ({ json }) => json.type === 'document:updated' && json.data.documentId === first.id,
    );
    expect(updates.map(({ json }) => json.data)).toEqual([
      {
        documentId: first.id,
        organizationId: organization.id,
        updatedFields: ['content'],
        content: 'First.txt body',
      },
      {
        documentId: first.id,
        organizationId: organization.id,
        updatedFields: ['name'],
        name: 'First renamed.txt',
      },
    ]);
  });

  it('redelivers an event with the same webhook-id, and sends a webhook:test ping on demand', async () => {
    const organization = await createOrganization(server, owner, 'Redelivered');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    receiver.answerInTurn([410]);
    await upload(organization.id);
    await run();
    const [failed] = (await listDeliveries(server, owner, organization.id, webhook.id)).deliveries;
    const base = `/api/organizations/${organization.id}/webhooks/${webhook.id}`;
    clock.advance(1_000);
    const redelivered = await call(server.app, 'POST', `${base}/deliveries/${failed!.id}/redeliver`, {
      cookie: owner.cookie,
    });
    expect(redelivered.status).toBe(202);
    expect(await readJson(redelivered)).toEqual({ messageId: failed!.messageId });
    await run();
    expect(receivedFor(organization.id).map(({ headers }) => headers['webhook-id'])).toEqual([
      failed!.messageId,
      failed!.messageId,
    ]);

    clock.advance(1_000);
    const pinged = await call(server.app, 'POST', `${base}/test`, { cookie: owner.cookie });
    expect(pinged.status).toBe(202);
    await run();
    const ping = receiver.ofType('webhook:test')[0];
    expect(ping?.json.data).toEqual({ webhookId: webhook.id, organizationId: organization.id });
    const { deliveries } = await listDeliveries(server, owner, organization.id, webhook.id);
    expect(deliveries.map(({ eventType, attempt, status }) => ({ eventType, attempt, status }))).toEqual([
      { eventType: 'webhook:test', attempt: 1, status: 'success' },
      { eventType: 'document:created', attempt: 2, status: 'success' },
      { eventType: 'document:created', attempt: 1, status: 'failure' },
    ]);

    const unknown = await call(
      server.app,
      'POST',
      `${base}/deliveries/whd_000000000000000000000000/redeliver`,
      {
        cookie: owner.cookie,
      },
    );
    expect(unknown.status).toBe(404);
    expect((await readJson<{ error: { code: string } }>(unknown)).error.code).toBe(
      'webhooks.delivery_not_found',
    );
  });

  it('disables a webhook whose deliveries all failed for 3 days and e-mails the owners once', async () => {
    const organization = await createOrganization(server, owner, 'Broken receiver');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    receiver.respondWith((_request, response) => {
      response.writeHead(500);
      response.end();
    });
    await upload(organization.id);
    await run();
    clock.advance(2 * DAY_MS);
    await upload(organization.id);
    await run();
    const read = async () => {
      const response = await call(
        server.app,
        'GET',
        `/api/organizations/${organization.id}/webhooks/${webhook.id}`,
        {
          cookie: owner.cookie,
        },
      );
      return (await readJson<{ webhook: { enabled: boolean; lastDeliveryStatus: string } }>(response))
        .webhook;
    };
    expect(await read()).toMatchObject({ enabled: true, lastDeliveryStatus: 'failure' });
    const mailsBefore = smtp.received.length;

    clock.advance(DAY_MS + 60_000);
    await upload(organization.id);
    await run();
    expect(await read()).toMatchObject({ enabled: false });
    await run();
    // In the owner's language (French here, from the sign-up), with a link to the webhook.
    const mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.envelope.to).toEqual(['hooks-owner@example.com']);
    expect(mails[0]?.parsed.html).toContain('lang="fr"');
    expect(mails[0]?.parsed.text).toContain(
      `/organizations/${organization.id}/settings/webhooks/${webhook.id}`,
    );

    // Disabled: no more events, no more e-mails.
    const sent = receivedFor(organization.id).length;
    clock.advance(DAY_MS);
    await upload(organization.id);
    await run();
    expect(receivedFor(organization.id)).toHaveLength(sent);
    receiver.reset();
  });

  it('purges delivery attempts older than 30 days', async () => {
    const organization = await createOrganization(server, owner, 'Old log');
    const webhook = await createWebhook(server, owner, organization.id, { url: receiver.url });
    await upload(organization.id);
    await run();
    expect((await listDeliveries(server, owner, organization.id, webhook.id)).deliveriesCount).toBe(1);
    clock.advance(31 * DAY_MS);
    await server.services.webhooks.purgeOldDeliveries();
    expect((await listDeliveries(server, owner, organization.id, webhook.id)).deliveriesCount).toBe(0);
  });
});

describe.each(testDialects)('webhook receivers side by side on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase, {
    // Long enough that a held attempt is still open whenever the other receiver is served.
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOKS_TIMEOUT_MS: '60000' },
  });
  let owner: TestUser;
  let receiver: TestReceiver;

  beforeAll(async () => {
    receiver = await startTestReceiver();
    owner = await createUser('side-by-side@example.com');
  });
  afterAll(async () => {
    await server.jobQueue.stop();
    await receiver?.close();
  });

  it('serves a receiver while another one leaves its requests unanswered', { timeout: 60_000 }, async () => {
    const slow = await createOrganization(server, owner, 'Slow receiver');
    const fast = await createOrganization(server, owner, 'Fast receiver');
    await createWebhook(server, owner, slow.id, { url: `${receiver.url}/slow` });
    await createWebhook(server, owner, fast.id, { url: `${receiver.url}/fast` });
    const held: Array<import('node:http').ServerResponse> = [];
    let heldWhenFastArrived = -1;
    receiver.respondWith((request, response) => {
      if (request.path === '/slow') {
        held.push(response);
        return;
      }
      heldWhenFastArrived = held.filter((pending) => !pending.writableEnded && !pending.destroyed).length;
      response.writeHead(200);
      response.end();
    });
    const waitFor = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    await server.jobQueue.start();
    for (let index = 0; index < 12; index++) {
      await createDocument(server, { cookie: owner.cookie }, slow.id, {
        name: `slow-${index}.txt`,
        data: `slow ${index}`,
        type: 'text/plain',
      });
    }
    await waitFor(() => held.length >= 1);
    await createDocument(server, { cookie: owner.cookie }, fast.id, {
      name: 'fast.txt',
      data: 'fast',
      type: 'text/plain',
    });
    await waitFor(() => heldWhenFastArrived >= 0);

    // The fast receiver got its event while the slow one still held its attempts open.
    expect(heldWhenFastArrived).toBeGreaterThanOrEqual(1);
    receiver.respondWith((_request, response) => {
      response.writeHead(200);
      response.end();
    });
    for (const response of held) {
      response.writeHead(200);
      response.end();
    }
    await waitFor(
      () =>
        new Set(
          receiver.received.filter(({ path }) => path === '/slow').map(({ json }) => json.data.documentId),
        ).size >= 12,
    );
  });
});

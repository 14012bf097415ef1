import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { serializeEmailForWebhook, signBody, triggerWebhook } from '@owlrelay/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf } from '../../test/test-files';
import { listDocuments, request } from '../documents/documents.test-helpers';
import {
  createOrganization,
  organizationsTestEnv,
  type TestServer,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import {
  createAllowingIntakeEmail,
  INTAKE_TEST_WEBHOOK_SECRET,
  intakeTestEnv,
  listIntakeMessages,
} from './intake-emails.test-helpers';

const SENDER = 'scanner@office.example';
const MAX_MESSAGE_SIZE = 200_000;

/** The e-mail as OwlRelay hands it to `triggerWebhook`, plus the Message-ID Papra's format carries. */
type RelayedEmail = Parameters<typeof triggerWebhook>[0]['email'] & { messageId?: string };

/** A real HTTP server on loopback for a test server's app, as a relay reaches it. */
async function listen(server: TestServer) {
  const httpServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/intake-emails/ingest`,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

const pdfAttachment = (name: string, content: Buffer) => ({
  filename: name,
  mimeType: 'application/pdf',
  content: content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer,
});

describe.each(testDialects)('intake e-mail through the signed HTTP ingest on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, smtp, createUser } = useApiTestServer(testDatabase, {
    env: intakeTestEnv({
      MAX_ORGANIZATIONS_PER_USER: '100',
      INTAKE_EMAILS_MAX_MESSAGE_SIZE: String(MAX_MESSAGE_SIZE),
    }),
  });
  let owner: TestUser;
  let endpoint: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    owner = await createUser(`intake-ingest-${dialect}@example.com`);
    endpoint = await listen(server);
  });
  afterAll(async () => {
    await endpoint?.close();
  });

  const owned = () => ({ cookie: owner.cookie });
  async function organizationWithAddress() {
    const organization = await createOrganization(server, owner, 'Relayed');
    const intakeEmail = await createAllowingIntakeEmail(server, owned(), organization.id, [SENDER]);
    return { organizationId: organization.id, intakeEmail };
  }
  const documentsOf = async (organizationId: string) =>
    (await listDocuments(server, owned(), organizationId)).documents;
  const receivedCount = async () =>
    (await testDatabase.db.selectFrom('intake_email_received').select('id').execute()).length;

  /** Posts as OwlRelay does (its own serializer and signer), with `secret` (null: unsigned). */
  const relay = (
    email: RelayedEmail,
    secret: string | null = INTAKE_TEST_WEBHOOK_SECRET,
    url = endpoint.url,
  ) => triggerWebhook({ email, webhookUrl: url, webhookSecret: secret, httpClient: fetch });

  it('accepts a message signed by the OwlRelay signer with 202 and makes a document of its attachment', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const pdf = createTextPdf([['Scanned contract', 'Page one']]);
    const response = await relay({
      from: { address: SENDER, name: 'Office scanner' },
      to: [{ address: intakeEmail.emailAddress.toUpperCase() }],
      subject: 'Scan to e-mail',
      text: 'Scanned document attached.',
      messageId: '<scan-1@office.example>',
      attachments: [pdfAttachment('Contract scan.pdf', pdf)],
    });
    expect(response.status).toBe(202);
    expect(await receivedCount()).toBe(1);

    await server.jobQueue.runDueJobs();
    const documents = await documentsOf(organizationId);
    expect(documents.map(({ name }) => name)).toEqual(['Contract scan.pdf']);
    const file = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/${documents[0]?.id}/file`,
      owned(),
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(message).toMatchObject({
      source: 'ingest',
      status: 'processed',
      from: SENDER,
      subject: 'Scan to e-mail',
      messageId: 'scan-1@office.example',
      documents: [{ id: documents[0]?.id, name: 'Contract scan.pdf' }],
    });
    expect(await receivedCount()).toBe(0);
  });

  it('refuses a wrong signature with 401 and no signature with 400, storing nothing', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const email: RelayedEmail = {
      from: { address: SENDER },
      to: [{ address: intakeEmail.emailAddress }],
      attachments: [pdfAttachment('forged.pdf', createTextPdf([['Forged']]))],
    };
    const forged = await relay(email, 'not-the-intake-webhook-secret');
    expect(forged.status).toBe(401);
    expect((await readError(forged)).error.code).toBe('intake_emails.invalid_signature');

    const unsigned = await relay(email, null);
    expect(unsigned.status).toBe(400);
    expect((await readError(unsigned)).error.code).toBe('intake_emails.signature_missing');

    // A signature of another body (a replay onto altered content) is as wrong as a bad secret.
    const { body } = serializeEmailForWebhook({ email });
    const signed = new Response(body);
    const bodyBuffer = await signed.arrayBuffer();
    const { signature } = await signBody({ bodyBuffer, secret: INTAKE_TEST_WEBHOOK_SECRET });
    const altered = Buffer.from(bodyBuffer);
    altered[altered.length - 10] = (altered[altered.length - 10] ?? 0) ^ 1;
    const replayed = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': signed.headers.get('content-type') ?? '', 'x-signature': signature },
      body: altered,
    });
    expect(replayed.status).toBe(401);

    expect(await receivedCount()).toBe(0);
    await server.jobQueue.runDueJobs();
    expect(await documentsOf(organizationId)).toEqual([]);
  });

  it('needs no session and passes the Origin check, being signed instead', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const { body } = serializeEmailForWebhook({
      email: {
        from: { address: SENDER },
        to: [{ address: intakeEmail.emailAddress }],
        attachments: [pdfAttachment('cross-site.pdf', createTextPdf([['Cross site']]))],
      },
    });
    const prepared = new Response(body);
    const bodyBuffer = await prepared.arrayBuffer();
    const { signature } = await signBody({ bodyBuffer, secret: INTAKE_TEST_WEBHOOK_SECRET });
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': prepared.headers.get('content-type') ?? '',
        'x-signature': signature,
        origin: 'https://relay.elsewhere.example',
        'sec-fetch-site': 'cross-site',
      },
      body: bodyBuffer,
    });
    expect(response.status).toBe(202);
    await server.jobQueue.runDueJobs();
    expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['cross-site.pdf']);
  });

  it('refuses a signed body over the maximum message size with 413, and a malformed one with 400', async () => {
    const { intakeEmail } = await organizationWithAddress();
    const tooLarge = await relay({
      from: { address: SENDER },
      to: [{ address: intakeEmail.emailAddress }],
      attachments: [pdfAttachment('huge.pdf', Buffer.alloc(MAX_MESSAGE_SIZE, 1))],
    });
    expect(tooLarge.status).toBe(413);

    const form = new FormData();
    form.append('email', '{"from": not json');
    const prepared = new Response(form);
    const bodyBuffer = await prepared.arrayBuffer();
    const { signature } = await signBody({ bodyBuffer, secret: INTAKE_TEST_WEBHOOK_SECRET });
    const malformed = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': prepared.headers.get('content-type') ?? '', 'x-signature': signature },
      body: bodyBuffer,
    });
    expect(malformed.status).toBe(400);
    expect((await readError(malformed)).error).toMatchObject({
      code: 'api.validation_error',
      details: [expect.objectContaining({ path: 'email' })],
    });
    expect(await receivedCount()).toBe(0);
  });

  it('makes one document of a Message-ID relayed twice', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    for (const text of ['first', 'second']) {
      const response = await relay({
        from: { address: SENDER },
        to: [{ address: intakeEmail.emailAddress }],
        subject: 'Relayed twice',
        messageId: '<twice@office.example>',
        attachments: [pdfAttachment('twice.pdf', createTextPdf([[`Relayed ${text}`]]))],
      });
      expect(response.status).toBe(202);
    }
    await server.jobQueue.runDueJobs();
    expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['twice.pdf']);
    expect(await listIntakeMessages(server, owned(), organizationId, intakeEmail.id)).toHaveLength(1);
  });

  it('answers 403 intake_emails.disabled when intake is off, or when no ingest secret is set', async () => {
    const email: RelayedEmail = {
      from: { address: SENDER },
      to: [{ address: 'someone@intake.example.test' }],
    };
    const off = createTestServer({ database: testDatabase.database, env: organizationsTestEnv(smtp) });
    const offEndpoint = await listen(off);
    const noSecretEnv = intakeTestEnv();
    delete (noSecretEnv as { INTAKE_EMAILS_WEBHOOK_SECRET?: string }).INTAKE_EMAILS_WEBHOOK_SECRET;
    const noSecret = createTestServer({
      database: testDatabase.database,
      env: organizationsTestEnv(smtp, noSecretEnv),
    });
    const noSecretEndpoint = await listen(noSecret);
    try {
      for (const url of [offEndpoint.url, noSecretEndpoint.url]) {
        const response = await relay(email, INTAKE_TEST_WEBHOOK_SECRET, url);
        expect(response.status, url).toBe(403);
        expect((await readError(response)).error.code).toBe('intake_emails.disabled');
      }
      const config = await readJson<{ config: { intakeEmails: { isEnabled: boolean } } }>(
        await off.app.request('/api/config'),
      );
      expect(config.config.intakeEmails.isEnabled).toBe(false);
    } finally {
      await offEndpoint.close();
      await noSecretEndpoint.close();
      await off.services.extractionPool.close();
      await noSecret.services.extractionPool.close();
    }
    expect(await receivedCount()).toBe(0);
  });
});

import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { createTestServer, silentLogger } from '../../test/test-app';
import { refuseInserts, testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf, createTextPng } from '../../test/test-files';
import { listActivities, listDocuments, request } from '../documents/documents.test-helpers';
import {
  createOrganization,
  organizationsTestEnv,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { type IntakeSmtpReceiver, startIntakeSmtpReceiver } from './intake-emails.smtp';
import {
  composeMail,
  createAllowingIntakeEmail,
  createIntakeEmail,
  INTAKE_TEST_DOMAIN,
  intakeTestEnv,
  listIntakeMessages,
  refusalOf,
  sendMail,
  smtpDialogue,
  updateIntakeEmail,
} from './intake-emails.test-helpers';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './intake-emails.test-tls';

const SENDER = 'billing@supplier.example';
/** A small limit, so that an over-size message is quick to send. */
const MAX_MESSAGE_SIZE = 300_000;

describe.each(testDialects)('intake e-mail through the SMTP receiver on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, smtp, createUser } = useApiTestServer(testDatabase, {
    env: intakeTestEnv({ MAX_ORGANIZATIONS_PER_USER: '100' }),
  });
  let owner: TestUser;
  let receiver: IntakeSmtpReceiver;

  beforeAll(async () => {
    owner = await createUser(`intake-smtp-${dialect}@example.com`);
    receiver = await startIntakeSmtpReceiver({
      intakeEmails: server.services.intakeEmails,
      host: '127.0.0.1',
      port: 0,
      domain: INTAKE_TEST_DOMAIN,
      maxMessageSize: MAX_MESSAGE_SIZE,
      tls: undefined,
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const owned = () => ({ cookie: owner.cookie });

  /** A fresh organization with one address taking mail from `allowedOrigins`. */
  async function organizationWithAddress(allowedOrigins: string[] = [SENDER]) {
    const organization = await createOrganization(server, owner, 'Mailroom');
    const intakeEmail = await createAllowingIntakeEmail(server, owned(), organization.id, allowedOrigins);
    return { organizationId: organization.id, intakeEmail };
  }

  const documentsOf = async (organizationId: string) =>
    (await listDocuments(server, owned(), organizationId)).documents;
  const receivedCount = async () =>
    (await testDatabase.db.selectFrom('intake_email_received').select('id').execute()).length;
  const processAll = () => server.jobQueue.runDueJobs();

  it('turns the PDF attached to a mail from an allowed sender into a document named after it, byte for byte', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const pdf = createTextPdf([['Invoice 2026-0042', 'Total due: 118.00 EUR']]);

    const info = await sendMail(receiver.port, {
      from: `Supplier Billing <${SENDER}>`,
      to: intakeEmail.emailAddress,
      subject: 'Your invoice for March',
      messageId: '<invoice-0042@supplier.example>',
      attachments: [{ filename: 'Invoice March.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(info.response).toMatch(/^250 /);
    // Acknowledged means stored: the message waits for its job, nothing is made yet.
    expect(await receivedCount()).toBe(1);
    expect(await documentsOf(organizationId)).toEqual([]);

    await processAll();
    const documents = await documentsOf(organizationId);
    expect(documents).toEqual([
      expect.objectContaining({
        name: 'Invoice March.pdf',
        mimeType: 'application/pdf',
        originalSize: pdf.length,
      }),
    ]);
    const documentId = documents[0]!.id;
    const file = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/${documentId}/file`,
      owned(),
    );
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await receivedCount()).toBe(0);

    const activities = await listActivities(server, owned(), organizationId, documentId);
    expect(activities.find(({ event }) => event === 'created')).toMatchObject({
      event: 'created',
      user: null,
      eventData: { intakeEmail: { from: SENDER, emailAddress: intakeEmail.emailAddress } },
    });
    const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(messages).toEqual([
      {
        id: expect.stringMatching(/^iem_[a-z0-9]{24}$/),
        intakeEmailId: intakeEmail.id,
        source: 'smtp',
        receivedAt: expect.any(String),
        processedAt: expect.any(String),
        from: SENDER,
        subject: 'Your invoice for March',
        messageId: 'invoice-0042@supplier.example',
        status: 'processed',
        documents: [{ id: documentId, name: 'Invoice March.pdf' }],
        skippedParts: [],
      },
    ]);
  });

  it('makes no document from a sender who is not allowed, and logs why', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const info = await sendMail(receiver.port, {
      from: 'stranger@elsewhere.example',
      to: intakeEmail.emailAddress,
      subject: 'Not from a friend',
      attachments: [{ filename: 'payload.pdf', content: createTextPdf([['Spam']]) }],
    });
    // The receiver cannot know the address's senders' rules at RCPT time without leaking them: it takes the mail.
    expect(info.response).toMatch(/^250 /);
    await processAll();
    expect(await documentsOf(organizationId)).toEqual([]);
    const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(message).toMatchObject({
      status: 'sender_not_allowed',
      from: 'stranger@elsewhere.example',
      documents: [],
    });

    // An address with no allowed sender at all takes nobody's mail either.
    const closed = await organizationWithAddress([]);
    await sendMail(receiver.port, {
      from: SENDER,
      to: closed.intakeEmail.emailAddress,
      attachments: [{ filename: 'invoice.pdf', content: createTextPdf([['Closed']]) }],
    });
    await processAll();
    expect(await documentsOf(closed.organizationId)).toEqual([]);
    const [closedMessage] = await listIntakeMessages(
      server,
      owned(),
      closed.organizationId,
      closed.intakeEmail.id,
    );
    expect(closedMessage?.status).toBe('sender_not_allowed');
  });

  it('refuses a turned-off address and an unknown recipient with 550 5.1.1 at RCPT TO, storing nothing', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    await updateIntakeEmail(server, owned(), organizationId, intakeEmail.id, { isEnabled: false });
    const attachments = [{ filename: 'invoice.pdf', content: createTextPdf([['Refused']]) }];

    for (const to of [intakeEmail.emailAddress, `nobody0000000@${INTAKE_TEST_DOMAIN}`]) {
      const refusal = await refusalOf(sendMail(receiver.port, { from: SENDER, to, attachments }));
      expect(refusal.code, to).toBe('EENVELOPE');
      expect(refusal.responseCode, to).toBe(550);
      expect(refusal.response, to).toMatch(/^550 5\.1\.1 /);
    }
    expect(await receivedCount()).toBe(0);
    await processAll();
    expect(await documentsOf(organizationId)).toEqual([]);
    expect(await listIntakeMessages(server, owned(), organizationId, intakeEmail.id)).toEqual([]);

    // Turned on again, the same address takes mail.
    await updateIntakeEmail(server, owned(), organizationId, intakeEmail.id, { isEnabled: true });
    const info = await sendMail(receiver.port, { from: SENDER, to: intakeEmail.emailAddress, attachments });
    expect(info.response).toMatch(/^250 /);
    await processAll();
    expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['invoice.pdf']);
  });

  it('answers 552 to a message over the size limit, whether it declares its size or not', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const large = Buffer.alloc(MAX_MESSAGE_SIZE, 7);
    const mail = {
      from: SENDER,
      to: intakeEmail.emailAddress,
      attachments: [{ filename: 'huge.pdf', content: large, contentType: 'application/pdf' }],
    };
    const raw = await composeMail(mail);

    const to = intakeEmail.emailAddress;
    // Declared in MAIL FROM (SIZE=…): refused before the data is sent.
    const declared = await smtpDialogue(receiver.port, [
      'EHLO sender.example',
      `MAIL FROM:<${SENDER}> SIZE=${raw.length}`,
    ]);
    expect(declared[1]).toMatch(new RegExp(`SIZE ${MAX_MESSAGE_SIZE}`));
    expect(declared[2]).toMatch(/^552 /);
    // Not declared: refused once the data has come in.
    const undeclared = await smtpDialogue(
      receiver.port,
      ['EHLO sender.example', `MAIL FROM:<${SENDER}>`, `RCPT TO:<${to}>`, 'DATA'],
      raw,
    );
    expect(undeclared.slice(2)).toEqual([
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^250 /),
      expect.stringMatching(/^354 /),
      expect.stringMatching(/^552 /),
    ]);
    // nodemailer reads the advertised SIZE and does not even try.
    expect((await refusalOf(sendMail(receiver.port, mail))).message).toMatch(/size/i);

    expect(await receivedCount()).toBe(0);
    await processAll();
    expect(await documentsOf(organizationId)).toEqual([]);
  });

  it('processes a Message-ID once per address, even when it comes again with another attachment', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const send = (text: string) =>
      sendMail(receiver.port, {
        from: SENDER,
        to: intakeEmail.emailAddress,
        subject: 'Retried delivery',
        messageId: '<retried-once@supplier.example>',
        attachments: [{ filename: 'receipt.txt', content: text, contentType: 'text/plain' }],
      });
    await send('first try');
    await processAll();
    // A sending server that did not see our 250 delivers again (here, even with other content).
    await send('second try');
    await send('third try');
    await processAll();

    const documents = await documentsOf(organizationId);
    expect(documents.map(({ name }) => name)).toEqual(['receipt.txt']);
    const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.documents).toEqual([{ id: documents[0]?.id, name: 'receipt.txt' }]);
    expect(await receivedCount()).toBe(0);
  });

  it('logs the documents a try cut short had already made as made by the message, not as duplicates', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    await sendMail(receiver.port, {
      from: SENDER,
      to: intakeEmail.emailAddress,
      subject: 'Two statements',
      messageId: '<cut-short@supplier.example>',
      attachments: [
        {
          filename: 'January.pdf',
          content: createTextPdf([['January statement']]),
          contentType: 'application/pdf',
        },
        {
          filename: 'February.pdf',
          content: createTextPdf([['February statement']]),
          contentType: 'application/pdf',
        },
      ],
    });
    const [received] = await testDatabase.db.selectFrom('intake_email_received').select('id').execute();
    if (!received) throw new Error('The message was not stored');

    // The first try makes both documents, then cannot write the log (a trigger refuses it), and fails.
    const allowInserts = await refuseInserts({
      db: testDatabase.db,
      dialect,
      table: 'intake_email_messages',
      message: 'log down',
    });
    try {
      await expect(
        server.services.intakeEmails.processReceived({ receivedId: received.id, attempt: 1 }),
      ).rejects.toThrow(/log down/);
    } finally {
      await allowInserts();
    }
    const made = await documentsOf(organizationId);
    expect(made.map(({ name }) => name).sort()).toEqual(['February.pdf', 'January.pdf']);

    await server.services.intakeEmails.processReceived({ receivedId: received.id, attempt: 2 });

    expect((await documentsOf(organizationId)).map(({ id }) => id).sort()).toEqual(
      made.map(({ id }) => id).sort(),
    );
    const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(message?.status).toBe('processed');
    expect(message?.skippedParts).toEqual([]);
    expect(message?.documents.map(({ id }) => id).sort()).toEqual(made.map(({ id }) => id).sort());
    expect(await receivedCount()).toBe(0);
  });

  it('records the parts it cannot take with their reason and makes documents of the others', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const png = createTextPng(['Scanned receipt']);
    const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const zip = Buffer.from('PK\u0003\u0004zipped');
    await sendMail(receiver.port, {
      from: SENDER,
      to: intakeEmail.emailAddress,
      subject: 'Mixed bag',
      attachments: [
        { filename: 'scan.png', content: png, contentType: 'image/png' },
        {
          filename: 'meeting.ics',
          content: calendar,
          contentType: 'text/calendar',
        },
        {
          filename: 'tool.zip',
          content: zip,
          contentType: 'application/zip',
        },
        { filename: 'empty.pdf', content: Buffer.alloc(0), contentType: 'application/pdf' },
      ],
    });
    // Its PNG again, in another message: already a document.
    await sendMail(receiver.port, {
      from: SENDER,
      to: intakeEmail.emailAddress,
      subject: 'Same scan',
      attachments: [{ filename: 'scan again.png', content: png, contentType: 'image/png' }],
    });
    await processAll();

    expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['scan.png']);
    const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    const mixed = messages.find(({ subject }) => subject === 'Mixed bag');
    expect(mixed?.status).toBe('processed');
    expect(mixed?.documents.map(({ name }) => name)).toEqual(['scan.png']);
    expect(mixed?.skippedParts).toEqual([
      { name: 'meeting.ics', mimeType: 'text/calendar', size: calendar.length, reason: 'type_not_accepted' },
      { name: 'tool.zip', mimeType: 'application/zip', size: zip.length, reason: 'type_not_accepted' },
      { name: 'empty.pdf', mimeType: 'application/pdf', size: 0, reason: 'empty' },
    ]);
    const same = messages.find(({ subject }) => subject === 'Same scan');
    expect(same?.documents).toEqual([]);
    expect(same?.skippedParts).toEqual([
      { name: 'scan again.png', mimeType: 'image/png', size: png.length, reason: 'already_exists' },
    ]);
  });

  it('makes nothing of a message without attachments, and logs it', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    await sendMail(receiver.port, { from: SENDER, to: intakeEmail.emailAddress, subject: 'Just words' });
    await processAll();
    expect(await documentsOf(organizationId)).toEqual([]);
    const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(message).toMatchObject({ status: 'no_attachments', subject: 'Just words', documents: [] });
  });

  it('delivers one message to each intake address it names, Bcc included, in their own organizations', async () => {
    const first = await organizationWithAddress();
    const second = await organizationWithAddress();
    const pdf = createTextPdf([['Shared contract']]);
    await sendMail(
      receiver.port,
      {
        from: SENDER,
        to: first.intakeEmail.emailAddress,
        subject: 'Contract',
        attachments: [{ filename: 'contract.pdf', content: pdf }],
      },
      // The second address only in the envelope, as a Bcc is.
      { from: SENDER, to: [first.intakeEmail.emailAddress, second.intakeEmail.emailAddress] },
    );
    await processAll();
    for (const { organizationId, intakeEmail } of [first, second]) {
      expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['contract.pdf']);
      const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
      expect(messages.map(({ status }) => status)).toEqual(['processed']);
    }
  });

  it('lists the newest 50 messages of an address, newest first', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    for (let index = 0; index < 55; index++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
      await testDatabase.db
        .insertInto('intake_email_messages')
        .values({
          id: `iem_log${String(index).padStart(21, '0')}`,
          intake_email_id: intakeEmail.id,
          organization_id: organizationId,
          message_key: `mid:log-${index}@supplier.example`,
          message_id: `log-${index}@supplier.example`,
          source: 'smtp',
          from_address: SENDER,
          subject: `Message ${index}`,
          status: 'no_attachments',
          documents: '[]',
          skipped_parts: '[]',
          received_at: at,
          processed_at: at,
        })
        .execute();
    }
    const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
    expect(messages).toHaveLength(50);
    expect(messages[0]?.subject).toBe('Message 54');
    expect(messages[49]?.subject).toBe('Message 5');
  });

  it('answers the messages of an address only for that address', async () => {
    const first = await organizationWithAddress();
    const other: IntakeEmailDto = await createIntakeEmail(server, owned(), first.organizationId);
    await sendMail(receiver.port, {
      from: SENDER,
      to: first.intakeEmail.emailAddress,
      subject: 'For the first',
    });
    await processAll();
    expect(await listIntakeMessages(server, owned(), first.organizationId, other.id)).toEqual([]);
    expect(
      (await listIntakeMessages(server, owned(), first.organizationId, first.intakeEmail.id)).map(
        ({ subject }) => subject,
      ),
    ).toEqual(['For the first']);
  });

  it('offers STARTTLS when given a key and certificate, and takes mail over it', async () => {
    const { organizationId, intakeEmail } = await organizationWithAddress();
    const secured = await startIntakeSmtpReceiver({
      intakeEmails: server.services.intakeEmails,
      host: '127.0.0.1',
      port: 0,
      domain: INTAKE_TEST_DOMAIN,
      maxMessageSize: MAX_MESSAGE_SIZE,
      tls: { key: TEST_TLS_KEY, cert: TEST_TLS_CERT },
      logger: silentLogger,
    });
    try {
      const [, ehlo] = await smtpDialogue(secured.port, ['EHLO sender.example']);
      expect(ehlo).toMatch(/STARTTLS/);
      const [, plainEhlo] = await smtpDialogue(receiver.port, ['EHLO sender.example']);
      expect(plainEhlo).not.toMatch(/STARTTLS/);

      const info = await sendMail(
        secured.port,
        {
          from: SENDER,
          to: intakeEmail.emailAddress,
          attachments: [{ filename: 'over-tls.pdf', content: createTextPdf([['Encrypted on the way']]) }],
        },
        undefined,
        { starttls: true },
      );
      expect(info.response).toMatch(/^250 /);
      await processAll();
      expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['over-tls.pdf']);
    } finally {
      await secured.close();
    }
  });

  it('records an attachment over the maximum upload size as too large, making the others', async () => {
    const limited = createTestServer({
      database: testDatabase.database,
      env: organizationsTestEnv(smtp, intakeTestEnv({ DOCUMENTS_MAX_UPLOAD_SIZE: '5000' })),
    });
    const limitedReceiver = await startIntakeSmtpReceiver({
      intakeEmails: limited.services.intakeEmails,
      host: '127.0.0.1',
      port: 0,
      domain: INTAKE_TEST_DOMAIN,
      maxMessageSize: MAX_MESSAGE_SIZE,
      tls: undefined,
      logger: silentLogger,
    });
    try {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6000, 32)]);
      await sendMail(limitedReceiver.port, {
        from: SENDER,
        to: intakeEmail.emailAddress,
        subject: 'One too big',
        attachments: [
          { filename: 'big.pdf', content: big, contentType: 'application/pdf' },
          { filename: 'small.txt', content: 'small enough', contentType: 'text/plain' },
        ],
      });
      await limited.jobQueue.runDueJobs();
      expect((await documentsOf(organizationId)).map(({ name }) => name)).toEqual(['small.txt']);
      const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
      expect(message?.skippedParts).toEqual([
        { name: 'big.pdf', mimeType: 'application/pdf', size: big.length, reason: 'too_large' },
      ]);
    } finally {
      await limitedReceiver.close();
      await limited.services.extractionPool.close();
    }
  });
});

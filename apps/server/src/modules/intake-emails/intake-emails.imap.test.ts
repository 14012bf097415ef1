import type { ImapFlow } from 'imapflow';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLeases } from '../../db/leases';
import { useApiTestServer } from '../../test/api-test-fixture';
import { silentLogger } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createTextPdf } from '../../test/test-files';
import { listDocuments } from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { IMAP_POLLER_LEASE_NAME, type ImapPoller, parseImapUrl, startImapPoller } from './intake-emails.imap';
import {
  DOVECOT_BINARY,
  isDovecotInstalled,
  startTestDovecot,
  type TestDovecot,
  type TestMailboxUser,
} from './intake-emails.test-dovecot';
import {
  composeMail,
  createAllowingIntakeEmail,
  eventually,
  freePort,
  intakeTestEnv,
  listIntakeMessages,
  type TestMail,
} from './intake-emails.test-helpers';

const SENDER = 'accounts@utility.example';
const MAILBOX_USERS: TestMailboxUser[] = ['poll', 'idle', 'moved', 'leased', 'large'].map((name) => ({
  user: `${name}@catchall.example`,
  password: `${name}-password-1234`,
}));
const [POLL_USER, IDLE_USER, MOVED_USER, LEASED_USER, LARGE_USER] = MAILBOX_USERS as [
  TestMailboxUser,
  TestMailboxUser,
  TestMailboxUser,
  TestMailboxUser,
  TestMailboxUser,
];

const dovecotInstalled = isDovecotInstalled();
if (!dovecotInstalled) {
  const message = `Dovecot is not installed (${DOVECOT_BINARY}; apt-get install dovecot-imapd): the IMAP intake tests are SKIPPED.`;
  // Loud on purpose: CI installs it, a skipped IMAP test must not go unnoticed on a workstation.
  console.warn(`\n${'!'.repeat(100)}\n!!! ${message}\n${'!'.repeat(100)}\n`);
  if (process.env.CI) {
    describe('intake e-mail IMAP polling', () => {
      it('runs against a real Dovecot, which CI installs', () => {
        throw new Error(`${message} CI must install dovecot-imapd (see .ci/run).`);
      });
    });
  }
}

// Servers, logins and polls take seconds; `eventually` gives up after 20 s, before the test does.
describe.skipIf(!dovecotInstalled).each(testDialects)(
  'intake e-mail by IMAP polling on %s',
  { timeout: 60_000 },
  (dialect) => {
    const testDatabase = useTestDatabase(dialect);
    const { server, createUser } = useApiTestServer(testDatabase, {
      env: intakeTestEnv({ MAX_ORGANIZATIONS_PER_USER: '100' }),
    });
    let owner: TestUser;
    let dovecot: TestDovecot;
    const pollers: ImapPoller[] = [];
    /** Servers a test starts besides the file's own, stopped even when the test times out. */
    const extraServers: TestDovecot[] = [];
    const clients: ImapFlow[] = [];

    beforeAll(async () => {
      owner = await createUser(`intake-imap-${dialect}@example.com`);
      dovecot = await startTestDovecot({ users: MAILBOX_USERS });
    });
    // A poller a failed test left running would keep the lease from the next test's.
    afterEach(async () => {
      for (const poller of pollers.splice(0)) await poller.stop();
    });
    afterAll(async () => {
      for (const client of clients) await client.logout().catch(() => client.close());
      for (const extra of extraServers) await extra.stop();
      await dovecot?.stop();
    });

    const owned = () => ({ cookie: owner.cookie });
    async function organizationWithAddress() {
      const organization = await createOrganization(server, owner, 'Polled');
      const intakeEmail = await createAllowingIntakeEmail(server, owned(), organization.id, [SENDER]);
      return { organizationId: organization.id, intakeEmail };
    }
    const documentNames = async (organizationId: string) =>
      (await listDocuments(server, owned(), organizationId)).documents.map(({ name }) => name);

    const startPoller = (
      user: TestMailboxUser,
      options: { pollSeconds?: number; leaseMs?: number; url?: string; maxMessageSize?: number } = {},
    ) => {
      const poller = startImapPoller({
        mailbox: parseImapUrl(options.url ?? dovecot.urlOf(user)),
        pollSeconds: options.pollSeconds ?? 1,
        maxMessageSize: options.maxMessageSize ?? 10_000_000,
        intakeEmails: server.services.intakeEmails,
        leases: createLeases({ db: testDatabase.db }),
        logger: process.env.INTAKE_IMAP_TEST_LOG ? pino({ level: 'debug' }) : silentLogger,
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      });
      pollers.push(poller);
      return poller;
    };
    const stopPoller = async (poller: ImapPoller) => {
      await poller.stop();
      pollers.splice(pollers.indexOf(poller), 1);
    };

    async function mailboxOf(user: TestMailboxUser) {
      const client = await dovecot.connect(user);
      clients.push(client);
      return client;
    }

    /** Puts a message straight into a mailbox, as the catch-all's MTA delivers it. */
    async function deliver(client: ImapFlow, mail: TestMail, folder = 'INBOX') {
      await client.append(folder, await composeMail(mail));
    }

    /** Flags of every message of a folder, by Message-ID. */
    async function flagsIn(client: ImapFlow, folder: string) {
      const lock = await client.getMailboxLock(folder);
      try {
        const flags: Record<string, string[]> = {};
        if (typeof client.mailbox === 'object' && client.mailbox.exists === 0) return flags;
        for await (const message of client.fetch('1:*', { envelope: true, flags: true })) {
          // \Recent only says which session saw the message first.
          flags[message.envelope?.messageId ?? '?'] = [...(message.flags ?? [])].filter(
            (flag) => flag !== '\\Recent',
          );
        }
        return flags;
      } finally {
        lock.release();
      }
    }

    /** Runs the stored messages' jobs until the organization has `count` documents. */
    const documentsAppear = (organizationId: string, count: number) =>
      eventually(
        async () => {
          await server.jobQueue.runDueJobs();
          const names = await documentNames(organizationId);
          return names.length >= count ? names : undefined;
        },
        { what: `${count} document(s) from the mailbox` },
      );

    it('takes a PDF appended to the mailbox in, flags it seen, and makes no duplicate when polled again after a restart', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const mailbox = await mailboxOf(POLL_USER);
      const pdf = createTextPdf([['Electricity bill', 'March 2026']]);
      await deliver(mailbox, {
        from: `Utility <${SENDER}>`,
        to: intakeEmail.emailAddress,
        subject: 'Your bill',
        messageId: '<bill-march@utility.example>',
        attachments: [{ filename: 'Bill March.pdf', content: pdf, contentType: 'application/pdf' }],
      });
      expect(await flagsIn(mailbox, 'INBOX')).toEqual({ '<bill-march@utility.example>': [] });

      const poller = startPoller(POLL_USER);
      expect(await documentsAppear(organizationId, 1)).toEqual(['Bill March.pdf']);
      await eventually(
        async () =>
          ((await flagsIn(mailbox, 'INBOX'))['<bill-march@utility.example>'] ?? []).includes('\\Seen') ||
          undefined,
        { what: 'the message to be flagged seen' },
      );
      const [message] = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
      expect(message).toMatchObject({
        source: 'imap',
        status: 'processed',
        from: SENDER,
        subject: 'Your bill',
      });
      await stopPoller(poller);

      // As if the flag had been lost (a crash between the store and the flag): polled again after a restart.
      const lock = await mailbox.getMailboxLock('INBOX');
      try {
        await mailbox.messageFlagsRemove('1:*', ['\\Seen']);
      } finally {
        lock.release();
      }
      const restarted = startPoller(POLL_USER);
      await eventually(
        async () =>
          ((await flagsIn(mailbox, 'INBOX'))['<bill-march@utility.example>'] ?? []).includes('\\Seen') ||
          undefined,
        { what: 'the message to be flagged seen again' },
      );
      await stopPoller(restarted);
      await server.jobQueue.runDueJobs();
      expect(await documentNames(organizationId)).toEqual(['Bill March.pdf']);
      expect(await listIntakeMessages(server, owned(), organizationId, intakeEmail.id)).toHaveLength(1);
      expect(await testDatabase.db.selectFrom('intake_email_received').select('id').execute()).toEqual([]);
    });

    it('logs a message over the size limit as too large for its address without taking it in, once even when polled again', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const mailbox = await mailboxOf(LARGE_USER);
      // About 100 KB of attachment (more once base64-encoded), twice the poller's limit.
      const scan = Buffer.alloc(100_000, 'scan of a large invoice ');
      const large = { to: intakeEmail.emailAddress, attachments: [{ filename: 'scan.pdf', content: scan }] };
      await deliver(mailbox, {
        ...large,
        from: `Utility <${SENDER}>`,
        subject: 'Scanned invoices',
        messageId: '<large-scan@utility.example>',
      });
      // A sender not allowed learns nothing more from a large message than from any other; this
      // one names the address only in Delivered-To (a Bcc), as the catch-all's MTA writes it.
      const spam = await composeMail({
        ...large,
        to: 'list@example.net',
        from: 'stranger@example.net',
        subject: 'Large spam',
        messageId: '<large-spam@example.net>',
      });
      await mailbox.append(
        'INBOX',
        Buffer.concat([Buffer.from(`Delivered-To: ${intakeEmail.emailAddress}\r\n`), spam]),
      );
      const allSeen = async () => {
        const flags = Object.values(await flagsIn(mailbox, 'INBOX'));
        return flags.length === 2 && flags.every((flag) => flag.includes('\\Seen')) ? true : undefined;
      };

      const poller = startPoller(LARGE_USER, { maxMessageSize: 50_000 });
      await eventually(allSeen, { what: 'the large messages to be flagged seen' });
      await stopPoller(poller);
      await server.jobQueue.runDueJobs();
      expect(await documentNames(organizationId)).toEqual([]);
      expect(await testDatabase.db.selectFrom('intake_email_received').select('id').execute()).toEqual([]);
      const messages = await listIntakeMessages(server, owned(), organizationId, intakeEmail.id);
      expect(messages).toHaveLength(2);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            source: 'imap',
            status: 'too_large',
            from: SENDER,
            subject: 'Scanned invoices',
            messageId: 'large-scan@utility.example',
            documents: [],
            skippedParts: [],
          }),
          expect.objectContaining({
            source: 'imap',
            status: 'sender_not_allowed',
            from: 'stranger@example.net',
            subject: 'Large spam',
          }),
        ]),
      );

      // Seen again (the flags lost in a crash, say): the log keeps one entry per message.
      const lock = await mailbox.getMailboxLock('INBOX');
      try {
        await mailbox.messageFlagsRemove('1:*', ['\\Seen']);
      } finally {
        lock.release();
      }
      expect(await allSeen()).toBeUndefined();
      const restarted = startPoller(LARGE_USER, { maxMessageSize: 50_000 });
      await eventually(allSeen, { what: 'the large messages to be flagged seen again' });
      await stopPoller(restarted);
      expect(await listIntakeMessages(server, owned(), organizationId, intakeEmail.id)).toEqual(messages);
    });

    it('wakes on new mail with IDLE instead of waiting for the next poll', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const mailbox = await mailboxOf(IDLE_USER);
      // An hour between polls: only IDLE can bring the message in within the test.
      const poller = startPoller(IDLE_USER, { pollSeconds: 3600 });
      // Let it log in, poll the empty mailbox and settle into IDLE.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await deliver(mailbox, {
        from: SENDER,
        to: intakeEmail.emailAddress,
        subject: 'Pushed',
        attachments: [{ filename: 'pushed.pdf', content: createTextPdf([['Pushed by IDLE']]) }],
      });
      expect(await documentsAppear(organizationId, 1)).toEqual(['pushed.pdf']);
      await stopPoller(poller);
    });

    it('moves processed messages to the Processed folder when the mailbox has one', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const mailbox = await mailboxOf(MOVED_USER);
      await mailbox.mailboxCreate('Processed');
      await deliver(mailbox, {
        from: SENDER,
        to: `Archive <${intakeEmail.emailAddress}>`,
        messageId: '<moved@utility.example>',
        attachments: [{ filename: 'moved.pdf', content: createTextPdf([['Moved']]) }],
      });
      const poller = startPoller(MOVED_USER);
      expect(await documentsAppear(organizationId, 1)).toEqual(['moved.pdf']);
      const processed = await eventually(
        async () => {
          const flags = await flagsIn(mailbox, 'Processed');
          return Object.keys(flags).length > 0 ? flags : undefined;
        },
        { what: 'the message in Processed' },
      );
      expect(processed).toEqual({ '<moved@utility.example>': ['\\Seen'] });
      expect(await flagsIn(mailbox, 'INBOX')).toEqual({});
      await stopPoller(poller);
    });

    it('polls from one poller at a time, and another takes over when it stops', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const mailbox = await mailboxOf(LEASED_USER);
      const loginsBefore = dovecot.loginCount();
      // Two processes' pollers on one database: short leases, so that the take-over is quick (but
      // not so short that a renewal delayed on a loaded machine lets the second poller in).
      const first = startPoller(LEASED_USER, { leaseMs: 3000 });
      await eventually(async () => (dovecot.loginCount() > loginsBefore ? true : undefined), {
        what: 'the first poller to log in',
      });
      const second = startPoller(LEASED_USER, { leaseMs: 3000 });
      // Two lease periods: the first keeps renewing, the second never logs in.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(dovecot.loginCount() - loginsBefore).toBe(1);
      const leases = await testDatabase.db.selectFrom('process_leases').selectAll().execute();
      expect(leases.filter(({ name }) => name === IMAP_POLLER_LEASE_NAME)).toHaveLength(1);

      await stopPoller(first);
      await eventually(async () => (dovecot.loginCount() - loginsBefore === 2 ? true : undefined), {
        what: 'the second poller to take over',
      });
      await deliver(mailbox, {
        from: SENDER,
        to: intakeEmail.emailAddress,
        attachments: [{ filename: 'taken-over.pdf', content: createTextPdf([['Taken over']]) }],
      });
      expect(await documentsAppear(organizationId, 1)).toEqual(['taken-over.pdf']);
      await stopPoller(second);
    });

    it('retries with backoff while the server is unreachable, never throwing, and takes the mail once it is up', async () => {
      const { organizationId, intakeEmail } = await organizationWithAddress();
      const port = await freePort();
      const user = POLL_USER;
      const url = `imap://${encodeURIComponent(user.user)}:${encodeURIComponent(user.password)}@127.0.0.1:${port}/INBOX`;
      const poller = startPoller(user, { url });
      // Nothing listens yet: connections are refused a few times.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const late = await startTestDovecot({ users: [user], port });
      extraServers.push(late);
      const mailbox = await late.connect(user);
      try {
        await deliver(mailbox, {
          from: SENDER,
          to: intakeEmail.emailAddress,
          attachments: [{ filename: 'late.pdf', content: createTextPdf([['Late server']]) }],
        });
        expect(await documentsAppear(organizationId, 1)).toEqual(['late.pdf']);
        await stopPoller(poller);
      } finally {
        await mailbox.logout().catch(() => mailbox.close());
      }
    });
  },
);

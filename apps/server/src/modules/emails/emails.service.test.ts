import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { silentLogger } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import { createJobQueue } from '../jobs/jobs.queue';
import type { EmailDriver, OutgoingEmail } from './emails.driver';
import { SECURITY_NOTICES } from './emails.models';
import { createEmailsService, EMAILS_SEND_JOB_TYPE } from './emails.service';
import { emailTranslations, escapeHtml } from './emails.templates';

const verificationUrl = `http://localhost:8080/api/auth/verify-email?token=${'eyJhbGciOiJIUzI1NiJ9'.repeat(8)}&callbackURL=%2Fdocuments%3Ftab%3Dall`;

function createRecordingDriver() {
  const sent: OutgoingEmail[] = [];
  const driver: EmailDriver = {
    async send(message) {
      sent.push(message);
    },
  };
  return { driver, sent };
}

describe.each(testDialects)('the e-mails service on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function setUp({ driver }: { driver?: EmailDriver } = {}) {
    await testDatabase.db.deleteFrom('jobs').execute();
    smtp.received.length = 0;
    const clock = createTestClock();
    const config = loadConfig({
      NODE_ENV: 'test',
      EMAILS_DRIVER: 'smtp',
      SMTP_URL: smtp.url,
      EMAILS_FROM: 'Sheaf <no-reply@sheaf.test>',
    });
    const jobQueue = createJobQueue({ database: testDatabase.database, clock, logger: silentLogger });
    const emails = createEmailsService({
      config,
      jobQueue,
      logger: silentLogger,
      ...(driver ? { driver } : {}),
    });
    const pendingJobs = () =>
      testDatabase.db.selectFrom('jobs').selectAll().where('type', '=', EMAILS_SEND_JOB_TYPE).execute();
    return { clock, jobQueue, emails, pendingJobs };
  }

  it('delivers a verification e-mail to a real SMTP server through the job queue', async () => {
    const { jobQueue, emails, pendingJobs } = await setUp();

    await emails.sendVerificationEmail({
      to: 'ada@example.com',
      name: 'Ada',
      url: verificationUrl,
      locale: 'fr',
    });
    expect(smtp.received).toHaveLength(0);
    expect(await pendingJobs()).toHaveLength(1);

    expect(await jobQueue.runDueJobs()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [{ envelope, parsed }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelope).toEqual({ from: 'no-reply@sheaf.test', to: ['ada@example.com'] });
    expect(parsed.from?.value).toEqual([{ name: 'Sheaf', address: 'no-reply@sheaf.test' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : undefined).toBe('ada@example.com');
    expect(parsed.subject).toBe(emailTranslations.fr.verifyEmail.subject);
    expect(parsed.messageId).toMatch(/^<job_[a-z0-9]+@sheaf\.test>$/);
    expect(parsed.text).toContain('Bonjour Ada,');
    expect(parsed.text).toContain(`\n${verificationUrl}\n`);
    expect(parsed.html).toContain('<html lang="fr"');
    expect(parsed.html).toContain(`href="${escapeHtml(verificationUrl)}"`);
    expect(parsed.html).toContain(`>${escapeHtml(verificationUrl)}</a>`);
    expect(await pendingJobs()).toHaveLength(0);
  });

  it('delivers a security notice in the recipient language to a real SMTP server, linking to the settings', async () => {
    const { jobQueue, emails } = await setUp();

    await emails.sendSecurityNotice({
      to: 'ada@example.com',
      name: 'Ada',
      locale: 'pt-BR',
      notice: 'new_sign_in',
      at: '2025-03-07T14:05:09.000Z',
      device: { browser: 'Chrome on Windows', address: '198.51.100.0/24' },
    });
    expect(await jobQueue.runDueJobs()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [{ envelope, parsed }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelope.to).toEqual(['ada@example.com']);
    expect(parsed.subject).toBe('Novo login na sua conta do Sheaf');
    expect(parsed.text).toContain('Olá, Ada,');
    expect(parsed.text?.replace(/\s/g, ' ')).toContain('Quando: 7 de março de 2025 às 14:05 UTC');
    expect(parsed.text).toContain('Dispositivo: Chrome on Windows');
    expect(parsed.text).toContain('198.51.100.0/24');
    expect(parsed.text).toContain('\nhttp://localhost:8080/settings\n');
    expect(parsed.html).toContain('<html lang="pt-BR"');
    expect(parsed.html).toContain('href="http://localhost:8080/settings"');
  });

  it('renders every security notice in English when the recipient has no locale', async () => {
    const { driver, sent } = createRecordingDriver();
    const { jobQueue, emails } = await setUp({ driver });

    for (const notice of SECURITY_NOTICES) {
      await emails.sendSecurityNotice({
        to: `${notice}@example.com`,
        name: 'Grace',
        locale: null,
        notice,
        at: '2025-03-07T14:05:09.000Z',
        passkeyName: 'YubiKey',
      });
    }
    expect(await jobQueue.runDueJobs()).toBe(SECURITY_NOTICES.length);

    const subjects = Object.fromEntries(sent.map(({ to, subject }) => [to.split('@')[0], subject]));
    expect(subjects).toEqual({
      two_factor_enabled: 'Two-factor sign-in was turned on for your Sheaf account',
      two_factor_disabled: 'Two-factor sign-in was turned off for your Sheaf account',
      backup_codes_regenerated: 'New backup codes were generated for your Sheaf account',
      passkey_added: 'A passkey was added to your Sheaf account',
      password_changed: 'The password of your Sheaf account was changed',
      new_sign_in: 'New sign-in to your Sheaf account',
    });
    for (const message of sent) expect(message.text).toContain('\nhttp://localhost:8080/settings\n');
  });

  it('retries a delivery the SMTP server refused after its backoff, then delivers it', async () => {
    const { clock, jobQueue, emails, pendingJobs } = await setUp();
    smtp.rejectNextRecipients(1);

    await emails.sendVerificationEmail({ to: 'grace@example.com', name: 'Grace', url: verificationUrl });
    expect(await jobQueue.runDueJobs()).toBe(1);

    expect(smtp.received).toHaveLength(0);
    const [job] = await pendingJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, max_attempts: 8 });
    expect(job?.last_error).toContain('451');
    expect(new Date(job?.run_at ?? 0).getTime() - clock.now().getTime()).toBe(30_000);

    clock.advance(29_999);
    expect(await jobQueue.runDueJobs()).toBe(0);
    clock.advance(1);
    expect(await jobQueue.runDueJobs()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.envelope.to).toEqual(['grace@example.com']);
    expect(smtp.received[0]?.parsed.subject).toBe(emailTranslations.en.verifyEmail.subject);
    expect(smtp.received[0]?.parsed.text).toContain(verificationUrl);
    expect(await pendingJobs()).toHaveLength(0);
  });

  it('sends nothing when the transaction the e-mail was enqueued in rolls back', async () => {
    const { jobQueue, emails, pendingJobs } = await setUp();

    await testDatabase.db
      .transaction()
      .execute(async (trx) => {
        await emails.sendPasswordResetEmail(
          { to: 'eve@example.com', name: 'Eve', url: 'http://localhost:8080/reset-password?token=x' },
          { trx },
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await testDatabase.db.transaction().execute(async (trx) => {
      await emails.enqueue(
        { to: 'bob@example.com', subject: 'Committed', html: '<p>Hi</p>', text: 'Hi' },
        { trx },
      );
    });

    expect(await pendingJobs()).toHaveLength(1);
    expect(await jobQueue.runDueJobs()).toBe(1);
    expect(smtp.received.map(({ envelope }) => envelope.to)).toEqual([['bob@example.com']]);
    expect(smtp.received[0]?.parsed.subject).toBe('Committed');
  });

  it('renders password reset and invitation e-mails in the recipient locale when enqueued', async () => {
    const { driver, sent } = createRecordingDriver();
    const { jobQueue, emails } = await setUp({ driver });

    await emails.sendPasswordResetEmail({
      to: 'jan@example.com',
      name: 'Jan',
      url: 'http://localhost:8080/reset-password?token=abc',
      locale: 'pl',
    });
    await emails.sendInvitationEmail({
      to: 'joao@example.com',
      inviterName: 'Ana',
      organizationName: 'Arquivo',
      url: '/invitations/inv_123',
      locale: 'pt-PT',
    });
    expect(await jobQueue.runDueJobs()).toBe(2);

    // Both were enqueued at the same instant: the queue may run them in either order.
    sent.sort((a, b) => a.to.localeCompare(b.to));
    expect(sent.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: 'jan@example.com', subject: emailTranslations.pl.resetPassword.subject },
      { to: 'joao@example.com', subject: 'Ana convidou-o a juntar-se a Arquivo no Sheaf' },
    ]);
    // A path is placed under APP_BASE_URL.
    expect(sent[1]?.text).toContain('\nhttp://localhost:8080/invitations/inv_123\n');
  });

  it('refuses a link that is not http(s) and a message without a recipient', async () => {
    const { emails, pendingJobs } = await setUp();

    await expect(
      emails.sendVerificationEmail({ to: 'a@example.com', name: 'A', url: 'javascript:alert(1)' }),
    ).rejects.toThrow(/http/);
    await expect(emails.enqueue({ to: ' ', subject: 's', html: 'h', text: 't' })).rejects.toThrow(
      /recipient/,
    );
    expect(await pendingJobs()).toHaveLength(0);
  });
});

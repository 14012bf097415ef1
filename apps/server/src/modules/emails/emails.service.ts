import type { Config } from '../../config/config';
import type { DatabaseOrTransaction } from '../../db/database.types';
import type { Logger } from '../../shared/logger';
import type { JobQueue } from '../jobs/jobs.queue';
import { createEmailDriver, type EmailDriver } from './emails.driver';
import {
  type EmailMessage,
  isEmailMessage,
  type SecurityNotice,
  type SecurityNoticeDevice,
  senderDomain,
  toAbsoluteLink,
} from './emails.models';
import { getEmailTemplates } from './emails.templates';

export const EMAILS_SEND_JOB_TYPE = 'emails.send';

/** A mail server down for a while is waited for: 30 s, 1 min, 2 min… up to 1 h between tries. */
export const EMAILS_SEND_JOB_OPTIONS = {
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60 * 1000,
} as const;

export type EnqueueEmailOptions = {
  /** Enqueue inside the caller's transaction: the e-mail leaves only if the change commits. */
  trx?: DatabaseOrTransaction;
};

type Localized = { locale?: string | null };

/** Where a security e-mail sends someone who did not make the change: their account settings. */
export const SECURITY_NOTICE_SETTINGS_PATH = '/settings';

export type SecurityNoticeInput = {
  to: string;
  name: string;
  locale: string | null;
  notice: SecurityNotice;
  /** When it happened (ISO), shown in the recipient's language and in UTC. */
  at: string;
  /** For new_sign_in (and shown when given for the others): the browser/OS family and the coarse address. */
  device?: SecurityNoticeDevice;
  /** For passkey_added: the passkey's name. */
  passkeyName?: string | null;
};

export type EmailsService = {
  sendVerificationEmail(
    args: { to: string; name: string; url: string } & Localized,
    options?: EnqueueEmailOptions,
  ): Promise<void>;
  sendPasswordResetEmail(
    args: { to: string; name: string; url: string } & Localized,
    options?: EnqueueEmailOptions,
  ): Promise<void>;
  sendInvitationEmail(
    args: { to: string; inviterName: string; organizationName: string; url: string } & Localized,
    options?: EnqueueEmailOptions,
  ): Promise<void>;
  /**
   * Tells a user about a change to how they sign in (2FA on/off, new backup codes, a passkey, a
   * new password) or a sign-in from a device not seen before, with a link to their settings.
   */
  sendSecurityNotice(input: SecurityNoticeInput, options?: EnqueueEmailOptions): Promise<void>;
  /** Enqueues any rendered message; pass a Kysely transaction to enqueue atomically with the caller's change. */
  enqueue(message: EmailMessage, options?: EnqueueEmailOptions): Promise<void>;
};

/**
 * Outgoing e-mail. Messages are rendered (and localized) when enqueued; the `emails.send` job
 * carries the final message and hands it to the driver, retrying with backoff when sending fails.
 * Create it once per job queue: it registers the job type.
 */
export function createEmailsService({
  config,
  jobQueue,
  logger,
  driver = createEmailDriver({ config, logger }),
}: {
  config: Config;
  jobQueue: JobQueue;
  logger: Logger;
  driver?: EmailDriver;
}): EmailsService {
  const appBaseUrl = config.env.APP_BASE_URL;
  const messageIdDomain = senderDomain(config.env.EMAILS_FROM) ?? new URL(appBaseUrl).hostname;

  jobQueue.register<EmailMessage>(
    EMAILS_SEND_JOB_TYPE,
    async (payload, context) => {
      if (!isEmailMessage(payload)) throw new Error('Invalid emails.send payload');
      // One Message-ID per job, kept across retries.
      await driver.send({ ...payload, messageId: `<${context.jobId}@${messageIdDomain}>` });
      context.logger.debug({ to: payload.to, subject: payload.subject }, 'E-mail handed to the driver');
    },
    EMAILS_SEND_JOB_OPTIONS,
  );

  async function enqueue(message: EmailMessage, { trx }: EnqueueEmailOptions = {}) {
    const to = message.to.trim();
    if (to === '' || /[\r\n]/.test(to)) throw new Error('An e-mail needs one recipient address');
    const payload: EmailMessage = { to, subject: message.subject, html: message.html, text: message.text };
    await jobQueue.enqueue(EMAILS_SEND_JOB_TYPE, payload, trx ? { trx } : {});
    logger.debug({ to, subject: message.subject }, 'E-mail queued');
  }

  const link = (url: string) => toAbsoluteLink({ url, appBaseUrl });

  return {
    async sendVerificationEmail({ to, name, url, locale }, options) {
      await enqueue({ to, ...getEmailTemplates(locale).verifyEmail({ name, url: link(url) }) }, options);
    },

    async sendPasswordResetEmail({ to, name, url, locale }, options) {
      await enqueue({ to, ...getEmailTemplates(locale).resetPassword({ name, url: link(url) }) }, options);
    },

    async sendInvitationEmail({ to, inviterName, organizationName, url, locale }, options) {
      await enqueue(
        { to, ...getEmailTemplates(locale).invitation({ inviterName, organizationName, url: link(url) }) },
        options,
      );
    },

    async sendSecurityNotice({ to, name, locale, notice, at, device, passkeyName }, options) {
      const message = getEmailTemplates(locale).securityNotice({
        name,
        notice,
        at,
        device,
        passkeyName,
        url: link(SECURITY_NOTICE_SETTINGS_PATH),
      });
      await enqueue({ to, ...message }, options);
    },

    enqueue,
  };
}

import nodemailer from 'nodemailer';
import shared from 'nodemailer/lib/shared/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config/config';
import type { Logger } from '../../shared/logger';
import { type EmailMessage, extractLinks, isLoopbackHost } from './emails.models';

export type OutgoingEmail = EmailMessage & {
  /** A stable `Message-ID` (`<id@domain>`), so a message sent again after a crash can be recognized. */
  messageId?: string;
};

export type EmailDriver = {
  send(message: OutgoingEmail): Promise<void>;
};

/** The driver chosen by `EMAILS_DRIVER`: `logger` (default) or `smtp` (`SMTP_URL`). */
export function createEmailDriver({ config, logger }: { config: Config; logger: Logger }): EmailDriver {
  if (config.env.EMAILS_DRIVER === 'smtp') {
    const smtpUrl = config.env.SMTP_URL;
    if (!smtpUrl) throw new Error('SMTP_URL is required when EMAILS_DRIVER is smtp');
    return createSmtpEmailDriver({ smtpUrl, from: config.env.EMAILS_FROM });
  }
  return createLoggerEmailDriver({ logger });
}

/**
 * Sends nothing: logs the recipient, the subject and every link of the message, so someone
 * running Sheaf locally can follow a verification or reset link from the server log. The message
 * carries them one per line (readable and clickable in a terminal); JSON logs also get them as fields.
 */
export function createLoggerEmailDriver({ logger }: { logger: Logger }): EmailDriver {
  return {
    async send({ to, subject, html, text }) {
      const links = extractLinks({ html, text });
      logger.info(
        { printedEmail: { to, subject, links } },
        [
          'E-mail not sent (EMAILS_DRIVER=logger):',
          `  To:      ${to}`,
          `  Subject: ${subject}`,
          ...links.map((link) => `  Link:    ${link}`),
        ].join('\n'),
      );
    },
  };
}

/**
 * The nodemailer options for an `smtp://` or `smtps://` URL. Query parameters of the URL are
 * nodemailer options (`?requireTLS=true`, `?tls.rejectUnauthorized=false`…) and win over these
 * defaults. A plain `smtp://` server on this machine is reached without STARTTLS (local relays
 * and test servers offer it with a self-signed certificate); `?ignoreTLS=false` turns it back on.
 */
export function buildSmtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const isPlainLoopback = url.protocol === 'smtp:' && isLoopbackHost(url.hostname);
  return {
    ...(isPlainLoopback ? { ignoreTLS: true } : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    ...shared.parseConnectionUrl(smtpUrl),
  };
}

export function createSmtpEmailDriver({ smtpUrl, from }: { smtpUrl: string; from: string }): EmailDriver {
  const transport = nodemailer.createTransport(buildSmtpTransportOptions(smtpUrl));
  return {
    async send({ to, subject, html, text, messageId }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        ...(messageId ? { messageId } : {}),
      });
      if (info.rejected.length > 0) {
        throw new Error(`The SMTP server refused ${info.rejected.length} recipient(s): ${info.response}`);
      }
    },
  };
}

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Logger } from '../../shared/logger';
import type { IntakeEmailsUsecases } from './intake-emails.usecases';

/** An SMTP reply error: smtp-server answers with its `responseCode` (and the enhanced code of it). */
const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/** PEM text given inline, or read from the file it names. */
function readPem(value: string, variable: string): string {
  if (value.trimStart().startsWith('-----BEGIN')) return value;
  try {
    return fs.readFileSync(value, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${value} (${(error as Error).message})`);
  }
}

export type IntakeSmtpReceiver = { port: number; close: () => Promise<void> };

/**
 * The built-in SMTP receiver (INTAKE_EMAILS_SMTP_PORT). A sending server gets honest answers so it
 * bounces or retries correctly:
 * - RCPT TO an address that is not an enabled intake address: `550 5.1.1`;
 * - a message over INTAKE_EMAILS_MAX_MESSAGE_SIZE: `552` (at MAIL FROM when it declares its SIZE,
 *   else after DATA);
 * - `250` only once the raw message and its processing job are stored; a storage failure `451`
 *   (try again later).
 * No AUTH (anyone may send; the allowed senders decide); STARTTLS when a key and certificate are given.
 */
export async function startIntakeSmtpReceiver({
  intakeEmails,
  host,
  port,
  domain,
  maxMessageSize,
  tls,
  logger,
}: {
  intakeEmails: Pick<IntakeEmailsUsecases, 'isAcceptedRecipient' | 'receive'>;
  host: string;
  port: number;
  /** The name in the greeting (the intake domain). */
  domain: string | undefined;
  maxMessageSize: number;
  tls: { key: string; cert: string } | undefined;
  logger: Logger;
}): Promise<IntakeSmtpReceiver> {
  const tlsOptions: Partial<SMTPServerOptions> = tls
    ? {
        key: readPem(tls.key, 'INTAKE_EMAILS_SMTP_TLS_KEY'),
        cert: readPem(tls.cert, 'INTAKE_EMAILS_SMTP_TLS_CERT'),
      }
    : {};
  const server = new SMTPServer({
    ...tlsOptions,
    ...(domain ? { name: domain } : {}),
    banner: 'Sheaf intake e-mail',
    logger: false,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    size: maxMessageSize,
    hideENHANCEDSTATUSCODES: false,
    // A message for many intake addresses is processed once for each; more is not a real use.
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      intakeEmails.isAcceptedRecipient({ emailAddress: address.address }).then(
        (accepted) =>
          callback(
            accepted
              ? undefined
              : smtpError(550, `<${address.address}>: no such intake address here, or it is turned off`),
          ),
        (error: unknown) => {
          logger.error({ err: error }, 'Intake SMTP: recipient lookup failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      // The session is reused for the next message of the connection: copy the envelope now.
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address || null : null;
      const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the rest is read and dropped; smtp-server answers 552.
        if (size <= maxMessageSize) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxMessageSize) {
          callback(smtpError(552, `Message exceeds the maximum size of ${maxMessageSize} bytes`));
          return;
        }
        intakeEmails
          .receive({ source: 'smtp', raw: Buffer.concat(chunks, size), envelopeFrom, envelopeTo })
          .then(
            ({ receivedId }) => callback(null, `OK: queued as ${receivedId}`),
            (error: unknown) => {
              logger.error({ err: error }, 'Intake SMTP: the message could not be stored');
              callback(smtpError(451, 'Temporary failure storing the message, try again later'));
            },
          );
      });
    },
  });
  server.on('error', (error) => logger.warn({ err: error }, 'Intake SMTP: connection error'));

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) =>
      reject(new Error(`INTAKE_EMAILS_SMTP_PORT: cannot listen on ${host}:${port} (${error.message})`));
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  logger.info(
    { host, port: address.port, starttls: Boolean(tls) },
    `Intake SMTP receiver listening on port ${address.port}`,
  );
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

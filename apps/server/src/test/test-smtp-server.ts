import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  envelope: { from: string | undefined; to: string[] };
  parsed: ParsedMail;
};

/**
 * A real SMTP server on loopback (random port) that keeps every message it accepts.
 * `rejectNextRecipients(n)` answers the next `n` RCPT TO commands with a temporary 451 error.
 */
export async function startTestSmtpServer() {
  const received: ReceivedEmail[] = [];
  let recipientsToReject = 0;

  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (recipientsToReject > 0) {
        recipientsToReject--;
        const error = Object.assign(new Error('Mailbox temporarily unavailable, try again later'), {
          responseCode: 451,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      // The session is reused for the next message: copy the envelope before answering.
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      simpleParser(stream).then(
        (parsed) => {
          received.push({ envelope, parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNextRecipients(count: number) {
      recipientsToReject = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

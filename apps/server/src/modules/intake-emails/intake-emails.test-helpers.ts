import net from 'node:net';
import type {
  IntakeEmailDto,
  IntakeEmailMessageDto,
  UpdateIntakeEmailInput,
} from '@sheaf/contracts/intake-emails';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

export const INTAKE_TEST_DOMAIN = 'intake.example.test';
export const INTAKE_TEST_WEBHOOK_SECRET = 'intake-test-webhook-secret-0123456789';

/** Env turning intake e-mail on, with the ingest's secret. */
export const intakeTestEnv = (env: Record<string, string> = {}) => ({
  INTAKE_EMAILS_IS_ENABLED: 'true',
  INTAKE_EMAILS_DOMAIN: INTAKE_TEST_DOMAIN,
  INTAKE_EMAILS_WEBHOOK_SECRET: INTAKE_TEST_WEBHOOK_SECRET,
  ...env,
});

export const intakeEmailsPath = (organizationId: string) =>
  `/api/organizations/${organizationId}/intake-emails`;

/** POST …/intake-emails and expects 201: answers the address. */
export async function createIntakeEmail(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
) {
  const response = await request(server, 'POST', intakeEmailsPath(organizationId), credentials);
  if (response.status !== 201)
    throw new Error(`create intake email failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ intakeEmail: IntakeEmailDto }>(response)).intakeEmail;
}

/** PUT …/intake-emails/{id} and expects 200. */
export async function updateIntakeEmail(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  intakeEmailId: string,
  body: UpdateIntakeEmailInput,
) {
  const response = await request(
    server,
    'PUT',
    `${intakeEmailsPath(organizationId)}/${intakeEmailId}`,
    credentials,
    {
      body,
    },
  );
  if (response.status !== 200)
    throw new Error(`update intake email failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ intakeEmail: IntakeEmailDto }>(response)).intakeEmail;
}

/** An address that takes mail from `allowedOrigins`. */
export async function createAllowingIntakeEmail(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  allowedOrigins: string[],
) {
  const created = await createIntakeEmail(server, credentials, organizationId);
  return updateIntakeEmail(server, credentials, organizationId, created.id, { allowedOrigins });
}

export async function listIntakeMessages(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  intakeEmailId: string,
) {
  const response = await request(
    server,
    'GET',
    `${intakeEmailsPath(organizationId)}/${intakeEmailId}/messages`,
    credentials,
  );
  if (response.status !== 200)
    throw new Error(`list messages failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ messages: IntakeEmailMessageDto[] }>(response)).messages;
}

/** A message as a mail client would compose it (nodemailer's fields). */
export type TestMail = {
  from: string;
  to: string | string[];
  cc?: string | string[];
  subject?: string;
  messageId?: string;
  text?: string;
  attachments?: Array<{ filename?: string; content: Buffer | string; contentType?: string }>;
};

/** The raw RFC 5322 bytes of a message, as nodemailer builds them. */
export async function composeMail(mail: TestMail): Promise<Buffer> {
  return new MailComposer({ text: 'See attached.', ...mail }).compile().build();
}

/**
 * Sends a message over a real SMTP session to 127.0.0.1:`port` and answers the server's reply (an
 * `envelope` sends to other recipients than the headers name, as a Bcc does);
 * a refusal rejects with nodemailer's error (`responseCode`, `response`, `rejectedErrors`).
 */
export async function sendMail(
  port: number,
  mail: TestMail,
  envelope?: { from: string; to: string[] },
  { starttls = false }: { starttls?: boolean } = {},
) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    // With `starttls`, upgrade or fail (the test certificate is self-signed); else stay in plain text.
    ...(starttls ? { requireTLS: true, tls: { rejectUnauthorized: false } } : { ignoreTLS: true }),
  });
  try {
    return await transport.sendMail({ text: 'See attached.', ...mail, ...(envelope ? { envelope } : {}) });
  } finally {
    transport.close();
  }
}

/** The error a refused `sendMail` rejects with (fails the test when it was accepted). */
export async function refusalOf(sending: Promise<unknown>) {
  const outcome = await sending.then(
    () => undefined,
    (error: unknown) => error as Error & { responseCode?: number; response?: string; code?: string },
  );
  if (!outcome) throw new Error('The message was accepted, a refusal was expected');
  return outcome;
}

/** Polls `check` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<Value>(
  check: () => Promise<Value | undefined>,
  { timeoutMs = 20_000, what = 'the condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A raw SMTP dialogue on 127.0.0.1:`port`: sends each command after the previous reply and answers
 * the replies (greeting first), as a sending server that does not check sizes itself would.
 * A command of `DATA` is followed by `data` (dot-stuffed and terminated here).
 */
export async function smtpDialogue(port: number, commands: string[], data?: Buffer): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffered = '';
  let waiting: ((reply: string) => void) | undefined;
  const pending: string[] = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    for (;;) {
      // A reply ends with a line whose code is followed by a space ("250 OK"), not a dash.
      const match = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n/.exec(buffered);
      if (!match) break;
      buffered = buffered.slice(match[0].length);
      const reply = match[0].trimEnd();
      if (waiting) {
        const resolve = waiting;
        waiting = undefined;
        resolve(reply);
      } else pending.push(reply);
    }
  });
  const nextReply = () =>
    new Promise<string>((resolve, reject) => {
      const queued = pending.shift();
      if (queued !== undefined) return resolve(queued);
      waiting = resolve;
      socket.once('error', reject);
    });
  try {
    replies.push(await nextReply());
    for (const command of commands) {
      socket.write(`${command}\r\n`);
      const reply = await nextReply();
      replies.push(reply);
      if (command === 'DATA' && reply.startsWith('354') && data) {
        const stuffed = data.toString('latin1').replace(/(^|\r\n)\./g, '$1..');
        socket.write(Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1'));
        replies.push(await nextReply());
      }
    }
    return replies;
  } finally {
    socket.destroy();
  }
}

export { freePort } from '../../test/child-server';

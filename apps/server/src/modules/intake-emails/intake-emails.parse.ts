import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { z } from 'zod';
import type { IntakeEmailReceivedTable } from '../../db/database.types';
import { createValidationError } from '../../shared/errors';
import { mailAttachmentsOf, parseMailMessage } from '../../shared/mail-message';
import { formatIssues } from '../../shared/validation';
import {
  addressesIn,
  addressesOf,
  fallbackPartName,
  type IntakeAttachment,
  type IntakeMessage,
  messageKeyOf,
  normalizeMessageId,
  uniqueAddresses,
} from './intake-emails.models';

/** The headers that name where a message was delivered when the envelope is gone (IMAP catch-all). */
export const DELIVERY_HEADERS = new Set(['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to']);

/**
 * A raw RFC 5322 message (SMTP, IMAP) as the pipeline's record. Recipients: the SMTP envelope's
 * RCPT TO when there is one (Bcc included, exactly what was accepted), else the delivery headers
 * (Delivered-To, X-Original-To…), To and Cc. Senders: the From header and the envelope's MAIL FROM.
 */
export async function parseRawMessage({
  raw,
  source,
  receivedAt,
  envelopeFrom,
  envelopeTo,
}: {
  raw: Buffer;
  source: IntakeMessage['source'];
  receivedAt: string;
  envelopeFrom: string | null;
  envelopeTo: string[] | null;
}): Promise<IntakeMessage> {
  const parsed = await parseMailMessage(raw);
  const deliveredTo = parsed.headerLines
    .filter(({ key }) => DELIVERY_HEADERS.has(key.toLowerCase()))
    .flatMap(({ line }) => addressesIn(line.slice(line.indexOf(':') + 1)));
  const recipients =
    envelopeTo && envelopeTo.length > 0
      ? uniqueAddresses(envelopeTo)
      : uniqueAddresses([...deliveredTo, ...addressesOf(parsed.to), ...addressesOf(parsed.cc)]);
  const fromHeader = parsed.from?.value.find((entry) => entry.address)?.address?.toLowerCase() ?? null;
  const messageId = normalizeMessageId(parsed.messageId);
  const attachments: IntakeAttachment[] = mailAttachmentsOf(parsed);
  return {
    source,
    receivedAt,
    recipients,
    senders: uniqueAddresses([fromHeader, envelopeFrom]),
    from: fromHeader ?? envelopeFrom?.toLowerCase() ?? null,
    subject: parsed.subject?.trim() || null,
    messageId,
    messageKey: messageKeyOf({ messageId, fallback: raw }),
    attachments,
  };
}

const ingestAddressSchema = z.object({
  address: z.string().max(320).optional(),
  name: z.string().optional(),
});

/**
 * The `email` field of the HTTP ingest (the OwlRelay / Papra format): `from.address`,
 * `to[].address`, optional `cc`, `subject` and `messageId`; other fields (text, html…) are ignored.
 */
export const ingestEmailSchema = z.object({
  from: ingestAddressSchema,
  to: z.array(ingestAddressSchema).max(500).optional(),
  cc: z.array(ingestAddressSchema).max(500).optional(),
  subject: z.string().max(10_000).nullish(),
  messageId: z.string().max(998).nullish(),
});
export type IngestEmail = z.infer<typeof ingestEmailSchema>;

/** The parts of an ingest body: the `email` JSON and the files under `attachments[]`. */
export async function readIngestBody({
  body,
  contentType,
}: {
  body: Buffer;
  contentType: string;
}): Promise<{ email: IngestEmail; attachments: IntakeAttachment[] }> {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw createValidationError([
      {
        path: '',
        message: 'Send multipart/form-data with the fields "email" and "attachments[]".',
        code: 'custom',
      },
    ]);
  }
  const { fields, files } = await new Promise<{
    fields: Map<string, string>;
    files: Array<{ field: string; name: string; mimeType: string; content: Buffer }>;
  }>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: Array<{ field: string; name: string; mimeType: string; content: Buffer }> = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        preservePath: true,
        limits: { fields: 20, files: 500, fieldSize: 1_000_000 },
      });
    } catch {
      reject(
        createValidationError([
          { path: '', message: 'The multipart body could not be read.', code: 'custom' },
        ]),
      );
      return;
    }
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        files.push({
          field,
          name: info.filename ?? '',
          mimeType: info.mimeType,
          content: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('error', () =>
      reject(
        createValidationError([
          { path: '', message: 'The multipart body could not be read.', code: 'custom' },
        ]),
      ),
    );
    parser.on('close', () => resolve({ fields, files }));
    Readable.from([body]).pipe(parser);
  });

  const emailField = fields.get('email');
  if (emailField === undefined) {
    throw createValidationError([
      { path: 'email', message: 'The field "email" is required.', code: 'custom' },
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(emailField);
  } catch {
    throw createValidationError([
      { path: 'email', message: 'The field "email" is not valid JSON.', code: 'custom' },
    ]);
  }
  const parsed = ingestEmailSchema.safeParse(json);
  if (!parsed.success) {
    throw createValidationError(
      formatIssues(parsed.error).map((issue) => ({
        ...issue,
        path: issue.path ? `email.${issue.path}` : 'email',
      })),
    );
  }
  const attachments = files
    .filter(({ field }) => field === 'attachments[]' || field === 'attachments')
    .map((file, index) => ({
      name: file.name.trim() || fallbackPartName(index, file.mimeType),
      mimeType: file.mimeType,
      content: file.content,
    }));
  return { email: parsed.data, attachments };
}

const ingestFingerprint = (email: IngestEmail, attachments: IntakeAttachment[]) => {
  const hash = createHash('sha256').update(
    JSON.stringify([email.from.address, email.to ?? [], email.cc ?? [], email.subject ?? null]),
  );
  for (const { content } of attachments) hash.update(createHash('sha256').update(content).digest());
  return hash.digest();
};

/** An ingest body as the pipeline's record: recipients from `to` and `cc`, the sender from `from`. */
export async function parseIngestMessage({
  body,
  contentType,
  receivedAt,
}: {
  body: Buffer;
  contentType: string;
  receivedAt: string;
}): Promise<IntakeMessage> {
  const { email, attachments } = await readIngestBody({ body, contentType });
  const from = email.from.address?.trim().toLowerCase() || null;
  const messageId = normalizeMessageId(email.messageId);
  return {
    source: 'ingest',
    receivedAt,
    recipients: uniqueAddresses(
      [...(email.to ?? []), ...(email.cc ?? [])].map(({ address }) => address?.trim()),
    ),
    senders: uniqueAddresses([from]),
    from,
    subject: email.subject?.trim() || null,
    messageId,
    // Without a Message-ID: the same sender, recipients, subject and files are the same message.
    messageKey: messageKeyOf({ messageId, fallback: ingestFingerprint(email, attachments) }),
    attachments,
  };
}

/** A stored message (any entry) as the pipeline's record. */
export async function parseReceived(row: IntakeEmailReceivedTable): Promise<IntakeMessage> {
  if (row.source === 'ingest') {
    return parseIngestMessage({
      body: row.raw,
      contentType: row.content_type ?? '',
      receivedAt: row.received_at,
    });
  }
  return parseRawMessage({
    raw: row.raw,
    source: row.source,
    receivedAt: row.received_at,
    envelopeFrom: row.envelope_from,
    envelopeTo: row.envelope_to ? (JSON.parse(row.envelope_to) as string[]) : null,
  });
}

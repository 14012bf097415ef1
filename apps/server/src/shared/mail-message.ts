import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * Reading a raw RFC 5322 message (mailparser), shared by the intake e-mails (whose attachments
 * become documents) and the extraction of `.eml` documents (whose text and attachments do). Pure:
 * no database, no storage.
 */

/** One attached file of a message. */
export type MailAttachment = { name: string; mimeType: string; content: Buffer };

/**
 * The message parsed. `bodies`: also decode its text, and turn an HTML-only body into text; the
 * intake reads only the headers and attachments. Rejects with mailparser's errors (`EMAXLEN` for a
 * header block past 1 MB or more than 1,000 parts).
 */
export function parseMailMessage(
  raw: Buffer,
  { bodies = false }: { bodies?: boolean } = {},
): Promise<ParsedMail> {
  return simpleParser(raw, {
    skipHtmlToText: !bodies,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
}

/** The message's attached files, each named (a part without a name: `attachment-2.pdf`). */
export function mailAttachmentsOf(parsed: ParsedMail): MailAttachment[] {
  return parsed.attachments.map((attachment, index) => ({
    name: attachment.filename?.trim() || fallbackPartName(index, attachment.contentType),
    mimeType: attachment.contentType,
    content: attachment.content,
  }));
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'text/plain': 'txt',
};

/** The name of a part that has none: `attachment-2.pdf`. */
export function fallbackPartName(index: number, mimeType: string): string {
  const extension = EXTENSIONS[mimeType.split(';')[0]?.trim().toLowerCase() ?? ''];
  return `attachment-${index + 1}${extension ? `.${extension}` : ''}`;
}

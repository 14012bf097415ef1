import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import { htmlToText } from 'html-to-text';
import type { AddressObject, ParsedMail } from 'mailparser';
import { mailAttachmentsOf, parseMailMessage } from '../../shared/mail-message';
import { type ExtractedEmail, ExtractionError } from './extraction.models';
import { sanitizePreviewHtml } from './extraction.office';

/**
 * E-mail files (`.eml`, `message/rfc822`), read in the extraction worker: the message's subject,
 * sender, recipients, date and body become the document's text (an HTML-only body as text), the
 * Date header its date, and the attached files are handed back for the job to import as documents
 * of their own (extraction.email-attachments).
 */

/** Attachments imported from one message at most; the others are named in its text. */
export const EMAIL_MAX_ATTACHMENTS = 50;

const addressesText = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .map((object) => object.text)
    .filter((text) => text.trim() !== '')
    .join(', ');

/**
 * The calendar day a message was sent, where it was sent: the Date header's own offset
 * (`… 23:30 -0500` is that day, not the next one in UTC); null without a valid date.
 */
export function messageDayOf({ date, header }: { date: Date | undefined; header: string | undefined }) {
  if (!date || Number.isNaN(date.getTime())) return null;
  const offset = /([+-])(\d{2})(\d{2})\s*(?:\([^)]*\))?\s*$/.exec(header ?? '');
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const day = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 10);
  return isValidCalendarDate(day) ? day : null;
}

/** HTML longer than this is not turned into text (its conversion time grows with it); as mailparser. */
const MAX_HTML_LENGTH = 5_000_000;

/**
 * The message's body as text: its text part, else its HTML as text (mailparser converts an HTML
 * body only when it is the whole message; in a multipart/mixed one with attachments, here). Links
 * and images are written as their text only: nothing is fetched.
 */
export function bodyTextOf(parsed: Pick<ParsedMail, 'text' | 'html'>): string {
  if (parsed.text?.trim()) return parsed.text.trim();
  if (typeof parsed.html !== 'string' || parsed.html.length > MAX_HTML_LENGTH) return '';
  return htmlToText(parsed.html, {
    wordwrap: false,
    limits: { maxDepth: 1000 },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

/** The document's text: the headers a reader looks for, the body, then the attachments' names. */
export function emailText({
  parsed,
  attachments,
  skipped,
}: {
  parsed: ParsedMail;
  attachments: ReadonlyArray<{ name: string }>;
  skipped: ReadonlyArray<{ name: string }>;
}): string {
  const dateHeader = parsed.headerLines.find(({ key }) => key.toLowerCase() === 'date');
  const lines = [
    parsed.subject?.trim() ? `Subject: ${parsed.subject.trim()}` : '',
    addressesText(parsed.from) ? `From: ${addressesText(parsed.from)}` : '',
    addressesText(parsed.to) ? `To: ${addressesText(parsed.to)}` : '',
    addressesText(parsed.cc) ? `Cc: ${addressesText(parsed.cc)}` : '',
    dateHeader ? `Date: ${dateHeader.line.slice(dateHeader.line.indexOf(':') + 1).trim()}` : '',
  ].filter((line) => line !== '');
  const sections = [lines.join('\n'), bodyTextOf(parsed)];
  if (attachments.length > 0) {
    sections.push(`Attachments:\n${attachments.map(({ name }) => `- ${name}`).join('\n')}`);
  }
  if (skipped.length > 0) {
    sections.push(
      `Attachments not imported (more than ${EMAIL_MAX_ATTACHMENTS} in the message):\n${skipped.map(({ name }) => `- ${name}`).join('\n')}`,
    );
  }
  return sections.filter((section) => section !== '').join('\n\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Inline images (`cid:` references) larger than this are left out of the preview. */
const MAX_INLINE_IMAGE_BYTES = 2_000_000;

/**
 * The message as its preview shows it (sanitized by sanitizePreviewHtml, as an HTML file's): its
 * header lines under their own names (From, To, Cc, Date, Subject: the message's words, as a mail
 * program prints them), then its HTML body — inline images it references by `cid:` put in as
 * `data:` URLs, nothing else loaded — or its text body, paragraph by paragraph.
 */
export function emailPreviewHtml(parsed: ParsedMail): string {
  const dateHeader = parsed.headerLines.find(({ key }) => key.toLowerCase() === 'date');
  const headers: Array<[string, string]> = [
    ['From', addressesText(parsed.from)],
    ['To', addressesText(parsed.to)],
    ['Cc', addressesText(parsed.cc)],
    ['Date', dateHeader ? dateHeader.line.slice(dateHeader.line.indexOf(':') + 1).trim() : ''],
    ['Subject', parsed.subject?.trim() ?? ''],
  ];
  const rows = headers
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `<tr><th scope="row">${name}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  let body: string;
  if (typeof parsed.html === 'string' && parsed.html.trim() !== '' && parsed.html.length <= MAX_HTML_LENGTH) {
    const inline = new Map(
      parsed.attachments
        .filter(
          ({ cid, contentType, size }) =>
            cid && /^image\/(png|jpeg|gif|webp|bmp)$/i.test(contentType) && size <= MAX_INLINE_IMAGE_BYTES,
        )
        .map(({ cid, contentType, content }) => [
          cid!.toLowerCase(),
          `data:${contentType.toLowerCase()};base64,${content.toString('base64')}`,
        ]),
    );
    body = parsed.html.replace(/(["'])cid:([^"']+)\1/gi, (whole, quote: string, cid: string) => {
      const dataUrl = inline.get(cid.trim().toLowerCase());
      return dataUrl ? `${quote}${dataUrl}${quote}` : whole;
    });
  } else {
    body = (parsed.text ?? '')
      .trim()
      .split(/\n\s*\n/)
      .filter((paragraph) => paragraph.trim() !== '')
      .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
      .join('');
  }
  return sanitizePreviewHtml(`${rows ? `<table><tbody>${rows}</tbody></table><hr>` : ''}${body}`);
}

/**
 * Reads an e-mail file. Rejects with `extraction.too_large` past mailparser's limits (a header block
 * over 1 MB, more than 1,000 parts) and `extraction.unreadable` when the bytes hold no message at
 * all (no header, no body, no attachment).
 */
export async function extractEmail(
  data: Uint8Array,
  { wantsPreview = false }: { wantsPreview?: boolean } = {},
): Promise<{ text: string; email: ExtractedEmail; previewHtml?: string }> {
  let parsed: ParsedMail;
  try {
    parsed = await parseMailMessage(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      bodies: true,
    });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'EMAXLEN') {
      throw new ExtractionError(
        'extraction.too_large',
        'The e-mail is too large to read (its headers are past 1 MB or it has more than 1,000 parts).',
        { cause: error },
      );
    }
    throw new ExtractionError('extraction.unreadable', 'The e-mail is damaged and could not be read.', {
      cause: error,
    });
  }
  const files = mailAttachmentsOf(parsed);
  const hasHeaders = parsed.headerLines.some(({ key }) =>
    ['from', 'to', 'subject', 'date', 'message-id'].includes(key.toLowerCase()),
  );
  if (!hasHeaders && files.length === 0) {
    throw new ExtractionError(
      'extraction.unreadable',
      'The file is not an e-mail message: it has no headers.',
    );
  }
  const attachments = files.slice(0, EMAIL_MAX_ATTACHMENTS).map((file, position) => ({
    position,
    name: file.name,
    mimeType: file.mimeType,
    // IPC sends a view's whole ArrayBuffer: a small Buffer (a view of a shared pool) is copied out.
    content:
      file.content.byteLength === file.content.buffer.byteLength
        ? new Uint8Array(file.content.buffer)
        : new Uint8Array(file.content),
  }));
  const skipped = files
    .slice(EMAIL_MAX_ATTACHMENTS)
    .map((file, index) => ({ position: EMAIL_MAX_ATTACHMENTS + index, name: file.name }));
  const dateHeader = parsed.headerLines.find(({ key }) => key.toLowerCase() === 'date')?.line;
  return {
    text: emailText({ parsed, attachments, skipped }),
    ...(wantsPreview ? { previewHtml: emailPreviewHtml(parsed) } : {}),
    email: {
      date: dateHeader ? messageDayOf({ date: parsed.date, header: dateHeader }) : null,
      attachments,
      skipped,
    },
  };
}

import { createHash } from 'node:crypto';
import type {
  IntakeEmailDto,
  IntakeEmailMessageDto,
  IntakeEmailSkipReason,
  IntakeEmailSource,
} from '@sheaf/contracts/intake-emails';
import type { Selectable } from 'kysely';
import type { AddressObject, EmailAddress } from 'mailparser';
import type { IntakeEmailMessagesTable, IntakeEmailsTable } from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';

/** Characters of an address's random local part: 36^12 ≈ 4.7·10^18 addresses, none guessable. */
export const INTAKE_ADDRESS_LOCAL_PART_LENGTH = 12;

/** A new address: 12 random lowercase alphanumerics (CSPRNG) at the intake domain. */
export function generateIntakeEmailAddress(domain: string): string {
  return `${randomAlphanumeric(INTAKE_ADDRESS_LOCAL_PART_LENGTH)}@${domain.toLowerCase()}`;
}

const parseJsonArray = <Item>(text: string): Item[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as Item[]) : [];
};

export function toIntakeEmailDto(row: Selectable<IntakeEmailsTable>): IntakeEmailDto {
  return {
    id: row.id,
    emailAddress: row.email_address,
    isEnabled: Boolean(row.is_enabled),
    allowedOrigins: parseJsonArray<string>(row.allowed_origins),
    organizationId: row.organization_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toIntakeEmailMessageDto(row: Selectable<IntakeEmailMessagesTable>): IntakeEmailMessageDto {
  return {
    id: row.id,
    intakeEmailId: row.intake_email_id,
    source: row.source,
    receivedAt: row.received_at,
    processedAt: row.processed_at,
    from: row.from_address,
    subject: row.subject,
    messageId: row.message_id,
    status: row.status,
    documents: parseJsonArray(row.documents),
    skippedParts: parseJsonArray(row.skipped_parts),
  };
}

/** One file of a message, as the pipeline handles it. */
export type IntakeAttachment = { name: string; mimeType: string; content: Buffer };

/**
 * What every entry turns a message into: the one record the pipeline processes, whether it came
 * by SMTP, by the HTTP ingest or from the IMAP mailbox.
 */
export type IntakeMessage = {
  source: IntakeEmailSource;
  receivedAt: string;
  /** Lower-cased, each once: the addresses the message is for. */
  recipients: string[];
  /** Lower-cased, each once: the From header's address and the envelope sender, when known. */
  senders: string[];
  /** The From header's address (else the envelope sender), for the log and the activity entry. */
  from: string | null;
  subject: string | null;
  /** The Message-ID header without its angle brackets, or null. */
  messageId: string | null;
  /** What makes it processed once per address: the Message-ID, else a hash of the message. */
  messageKey: string;
  attachments: IntakeAttachment[];
};

const ADDRESS_PATTERN = /[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g;

/** Lower-cased addresses found in a header value (`Delivered-To: a@b`, `<a@b>`, `Name <a@b>, c@d`). */
export function addressesIn(value: string): string[] {
  return (value.match(ADDRESS_PATTERN) ?? []).map((address) => address.toLowerCase());
}

const unique = (values: Array<string | null | undefined>) => [
  ...new Set(values.filter((value): value is string => !!value).map((value) => value.toLowerCase())),
];

/** Addresses of a parsed To/Cc header, groups flattened. */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const flatten = (entries: EmailAddress[]): string[] =>
    entries.flatMap((entry) => [...(entry.address ? [entry.address] : []), ...flatten(entry.group ?? [])]);
  return [field ?? []].flat().flatMap((object) => flatten(object.value));
}

export const uniqueAddresses = unique;

/** A Message-ID as compared: trimmed, without its angle brackets; null when empty. */
export function normalizeMessageId(value: string | null | undefined): string | null {
  const trimmed = value?.trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  return trimmed ? trimmed.slice(0, 998) : null;
}

export function messageKeyOf({
  messageId,
  fallback,
}: {
  messageId: string | null;
  fallback: Buffer | string;
}) {
  return messageId ? `mid:${messageId}` : `sha256:${createHash('sha256').update(fallback).digest('hex')}`;
}

/** The name of a part that has none (shared with the extraction of e-mail files). */
export { fallbackPartName } from '../../shared/mail-message';

/** How an upload's refusal is recorded for an attachment; undefined: not a refusal to record. */
export function skipReasonOf(code: string): IntakeEmailSkipReason | undefined {
  switch (code) {
    case 'document.size_too_large':
      return 'too_large';
    case 'documents.storage_limit_reached':
      return 'storage_limit_reached';
    case 'document.already_exists':
      return 'already_exists';
    case 'api.validation_error':
      return 'empty';
    default:
      return undefined;
  }
}

/** Whether one of the message's senders is in the address's allowed origins (none: nobody is). */
export function isSenderAllowed({
  senders,
  allowedOrigins,
}: {
  senders: string[];
  allowedOrigins: string[];
}) {
  const allowed = new Set(allowedOrigins.map((origin) => origin.toLowerCase()));
  return senders.some((sender) => allowed.has(sender));
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  SHARE_LINK_TOKEN_BYTES,
  SHARE_LINK_TOKEN_PATTERN,
  type ShareLinkDto,
} from '@sheaf/contracts/share-links';
import type { ShareLinksTable } from '../../db/database.types';

/** A link row with its document's name and its creator's name (null once the account is deleted). */
export type ShareLinkWithNamesRow = ShareLinksTable & {
  document_name: string;
  creator_name: string | null;
};

/** A new token (shown once) and the hash that is stored. */
export function generateShareLinkToken(): { token: string; hash: string } {
  const token = randomBytes(SHARE_LINK_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashShareLinkToken(token) };
}

export const hashShareLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isWellFormedShareLinkToken = (token: string) => SHARE_LINK_TOKEN_PATTERN.test(token);

export function toShareLinkDto(row: ShareLinkWithNamesRow): ShareLinkDto {
  return {
    id: row.id,
    documentId: row.document_id,
    documentName: row.document_name,
    createdBy:
      row.created_by && row.creator_name !== null ? { id: row.created_by, name: row.creator_name } : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    hasPassword: row.password_hash !== null,
    allowDownload: row.allow_download === 1,
    lastAccessedAt: row.last_accessed_at,
  };
}

/** lastAccessedAt (and the `share_link_opened` entry with it) is written at most once a minute per link. */
export const LAST_ACCESSED_AT_THROTTLE_MS = 60_000;

/** How long a visitor who gave the right password is let in without giving it again. */
export const UNLOCK_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * The value of the cookie that lets a visitor who gave the password in: the link, an expiry and an
 * HMAC of both with the password's hash, so that it is worth nothing for another link, after its
 * expiry, or once the password changes.
 */
export function signUnlock({
  secret,
  linkId,
  passwordHash,
  expiresAtMs,
}: {
  secret: string;
  linkId: string;
  passwordHash: string;
  expiresAtMs: number;
}): string {
  const mac = createHmac('sha256', secret)
    .update(`${linkId}.${expiresAtMs}.${passwordHash}`)
    .digest('base64url');
  return `${expiresAtMs}.${mac}`;
}

export function verifyUnlock({
  secret,
  linkId,
  passwordHash,
  value,
  now,
}: {
  secret: string;
  linkId: string;
  passwordHash: string;
  value: string | undefined;
  now: Date;
}): boolean {
  if (!value) return false;
  const [expiry, mac] = value.split('.');
  const expiresAtMs = Number(expiry);
  if (!mac || !Number.isSafeInteger(expiresAtMs) || expiresAtMs <= now.getTime()) return false;
  const expected = signUnlock({ secret, linkId, passwordHash, expiresAtMs });
  const given = Buffer.from(value);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { pageIndexSchema, pageSizeSchema } from './pagination';
import type { MemberRole } from './permissions';

/**
 * Share links: a public link `/s/{token}` to one document, with an expiry, an optional password and
 * download allowed or not. The token is shown once, when the link is made; only its hash is stored.
 */

/** How long a new link works. */
export const SHARE_LINK_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type ShareLinkExpiry = (typeof SHARE_LINK_EXPIRIES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** Milliseconds of each expiry; null for a link that never expires. */
export const SHARE_LINK_EXPIRY_MS: Record<ShareLinkExpiry, number | null> = {
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  never: null,
};

/** Random bytes of a token (192 bits; the issue asks for at least 128), base64url: 32 characters. */
export const SHARE_LINK_TOKEN_BYTES = 24;
export const SHARE_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const SHARE_LINK_PASSWORD_MIN_LENGTH = 4;
export const SHARE_LINK_PASSWORD_MAX_LENGTH = 128;
/** Wrong passwords allowed per link in a window before 429 `Retry-After`. */
export const SHARE_LINK_PASSWORD_ATTEMPTS = 5;
export const SHARE_LINK_PASSWORD_WINDOW_SECONDS = 15 * 60;
export const SHARE_LINKS_PAGE_SIZE = 50;
/** The public path of a link's page. */
export const shareLinkPath = (token: string) => `/s/${token}`;

export const shareLinkSchema = z.strictObject({
  id: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  /** Null once the creator's account is deleted. */
  createdBy: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime(),
  /** Null: never expires. */
  expiresAt: isoDateTime().nullable(),
  hasPassword: z.boolean(),
  allowDownload: z.boolean(),
  /** The last time the page was opened (written at most once a minute); null if never. */
  lastAccessedAt: isoDateTime().nullable(),
});
export type ShareLinkDto = z.infer<typeof shareLinkSchema>;

export const shareLinkPasswordSchema = z
  .string()
  .min(SHARE_LINK_PASSWORD_MIN_LENGTH, {
    message: `A password is at least ${SHARE_LINK_PASSWORD_MIN_LENGTH} characters`,
  })
  .max(SHARE_LINK_PASSWORD_MAX_LENGTH, {
    message: `A password is at most ${SHARE_LINK_PASSWORD_MAX_LENGTH} characters`,
  });

export const createShareLinkInputSchema = z.strictObject({
  expiresIn: z.enum(SHARE_LINK_EXPIRIES),
  /** Absent or null: no password. */
  password: shareLinkPasswordSchema.nullable().optional(),
  allowDownload: z.boolean(),
});
export type CreateShareLinkInput = z.input<typeof createShareLinkInputSchema>;

export const listShareLinksQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(SHARE_LINKS_PAGE_SIZE),
});

export const shareLinkSettingsSchema = z.strictObject({
  /** Off: no link of the organization opens, and none can be made. On by default. */
  isEnabled: z.boolean(),
});
export type ShareLinkSettingsDto = z.infer<typeof shareLinkSettingsSchema>;

/** Whether a link is past its expiry at `now`. */
export const isShareLinkExpired = (expiresAt: string | null, now: Date) =>
  expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();

/** Its creator revokes a link, and so do the organization's owners and admins. */
export function canRevokeShareLink(
  createdById: string | null,
  caller: { userId: string; role: MemberRole } | undefined,
): boolean {
  if (!caller) return false;
  return caller.role === 'owner' || caller.role === 'admin' || createdById === caller.userId;
}

const ORGANIZATION = '/api/organizations/:organizationId';
const exampleShareLink = {
  id: 'shl_0123456789abcdefghijklmn',
  documentId: 'doc_0123456789abcdefghijklmn',
  documentName: 'Lease 2026.pdf',
  createdBy: { id: 'usr_0123456789abcdefghijklmn', name: 'Ada Lovelace' },
  createdAt: '2026-02-03T10:00:00.000Z',
  expiresAt: '2026-02-10T10:00:00.000Z',
  hasPassword: true,
  allowDownload: false,
  lastAccessedAt: null,
} satisfies ShareLinkDto;
const PUBLIC_PAGE = `The link opens \`/s/{token}\`: a page with the document's name and preview (and a download when allowed), \`noindex\`, no referrer, 404 for an unknown or revoked link, a document in the trash or share links switched off, 410 once expired. Wrong passwords: ${SHARE_LINK_PASSWORD_ATTEMPTS} per link in ${SHARE_LINK_PASSWORD_WINDOW_SECONDS / 60} minutes, then 429 with \`Retry-After\`.`;

export const shareLinksEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/documents/:documentId/share-links`,
    tag: 'Share links',
    summary: 'Make a public link to a document',
    description: `\`expiresIn\` is one of ${SHARE_LINK_EXPIRIES.join(', ')}; \`password\` ${SHARE_LINK_PASSWORD_MIN_LENGTH}–${SHARE_LINK_PASSWORD_MAX_LENGTH} characters, hashed like account passwords. The answer's \`token\` and \`url\` are shown once: only the token's hash is kept. A \`share_link_created\` activity entry. ${PUBLIC_PAGE}`,
    auth: { apiKeyPermission: 'documents:share' },
    body: createShareLinkInputSchema,
    answers: {
      201: z.strictObject({ shareLink: shareLinkSchema, token: z.string(), url: z.string() }),
    },
    errors: { 403: ['share_links.disabled'], 404: ['documents.not_found'] },
    example: {
      body: { expiresIn: '7d', password: 'correct horse', allowDownload: false },
      answer: {
        shareLink: exampleShareLink,
        token: 'Vq3nV0o1Yx6c0hQ4n2w8bJt5Zr7KpLmA',
        url: 'https://sheaf.example/s/Vq3nV0o1Yx6c0hQ4n2w8bJt5Zr7KpLmA',
      },
    },
  }),
  listForDocument: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/documents/:documentId/share-links`,
    tag: 'Share links',
    summary: "List a document's active share links",
    description: 'Active: neither expired nor revoked. Newest first.',
    auth: { apiKeyPermission: 'documents:share' },
    answers: { 200: z.strictObject({ shareLinks: z.array(shareLinkSchema) }) },
    errors: { 404: ['documents.not_found'] },
    example: { answer: { shareLinks: [exampleShareLink] } },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/share-links`,
    tag: 'Share links',
    summary: "List the organization's active share links",
    description: 'Neither expired nor revoked, newest first, with their creator, expiry and last access.',
    auth: { apiKeyPermission: 'documents:share' },
    query: listShareLinksQuerySchema,
    answers: {
      200: z.strictObject({
        shareLinks: z.array(shareLinkSchema),
        shareLinksCount: z.number().int().nonnegative(),
      }),
    },
    example: { answer: { shareLinks: [exampleShareLink], shareLinksCount: 1 } },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/share-links/:shareLinkId`,
    tag: 'Share links',
    summary: 'Revoke a share link',
    description:
      'Its creator, admins and owners revoke a link (403 `auth.forbidden` otherwise); it stops working at once. A `share_link_revoked` activity entry.',
    auth: { apiKeyPermission: 'documents:share' },
    answers: { 204: null },
    errors: { 404: ['share_links.not_found'] },
  }),
  revokeAll: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/share-links`,
    tag: 'Share links',
    summary: "Revoke all the organization's share links",
    description: 'Owners and admins. A `share_link_revoked` activity entry per link.',
    auth: 'session',
    roles: ['owner', 'admin'],
    answers: { 200: z.strictObject({ revokedCount: z.number().int().nonnegative() }) },
    example: { answer: { revokedCount: 3 } },
  }),
  getSettings: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/share-link-settings`,
    tag: 'Share links',
    summary: "The organization's share link switch",
    auth: { apiKeyPermission: 'documents:share' },
    answers: { 200: z.strictObject({ shareLinkSettings: shareLinkSettingsSchema }) },
    example: { answer: { shareLinkSettings: { isEnabled: true } } },
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: `${ORGANIZATION}/share-link-settings`,
    tag: 'Share links',
    summary: 'Turn share links on or off for the organization',
    description:
      'Owners only. Off: every existing link stops working at once (404) until they are turned on again, and no new link can be made (403 `share_links.disabled`).',
    auth: 'session',
    roles: ['owner'],
    body: shareLinkSettingsSchema,
    answers: { 200: z.strictObject({ shareLinkSettings: shareLinkSettingsSchema }) },
    example: { body: { isEnabled: false }, answer: { shareLinkSettings: { isEnabled: false } } },
  }),
};

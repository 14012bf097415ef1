import { z } from 'zod';
import { apiKeySchema } from './api-keys';
import { defineEndpoint, isoDateTime } from './endpoint';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
} from './limits';
import { LOCALE_CODES, type LocaleCode } from './locales';
import { emailAddressSchema, singleLineString } from './text';

/**
 * PUT /api/users/me: the name, the UI language (e-mails are written in it), or both — at least
 * one. The rule is a refinement (so a bad field is still reported under its own path) and, for
 * the API description, `minProperties: 1`, which says the same of a strict object.
 */
export const updateUserSchema = z
  .strictObject({
    name: singleLineString().trim().min(1).max(USER_NAME_MAX_LENGTH).optional(),
    locale: z.enum(LOCALE_CODES).optional(),
  })
  .refine((body) => body.name !== undefined || body.locale !== undefined, {
    message: 'Give a name or a locale',
  })
  .meta({ minProperties: 1 });

/** What a client sends to PUT /api/users/me: a name, a locale, or both, never nothing. */
export type UpdateUserInput = { name: string; locale?: LocaleCode } | { name?: string; locale: LocaleCode };

export const emailSchema = emailAddressSchema;
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const registrationNameSchema = singleLineString().trim().min(1).max(REGISTRATION_NAME_MAX_LENGTH);

/** The signed-in user, as GET and PUT /api/users/me answer it. */
export const userSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  /**
   * The UI language e-mails are written in, null until chosen. A string rather than a locale code:
   * better-auth's update-user stores the field unchecked.
   */
  locale: z.string().nullable(),
  /**
   * Global roles: `admin` for the server's administrators (SERVER_ADMIN_EMAILS: they may import a
   * Paperless-ngx export from a folder on the server), else none (spec §6 names no other).
   */
  roles: z.array(z.string()),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type UserDto = z.infer<typeof userSchema>;

const userAnswerSchema = z.strictObject({ user: userSchema });
const exampleUser: UserDto = {
  id: 'usr_0123456789abcdefghijklmn',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  locale: 'en',
  roles: [],
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};

/** Version of the account data file's format: raised when a field changes meaning or goes away. */
export const ACCOUNT_DATA_FORMAT_VERSION = 1;

/**
 * GET /api/users/me/data: what the account holds about its user, as a JSON file to keep — the
 * profile, the memberships, the active sessions and the API keys (never a secret: no password, no
 * session token, no key but its prefix).
 */
export const accountDataSchema = z.strictObject({
  format: z.literal('sheaf-account-data'),
  version: z.literal(ACCOUNT_DATA_FORMAT_VERSION),
  exportedAt: isoDateTime(),
  profile: userSchema,
  memberships: z.array(
    z.strictObject({
      organizationId: z.string(),
      organizationName: z.string(),
      role: z.enum(['owner', 'admin', 'member']),
      joinedAt: isoDateTime(),
      /** Set while the organization is deleted (restorable until its purge). */
      organizationDeletedAt: isoDateTime().nullable(),
    }),
  ),
  /** Sessions not expired, most recently active first. */
  sessions: z.array(
    z.strictObject({
      createdAt: isoDateTime(),
      lastActiveAt: isoDateTime(),
      expiresAt: isoDateTime(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  apiKeys: z.array(apiKeySchema),
});
export type AccountDataDto = z.infer<typeof accountDataSchema>;

/** The account routes take a session only: an API key gets 403. */
export const usersEndpoints = {
  getMe: defineEndpoint({
    method: 'GET',
    path: '/api/users/me',
    tag: 'Account',
    summary: 'The signed-in user',
    description: 'A session whose account was deleted meanwhile gets 401 `auth.unauthorized`.',
    auth: 'session',
    answers: { 200: userAnswerSchema },
    example: { answer: { user: exampleUser } },
  }),
  updateMe: defineEndpoint({
    method: 'PUT',
    path: '/api/users/me',
    tag: 'Account',
    summary: "Change the signed-in user's name or language",
    description:
      'Give `name`, `locale` or both; an empty body is refused (400 `api.validation_error`). The fields left out keep their value.',
    auth: 'session',
    body: updateUserSchema,
    answers: { 200: userAnswerSchema },
    example: { body: { name: 'Ada King' }, answer: { user: { ...exampleUser, name: 'Ada King' } } },
  }),
  getMyData: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/data',
    tag: 'Account',
    summary: "Download the signed-in user's account data",
    description:
      'A JSON file to keep (an attachment, `sheaf-account-data-<date>.json`): the profile, memberships, valid sessions and API keys. No secret: no password, session token or key.',
    auth: 'session',
    answers: { 200: accountDataSchema },
    example: {
      answer: {
        format: 'sheaf-account-data',
        version: ACCOUNT_DATA_FORMAT_VERSION,
        exportedAt: '2026-11-27T10:00:00.000Z',
        profile: exampleUser,
        memberships: [],
        sessions: [],
        apiKeys: [],
      },
    },
  }),
};

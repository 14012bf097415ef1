import { z } from 'zod';
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
  /** Global roles: none exist yet (spec §6), so always empty. */
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
};

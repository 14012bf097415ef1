import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
} from './limits';
import { LOCALE_CODES } from './locales';
import { emailAddressSchema, singleLineString } from './text';

/** PUT /api/users/me: the name, the UI language (e-mails are written in it), or both. */
export const updateUserSchema = z
  .strictObject({
    name: singleLineString().trim().min(1).max(USER_NAME_MAX_LENGTH).optional(),
    locale: z.enum(LOCALE_CODES).optional(),
  })
  .refine((body) => body.name !== undefined || body.locale !== undefined, {
    message: 'Give a name or a locale',
  });

export const emailSchema = emailAddressSchema;
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const registrationNameSchema = singleLineString().trim().min(1).max(REGISTRATION_NAME_MAX_LENGTH);

export type UserDto = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  locale: string | null;
  roles: string[];
  createdAt: string;
  updatedAt: string;
};

/** This domain's endpoints (see endpoint.ts). */
export const usersEndpoints = {};

import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
} from '@sheaf/contracts/limits';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** E-mail: required and valid (spec §5). */
export function emailField(t: TFunction) {
  return z
    .string()
    .trim()
    .min(1, t('auth.validation.email-required'))
    .pipe(z.email(t('auth.validation.email-invalid')));
}

/** A new password: required, 8 to 128 characters (spec §5). */
export function newPasswordField(t: TFunction) {
  return z
    .string()
    .min(1, t('auth.validation.password-required'))
    .min(PASSWORD_MIN_LENGTH, t('auth.validation.password-min', { count: PASSWORD_MIN_LENGTH }))
    .max(PASSWORD_MAX_LENGTH, t('auth.validation.password-max', { count: PASSWORD_MAX_LENGTH }));
}

export function loginSchema(t: TFunction) {
  return z.object({
    email: emailField(t),
    password: z.string().min(1, t('auth.validation.password-required')),
    rememberMe: z.boolean(),
  });
}

export function registerSchema(t: TFunction) {
  return z.object({
    email: emailField(t),
    name: z
      .string()
      .trim()
      .min(1, t('auth.validation.name-required'))
      .max(
        REGISTRATION_NAME_MAX_LENGTH,
        t('auth.validation.name-max', { count: REGISTRATION_NAME_MAX_LENGTH }),
      ),
    password: newPasswordField(t),
  });
}

export function requestPasswordResetSchema(t: TFunction) {
  return z.object({ email: emailField(t) });
}

export function resetPasswordSchema(t: TFunction) {
  return z
    .object({
      password: newPasswordField(t),
      confirmation: z.string().min(1, t('auth.validation.confirmation-required')),
    })
    .refine((values) => values.password === values.confirmation, {
      path: ['confirmation'],
      message: t('auth.validation.passwords-mismatch'),
    });
}

/** The "8 to 128 characters" hint shown under new-password fields. */
export function passwordHint(t: TFunction) {
  return t('auth.fields.password-hint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

import { USER_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { hasControlCharacters } from '@sheaf/contracts/text';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** User name (spec §5): trimmed, at most 50; the minimum is 1 although its message says 2 characters. */
export function userNameSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
      .trim()
      .min(1, t('users.settings.profile.name-min'))
      .max(USER_NAME_MAX_LENGTH, t('users.settings.profile.name-max')),
  });
}

import { addDays, addYears } from 'date-fns';

/** Expiry choices of the creation form. */
export const API_KEY_EXPIRY_OPTIONS = ['never', '7d', '30d', '90d', '1y'] as const;
export type ApiKeyExpiryOption = (typeof API_KEY_EXPIRY_OPTIONS)[number];

/** The expiresAt sent for an expiry choice, counted from `now`; null means the key never expires. */
export function getExpiresAt(option: ApiKeyExpiryOption, now: Date = new Date()): string | null {
  switch (option) {
    case 'never':
      return null;
    case '7d':
      return addDays(now, 7).toISOString();
    case '30d':
      return addDays(now, 30).toISOString();
    case '90d':
      return addDays(now, 90).toISOString();
    case '1y':
      return addYears(now, 1).toISOString();
  }
}

import type { PublicConfig } from '@sheaf/contracts/config';

/**
 * Where "Contact support" leads: the instance's SUPPORT_URL, or else the conventional support
 * mailbox of its own domain.
 */
export function getSupportHref(config: Pick<PublicConfig, 'baseUrl' | 'supportUrl'>): string {
  if (config.supportUrl) return config.supportUrl;
  let host = 'localhost';
  try {
    host = new URL(config.baseUrl).hostname;
  } catch {
    // An unreadable base URL keeps the fallback.
  }
  return `mailto:support@${host}?subject=${encodeURIComponent('Checkout')}`;
}

import type { PublicConfig } from '@sheaf/contracts/config';

/**
 * Where "Contact support" leads. The runtime configuration has no support address yet, so this is the
 * conventional support mailbox of the instance's own domain.
 */
export function getSupportHref(config: Pick<PublicConfig, 'baseUrl'>): string {
  let host = 'localhost';
  try {
    host = new URL(config.baseUrl).hostname;
  } catch {
    // An unreadable base URL keeps the fallback.
  }
  return `mailto:support@${host}?subject=${encodeURIComponent('Checkout')}`;
}

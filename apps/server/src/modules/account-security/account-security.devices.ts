import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { describeUserAgent } from '@sheaf/contracts/user-agent';

/**
 * The address a device is recognised by: an IPv4 /24 or an IPv6 /48, so a home connection whose
 * last bits change stays the same device; null when unknown.
 */
export function coarseAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(mapped)) {
    const [head = '', tail = ''] = mapped.split('::');
    const headGroups = head ? head.split(':') : [];
    const tailGroups = tail ? tail.split(':') : [];
    const missing = 8 - headGroups.length - tailGroups.length;
    const groups = mapped.includes('::')
      ? [...headGroups, ...Array(missing).fill('0'), ...tailGroups]
      : headGroups;
    return `${groups
      .slice(0, 3)
      .map((group) => Number.parseInt(group || '0', 16).toString(16))
      .join(':')}::/48`;
  }
  return null;
}

/** "Firefox on Linux", from the user agent; "Unknown browser" when nothing is recognised. */
export function describeDevice(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown browser';
}

/** What "a device not seen before" compares: the browser and OS family and the coarse address. */
export function deviceFingerprint(userAgent: string | null | undefined, address: string | null | undefined) {
  return createHash('sha256')
    .update(`${describeDevice(userAgent)}\n${coarseAddress(address) ?? ''}`)
    .digest('base64url');
}

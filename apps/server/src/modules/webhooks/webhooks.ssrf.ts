import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of webhooks: only public unicast addresses may be targeted, unless
 * WEBHOOKS_ALLOW_PRIVATE_TARGETS is on. Refused: loopback, private (RFC 1918), unique local (ULA),
 * link-local (169.254.169.254, the cloud metadata address, included), CGNAT, multicast,
 * unspecified, broadcast, reserved and documentation ranges, and IPv6 forms that embed an IPv4
 * address (mapped, NAT64) when that address is one of those.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A scoped IPv6 address (fe80::1%eth0) is link-local anyway.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return isPublicAddress(ipv6.toIPv4Address().toString());
  const range = ipv6.range();
  if (range === 'rfc6052') {
    // NAT64 (64:ff9b::/96): the last 32 bits are the IPv4 address reached.
    const bytes = ipv6.toByteArray().slice(12);
    return isPublicAddress(bytes.join('.'));
  }
  return range === 'unicast';
}

/** Why an address is refused, for the error shown in the deliveries log. */
export function describeAddressRange(address: string): string {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return 'not an IP address';
  const parsed = ipaddr.parse(bare);
  const range =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address().range()
      : parsed.range();
  return range;
}

/** The host of a URL as an address or name: IPv6 brackets removed. */
export function hostOf(url: string): string {
  const { hostname } = new URL(url);
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export class WebhookTargetNotAllowedError extends Error {
  readonly code = 'EWEBHOOKTARGET';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host === address ? address : `${host} (${address})`} is not a public address (${describeAddressRange(address)}); set WEBHOOKS_ALLOW_PRIVATE_TARGETS=true to allow it`,
    );
    this.name = 'WebhookTargetNotAllowedError';
  }
}

export type ResolveHost = (host: string) => Promise<string[]>;

/** Every address a name resolves to, as connecting would (getaddrinfo, /etc/hosts included). */
export const resolveWithSystem: ResolveHost = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map(({ address }) => address);

/**
 * The save-time check: the first address of the URL's host that is not public, or undefined when
 * every address is (or the name does not resolve now: delivery checks again, and fails then).
 */
export async function findNonPublicAddress(
  url: string,
  resolve: ResolveHost = resolveWithSystem,
): Promise<string | undefined> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : host;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return undefined;
  }
  return addresses.find((address) => !isPublicAddress(address));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s) agents that refuses a name when any of its addresses is not public, so a
 * socket is never opened to one (a name that answers a public address at save time and a private
 * one later — DNS rebinding — is caught here, at the connection itself).
 */
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions | number,
  callback: LookupCallback,
): void {
  const lookupOptions = typeof options === 'number' ? { family: options } : options;
  dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) return callback(new WebhookTargetNotAllowedError(hostname, refused.address), []);
    if ('all' in lookupOptions && lookupOptions.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first)
      return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

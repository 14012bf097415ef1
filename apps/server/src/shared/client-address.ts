import { BlockList, isIP } from 'node:net';

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is `203.0.113.9`. */
function unmapIpv4(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;
}

/** Whether `entry` is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The address of the client behind a request. Without trusted proxies it is the socket's peer.
 * When the peer is one of `trustedProxies` (addresses or CIDR ranges), `X-Forwarded-For` is read
 * from its right end, skipping trusted proxies, and the first other address is the client's:
 * addresses further left were written by the client itself and are never believed.
 */
export function createClientAddressResolver({ trustedProxies }: { trustedProxies: string[] }) {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  const isTrusted = (address: string) => {
    const family = isIP(address);
    return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };

  return function resolveClientAddress({
    socketAddress,
    forwardedFor,
  }: {
    socketAddress: string | undefined;
    forwardedFor: string | null | undefined;
  }): string | undefined {
    if (socketAddress === undefined) return undefined;
    let client = unmapIpv4(socketAddress);
    if (trustedProxies.length === 0 || !forwardedFor) return client;
    const hops = forwardedFor
      .split(',')
      .map((hop) => unmapIpv4(hop.trim()))
      .reverse();
    for (const hop of hops) {
      if (!isTrusted(client)) break;
      // A malformed hop ends the walk: the last trusted proxy's view is kept.
      if (isIP(hop) === 0) break;
      client = hop;
    }
    return client;
  };
}

export type ResolveClientAddress = ReturnType<typeof createClientAddressResolver>;

import { describe, expect, it } from 'vitest';
import { createClientAddressResolver, isAddressOrRange } from './client-address';

describe('client addresses', () => {
  it('accepts IP addresses and CIDR ranges of both families, and nothing else', () => {
    expect(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '192.168.1.0/32'].every(isAddressOrRange)).toBe(
      true,
    );
    expect(
      ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0/8', '', '10.0.0.0/x'].some(
        isAddressOrRange,
      ),
    ).toBe(false);
  });

  it("without trusted proxies, is the socket's peer whatever X-Forwarded-For says", () => {
    const resolve = createClientAddressResolver({ trustedProxies: [] });
    expect(resolve({ socketAddress: '203.0.113.9', forwardedFor: '198.51.100.7' })).toBe('203.0.113.9');
    expect(resolve({ socketAddress: '::ffff:203.0.113.9', forwardedFor: null })).toBe('203.0.113.9');
    expect(resolve({ socketAddress: undefined, forwardedFor: '198.51.100.7' })).toBeUndefined();
  });

  it('behind trusted proxies, is the rightmost forwarded address that is not a trusted proxy', () => {
    const resolve = createClientAddressResolver({ trustedProxies: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] });
    // Client → proxy at 10.1.2.3 → proxy on loopback → Sheaf.
    expect(resolve({ socketAddress: '127.0.0.1', forwardedFor: '203.0.113.9, 10.1.2.3' })).toBe(
      '203.0.113.9',
    );
    // What the client wrote itself, left of the first untrusted hop, is ignored.
    expect(resolve({ socketAddress: '127.0.0.1', forwardedFor: '1.2.3.4, 203.0.113.9' })).toBe('203.0.113.9');
    expect(resolve({ socketAddress: 'fd00::5', forwardedFor: '2001:db8::1' })).toBe('2001:db8::1');
    expect(resolve({ socketAddress: '::ffff:10.0.0.7', forwardedFor: '::ffff:203.0.113.9' })).toBe(
      '203.0.113.9',
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and stops at a malformed hop', () => {
    const resolve = createClientAddressResolver({ trustedProxies: ['10.0.0.0/8'] });
    expect(resolve({ socketAddress: '203.0.113.9', forwardedFor: '198.51.100.7' })).toBe('203.0.113.9');
    expect(resolve({ socketAddress: '10.0.0.1', forwardedFor: '198.51.100.7, not-an-ip' })).toBe('10.0.0.1');
    expect(resolve({ socketAddress: '10.0.0.1', forwardedFor: '' })).toBe('10.0.0.1');
  });
});

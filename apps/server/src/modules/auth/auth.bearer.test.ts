import { describe, expect, it } from 'vitest';
import { readBearerToken } from './auth.bearer';

describe('reading the Authorization header', () => {
  it('reads a Bearer token whatever the case of the scheme', () => {
    expect(readBearerToken('Bearer sheaf_abc')).toBe('sheaf_abc');
    expect(readBearerToken('bearer sheaf_abc ')).toBe('sheaf_abc');
    expect(readBearerToken('BEARER   sheaf_abc')).toBe('sheaf_abc');
  });

  it('ignores a missing header and any other scheme, so the session cookie still counts', () => {
    expect(readBearerToken(undefined)).toBeUndefined();
    expect(readBearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(readBearerToken('Bearertoken')).toBeUndefined();
  });

  it('gives an empty token for a Bearer header without a usable one, which requireAuth refuses', () => {
    expect(readBearerToken('Bearer')).toBe('');
    expect(readBearerToken('Bearer ')).toBe('');
    expect(readBearerToken('Bearer two tokens')).toBe('');
  });
});

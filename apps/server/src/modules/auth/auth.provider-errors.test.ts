import type { GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { describe, expect, it } from 'vitest';
import { classifyExchangeFailure, toProviderErrorCode } from './auth.provider-errors';
import { mapProviderProfile, providerAccountSubject } from './auth.providers';

describe('provider sign-in error codes', () => {
  it('keeps the dotted codes of our own refusals, which better-auth’s error page would have dropped', () => {
    expect(toProviderErrorCode('auth.registration_disabled')).toBe('auth.registration_disabled');
    expect(toProviderErrorCode('auth.account_not_linked')).toBe('auth.account_not_linked');
  });

  it('turns better-auth’s and the provider’s codes into ours', () => {
    expect(toProviderErrorCode('account_not_linked')).toBe('auth.account_not_linked');
    expect(toProviderErrorCode('signup_disabled')).toBe('auth.registration_disabled');
    expect(toProviderErrorCode('email_not_verified')).toBe('auth.provider_email_not_verified');
    expect(toProviderErrorCode('email_not_found')).toBe('auth.provider_email_missing');
    expect(toProviderErrorCode('access_denied')).toBe('auth.provider_access_denied');
    expect(toProviderErrorCode('invalid_scope')).toBe('auth.provider_misconfigured');
    expect(toProviderErrorCode('unable_to_get_user_info')).toBe('auth.provider_misconfigured');
    expect(toProviderErrorCode('temporarily_unavailable')).toBe('auth.provider_unavailable');
    expect(toProviderErrorCode('account_already_linked_to_different_user')).toBe(
      'auth.provider_account_in_use',
    );
    expect(toProviderErrorCode('state_mismatch')).toBe('auth.provider_sign_in_failed');
    expect(toProviderErrorCode('something_new')).toBe('auth.provider_sign_in_failed');
  });

  it('tells an unreachable token endpoint from a refused client and from a stale code', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(toProviderErrorCode('invalid_code', classifyExchangeFailure([refused]))).toBe(
      'auth.provider_unavailable',
    );
    expect(classifyExchangeFailure([{ status: 503, statusText: 'Service Unavailable' }])).toBe('unavailable');
    expect(classifyExchangeFailure([Object.assign(new Error('timed out'), { name: 'TimeoutError' })])).toBe(
      'unavailable',
    );
    expect(
      toProviderErrorCode(
        'invalid_code',
        classifyExchangeFailure([{ status: 401, error: 'invalid_client' }]),
      ),
    ).toBe('auth.provider_misconfigured');
    expect(
      toProviderErrorCode('invalid_code', classifyExchangeFailure([{ status: 400, error: 'invalid_grant' }])),
    ).toBe('auth.provider_sign_in_failed');
  });
});

/** A provider's claims as better-auth hands them over (its type wants emailVerified, providers may omit it). */
function claims(values: Record<string, unknown>): GenericOAuthUserInfo {
  return values as GenericOAuthUserInfo;
}

describe('provider profiles', () => {
  const standard = { idClaim: 'sub', emailClaim: 'email', nameClaim: 'name' };

  it('reads the account id from sub whether the profile is a userinfo answer or ID-token claims', () => {
    expect(providerAccountSubject(standard, claims({ sub: 'abc', email: 'a@example.com' }))).toBe('abc');
    expect(providerAccountSubject(standard, claims({ id: 'abc', sub: 'abc', email: 'a@example.com' }))).toBe(
      'abc',
    );
    expect(providerAccountSubject({ ...standard, idClaim: 'uid' }, claims({ sub: 'x', uid: 4242 }))).toBe(
      '4242',
    );
    expect(providerAccountSubject(standard, claims({ id: 'only-id' }))).toBe('');
  });

  it('maps e-mail and name through the configured claims, and falls back to usual name claims', () => {
    const mapping = { emailClaim: 'mail', nameClaim: 'display_name' };
    expect(
      mapProviderProfile(mapping, claims({ mail: 'k@example.com', display_name: 'K. Johnson' })),
    ).toEqual({
      email: 'k@example.com',
      name: 'K. Johnson',
    });
    expect(
      mapProviderProfile(mapping, claims({ mail: 'k@example.com', preferred_username: 'kjohnson' })),
    ).toEqual({
      email: 'k@example.com',
      name: 'kjohnson',
    });
    expect(mapProviderProfile(mapping, claims({ mail: 'katherine@example.com' }))).toEqual({
      email: 'katherine@example.com',
      name: 'katherine',
    });
    expect(mapProviderProfile(standard, claims({ given_name: 'Katherine', family_name: 'Johnson' }))).toEqual(
      {
        name: 'Katherine Johnson',
      },
    );
  });
});

import { describe, expect, test } from 'vitest';
import { ApiError } from '../../shared/http/api-error';
import {
  backupCodesFileText,
  classifyPasskeyPromptError,
  groupInFours,
  isFreshSignInRequired,
  totpSecretOf,
} from './second-factor';

describe('second-factor helpers', () => {
  test('the key of an otpauth URI is its secret parameter, shown in groups of four', () => {
    const key = totpSecretOf('otpauth://totp/Sheaf:ada%40example.com?secret=JBSWY3DPEHPK3PXPAB&issuer=Sheaf');
    expect(key).toBe('JBSWY3DPEHPK3PXPAB');
    expect(groupInFours(key)).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  test('a URI that cannot be read gives no key', () => {
    expect(totpSecretOf('not a uri')).toBe('');
    expect(groupInFours('')).toBe('');
  });

  test('the backup codes file has a heading, then one code a line', () => {
    expect(backupCodesFileText(['a1b2c-d3e4f', 'g5h6i-j7k8l'], 'Sheaf backup codes')).toBe(
      'Sheaf backup codes\n\na1b2c-d3e4f\ng5h6i-j7k8l\n',
    );
  });

  test('a closed or aborted prompt is a cancellation; an authenticator already used is told apart', () => {
    expect(classifyPasskeyPromptError(new DOMException('closed', 'NotAllowedError'))).toBe('cancelled');
    expect(classifyPasskeyPromptError(new DOMException('aborted', 'AbortError'))).toBe('cancelled');
    expect(classifyPasskeyPromptError(new DOMException('known', 'InvalidStateError'))).toBe(
      'already-registered',
    );
    expect(classifyPasskeyPromptError(new Error('network'))).toBe('other');
    expect(classifyPasskeyPromptError(undefined)).toBe('other');
  });

  test('both refusals for an old sign-in ask for a new one', () => {
    const refusal = (code: string) =>
      new ApiError({ status: 403, statusText: 'Forbidden', data: { error: { code, message: '' } }, url: '' });
    expect(isFreshSignInRequired(refusal('auth.fresh_sign_in_required'))).toBe(true);
    expect(isFreshSignInRequired(refusal('auth.session_not_fresh'))).toBe(true);
    expect(isFreshSignInRequired(refusal('auth.forbidden'))).toBe(false);
  });
});

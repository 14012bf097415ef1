import { accountSecurityEndpoints } from '@sheaf/contracts/account-security';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { refreshSession } from '../auth/api';
import { currentUserQueryKey } from './api';

export const accountSecurityQueryKey = ['users', 'me', 'security'] as const;

/** GET /api/users/me/security: two-factor sign-in, passkeys, whether the account has a password and a fresh sign-in. */
export function accountSecurityQueryOptions() {
  return queryOptions({
    queryKey: accountSecurityQueryKey,
    queryFn: async () => (await call(accountSecurityEndpoints.getSecurity)).security,
  });
}

/**
 * After a change of second factor: the security answer, the user (its `twoFactorEnabled`) and the
 * session (confirming the setup replaces it) are read again. `['users', 'me']` also covers the
 * sessions and sign-in methods lists.
 */
async function refreshAccountSecurity(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    refreshSession(queryClient),
  ]);
}

/** The current password for an account that has one; nothing for one that confirms by a fresh sign-in. */
type PasswordConfirmation = { password?: string | undefined };

const passwordBody = ({ password }: PasswordConfirmation) => (password ? { password } : {});

/** POST /api/auth/two-factor/enable: the authenticator key (otpauth URI); it is on once a first code confirms it. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (confirmation: PasswordConfirmation) =>
      call(accountSecurityEndpoints.enableTwoFactor, { body: passwordBody(confirmation) }),
  });
}

/** POST /api/auth/two-factor/verify-totp while signed in: the first code turns two-factor sign-in on. */
export function useConfirmTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(accountSecurityEndpoints.verifyTotp, { body: { code } }),
    onSuccess: () => refreshAccountSecurity(queryClient),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: PasswordConfirmation) =>
      call(accountSecurityEndpoints.disableTwoFactor, { body: passwordBody(confirmation) }),
    onSuccess: () => refreshAccountSecurity(queryClient),
  });
}

/** POST /api/auth/two-factor/generate-backup-codes: a new set; the previous codes stop working. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: async (confirmation: PasswordConfirmation) =>
      (await call(accountSecurityEndpoints.generateBackupCodes, { body: passwordBody(confirmation) }))
        .backupCodes,
  });
}

/**
 * Adds a passkey: the server's options, the browser's prompt (@simplewebauthn/browser, loaded only
 * here), then the server checks the new credential. A prompt the user closes rejects with the
 * browser's NotAllowedError.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [options, { startRegistration }] = await Promise.all([
        call(accountSecurityEndpoints.passkeyRegistrationOptions, { query: { name } }),
        import('@simplewebauthn/browser'),
      ]);
      // The catalogue describes the options loosely; they are what @simplewebauthn/server generated.
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return call(accountSecurityEndpoints.verifyPasskeyRegistration, {
        body: { response: { ...response }, name },
      });
    },
    onSuccess: () => refreshAccountSecurity(queryClient),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkey: { id: string; name: string }) =>
      call(accountSecurityEndpoints.updatePasskey, { body: passkey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(accountSecurityEndpoints.deletePasskey, { body: { id } }),
    onSuccess: () => refreshAccountSecurity(queryClient),
  });
}

/**
 * A 403 `auth.fresh_sign_in_required` means the sign-in the cached answer called fresh has aged:
 * every card then offers to sign in again.
 */
export function markSignInStale(queryClient: QueryClient) {
  queryClient.setQueryData(accountSecurityQueryKey, (security) =>
    security ? { ...security, isSignInFresh: false } : security,
  );
}

/** Whether the account confirms changes by a new sign-in, and its last one is too old. */
export function needsFreshSignIn(security: { hasPassword: boolean; isSignInFresh: boolean }): boolean {
  return !security.hasPassword && !security.isSignInFresh;
}

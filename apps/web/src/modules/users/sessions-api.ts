import { queryOptions } from '@tanstack/react-query';
import { authClient, unwrapAuth } from '../auth/auth-client';

export const sessionsQueryKey = ['users', 'me', 'sessions'] as const;
export const accountsQueryKey = ['users', 'me', 'accounts'] as const;

/** The signed-in user's active sessions (better-auth list-sessions), most recently active first. */
export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async () => {
      const sessions = await unwrapAuth(authClient.listSessions(), '/api/auth/list-sessions');
      return [...(sessions ?? [])].sort(
        (a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime(),
      );
    },
  });
}

/** One way the user signs in (better-auth list-accounts): `credential` is the password. */
export type LinkedAccount = { id: string; providerId: string; accountId: string; createdAt: Date | string };

/** The user's sign-in methods (better-auth list-accounts), oldest first. */
export function accountsQueryOptions() {
  return queryOptions({
    queryKey: accountsQueryKey,
    queryFn: async (): Promise<LinkedAccount[]> => {
      const accounts = await unwrapAuth(authClient.listAccounts(), '/api/auth/list-accounts');
      return [...(accounts ?? [])].sort(
        (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
      );
    },
  });
}

/** Whether the user has a password (a credential account), as opposed to third-party sign-in only. */
export function hasPasswordQueryOptions() {
  return queryOptions({
    ...accountsQueryOptions(),
    select: (accounts: LinkedAccount[]) => accounts.some((account) => account.providerId === 'credential'),
  });
}

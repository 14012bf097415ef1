import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FieldMessage } from '../../../shared/ui/form-field';
import { useConfig } from '../../config/config-context';
import { authClient, unwrapAuth } from '../auth-client';
import type { AuthProvider } from '../providers';

/** A failed sign-in to show: under the button of `providerId`, or under all of them when it is not listed. */
export type ProviderFailure = { id: string | undefined; message: string };

/**
 * One button per provider; a failed sign-in shows its error under the button that started it —
 * whether it failed here (the provider cannot be reached) or came back from the provider
 * (`initialFailure`, from `/login?error=…&provider=…`).
 */
export function AuthProviderButtons({
  providers,
  initialFailure = null,
}: {
  providers: AuthProvider[];
  initialFailure?: ProviderFailure | null;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProviderFailure | null>(initialFailure);
  const isListed = failure !== null && providers.some((provider) => provider.id === failure.id);

  const signIn = async (provider: AuthProvider) => {
    setFailure(null);
    setPendingId(provider.id);
    try {
      // The answer carries { url, redirect: true }; the client then navigates to the provider.
      await unwrapAuth(
        authClient.signIn.social({ provider: provider.id, callbackURL: config.baseUrl }),
        '/api/auth/sign-in/social',
      );
    } catch (error) {
      setFailure({ id: provider.id, message: getErrorMessage(error, t) });
      setPendingId(null);
    }
  };

  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {providers.map((provider) => {
          const errorId = `provider-error-${provider.id}`;
          const error = failure?.id === provider.id ? failure.message : undefined;
          return (
            <li key={provider.id} className="grid gap-1.5">
              <Button
                variant="outline"
                className="w-full"
                isLoading={pendingId === provider.id}
                disabled={pendingId !== null && pendingId !== provider.id}
                aria-describedby={error ? errorId : undefined}
                onClick={() => void signIn(provider)}
              >
                {pendingId === provider.id ? null : provider.icon}
                {t('auth.providers.continue-with', { provider: provider.name })}
              </Button>
              {error ? (
                <FieldMessage id={errorId} announce>
                  {error}
                </FieldMessage>
              ) : null}
            </li>
          );
        })}
      </ul>
      {failure && !isListed ? <FieldMessage announce>{failure.message}</FieldMessage> : null}
    </div>
  );
}

/** A horizontal rule with a word in the middle ("or"). */
export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {children}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

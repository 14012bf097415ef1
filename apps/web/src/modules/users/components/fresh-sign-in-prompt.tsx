import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FieldMessage } from '../../../shared/ui/form-field';
import { authClient, unwrapAuth } from '../../auth/auth-client';
import { getAuthProviders } from '../../auth/providers';
import { useConfig } from '../../config/config-context';
import { accountsQueryOptions } from '../sessions-api';

/** Where the provider sends the browser back after signing in again. */
export const REAUTHENTICATED_PATH = '/settings?reauthenticated=1';

/**
 * For an account without a password, a sensitive change is confirmed by a recent sign-in: this says
 * so and signs in again through the account's identity provider, which brings the user back to the
 * account settings.
 */
export function FreshSignInPrompt() {
  const { t } = useTranslation();
  const config = useConfig();
  const accounts = useQuery(accountsQueryOptions());
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const linked = new Set((accounts.data ?? []).map((account) => account.providerId));
  const providers = getAuthProviders(config).filter((provider) => linked.has(provider.id));

  const signInAgain = async (providerId: string) => {
    setError(null);
    setPendingId(providerId);
    try {
      // The answer carries { url, redirect: true }: the client goes to the provider, which sends
      // the browser back here with a new, fresh session.
      await unwrapAuth(
        authClient.signIn.social({
          provider: providerId,
          callbackURL: `${config.baseUrl}${REAUTHENTICATED_PATH}`,
          errorCallbackURL: `${config.baseUrl}/settings`,
        }),
        '/api/auth/sign-in/social',
      );
    } catch (caught) {
      setError(getErrorMessage(caught, t));
      setPendingId(null);
    }
  };

  return (
    <div className="grid gap-3 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm">
      <div className="flex items-start gap-2.5">
        <Clock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium">{t('users.settings.two-factor.fresh-sign-in.title')}</p>
          <p>{t('users.settings.two-factor.fresh-sign-in.description')}</p>
          {providers.length === 0 && accounts.isSuccess ? (
            <p>{t('users.settings.two-factor.fresh-sign-in.no-provider')}</p>
          ) : null}
        </div>
      </div>
      {providers.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {providers.map((provider) => (
            <Button
              key={provider.id}
              variant="outline"
              size="sm"
              isLoading={pendingId === provider.id}
              disabled={pendingId !== null && pendingId !== provider.id}
              onClick={() => void signInAgain(provider.id)}
            >
              {pendingId === provider.id ? null : provider.icon}
              {providers.length === 1
                ? t('users.settings.two-factor.fresh-sign-in.button')
                : t('users.settings.two-factor.fresh-sign-in.button-with', { provider: provider.name })}
            </Button>
          ))}
        </div>
      ) : null}
      {error ? <FieldMessage announce>{error}</FieldMessage> : null}
    </div>
  );
}

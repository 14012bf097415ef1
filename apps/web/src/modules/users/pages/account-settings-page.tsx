import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { getAuthProviders } from '../../auth/providers';
import { useConfig } from '../../config/config-context';
import { currentUserQueryOptions } from '../api';
import { AccountDataCard } from '../components/account-data-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { ConnectedMethodsCard } from '../components/connected-methods-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { PasskeysCard } from '../components/passkeys-card';
import { ProfileCard, SignOutCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { accountSecurityQueryOptions } from '../security-api';
import { hasPasswordQueryOptions } from '../sessions-api';

const routeApi = getRouteApi('/private/shell/personal-settings/settings');

/** `?connected=<id>` after connecting a provider: says so once, then leaves the URL clean. */
function useConnectedNotice() {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = routeApi.useNavigate();
  const { connected } = routeApi.useSearch();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!connected || shown.current === connected) {
      return;
    }
    shown.current = connected;
    const provider =
      getAuthProviders(config).find((candidate) => candidate.id === connected)?.name ?? connected;
    toast.success(t('users.settings.connected-methods.connected-toast', { provider }));
    void navigate({ search: ({ connected: _connected, ...rest }) => rest, replace: true });
  }, [connected, config, navigate, t]);
}

export function AccountSettingsPage() {
  const { t } = useTranslation();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  useConnectedNotice();
  const linkError = search.error ? { code: search.error, providerId: search.provider } : undefined;
  const user = useQuery(currentUserQueryOptions());
  const hasPassword = useQuery(hasPasswordQueryOptions());
  const security = useQuery(accountSecurityQueryOptions());
  // While unknown (or when both answers fail), assume a password and a fresh sign-in: the server
  // decides anyway.
  const withPassword = security.data?.hasPassword ?? hasPassword.data ?? true;
  const isSignInFresh = security.data?.isSignInFresh ?? true;

  return (
    <div className="grid max-w-2xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('users.settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('users.settings.description')}</p>
      </div>
      {user.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : user.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(user.error, t)}</FormError>
          <Button variant="outline" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ProfileCard user={user.data} />
          {withPassword ? <ChangePasswordCard /> : null}
          <TwoFactorCard />
          <PasskeysCard />
          <ConnectedMethodsCard
            linkError={linkError}
            onLinkErrorDismissed={() => void navigate({ search: {}, replace: true })}
          />
          <SessionsCard />
          <AccountDataCard />
          <SignOutCard />
          <DeleteAccountCard
            email={user.data.email}
            hasPassword={withPassword}
            isSignInFresh={isSignInFresh}
          />
        </>
      )}
    </div>
  );
}

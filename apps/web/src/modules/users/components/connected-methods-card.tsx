import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Mail } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { authClient, unwrapAuth } from '../../auth/auth-client';
import { providerErrorMessage } from '../../auth/provider-errors';
import { getAuthProviders } from '../../auth/providers';
import { useConfig } from '../../config/config-context';
import { accountsQueryKey, accountsQueryOptions, type LinkedAccount } from '../sessions-api';

const PASSWORD = 'credential';

type MethodRow = {
  key: string;
  providerId: string;
  name: string;
  icon: ReactNode;
  account: LinkedAccount | undefined;
  /** Still a way to sign in on this server (the provider is configured, e-mail sign-in is on). */
  isUsable: boolean;
};

/**
 * "Connected sign-in methods": the password and each identity provider the user signs in with, with
 * Connect for the providers of this server not yet connected and Disconnect for connected ones —
 * refused (and disabled) for the last way to sign in. A failed Connect comes back as
 * `?error=<code>&provider=<id>`, a successful one as `?connected=<id>`.
 */
export function ConnectedMethodsCard({
  linkError,
  onLinkErrorDismissed,
}: {
  linkError?: { code: string; providerId: string | undefined } | undefined;
  onLinkErrorDismissed?: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { formatDate } = useDateFormatter();
  const accounts = useQuery(accountsQueryOptions());
  const [connectingId, setConnectingId] = useState<string | null>(null);
  const [connectError, setConnectError] = useState<{
    providerId: string | undefined;
    message: string;
  } | null>(
    linkError ? { providerId: linkError.providerId, message: providerErrorMessage(linkError.code, t) } : null,
  );

  const providers = getAuthProviders(config);
  const isEmailEnabled = config.auth.providers.email.isEnabled;

  const disconnect = useMutation({
    mutationFn: (account: LinkedAccount) =>
      unwrapAuth(authClient.unlinkAccount({ accountId: account.id }), '/api/auth/unlink-account'),
    onSuccess: async (_data, account) => {
      await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      toast.success(
        t('users.settings.connected-methods.disconnected', { provider: nameOf(account.providerId) }),
      );
    },
    onError: (error) => toast.error(getErrorMessage(error, t)),
  });

  function nameOf(providerId: string): string {
    if (providerId === PASSWORD) {
      return t('users.settings.connected-methods.password');
    }
    return providers.find((provider) => provider.id === providerId)?.name ?? providerId;
  }

  const connect = async (providerId: string) => {
    setConnectError(null);
    onLinkErrorDismissed?.();
    setConnectingId(providerId);
    try {
      // The answer carries { url, redirect: true }; the client then goes to the provider, which sends
      // the browser back here.
      await unwrapAuth(
        authClient.linkSocial({
          provider: providerId,
          callbackURL: `${config.baseUrl}/settings?connected=${encodeURIComponent(providerId)}`,
          errorCallbackURL: `${config.baseUrl}/settings`,
        }),
        '/api/auth/link-social',
      );
    } catch (error) {
      setConnectError({ providerId, message: getErrorMessage(error, t) });
      setConnectingId(null);
    }
  };

  const onDisconnect = async (account: LinkedAccount) => {
    const provider = nameOf(account.providerId);
    const confirmed = await confirm({
      title: t('users.settings.connected-methods.confirm-title', { provider }),
      description: t('users.settings.connected-methods.confirm-description', { provider }),
      confirmLabel: t('users.settings.connected-methods.disconnect'),
    });
    if (confirmed) {
      disconnect.mutate(account);
    }
  };

  const rows: MethodRow[] = [];
  const linked = accounts.data ?? [];
  for (const account of linked.filter((candidate) => candidate.providerId === PASSWORD)) {
    rows.push({
      key: account.id,
      providerId: PASSWORD,
      name: t('users.settings.connected-methods.password'),
      icon: <Mail className="size-4" aria-hidden="true" />,
      account,
      isUsable: isEmailEnabled,
    });
  }
  for (const provider of providers) {
    const connected = linked.filter((account) => account.providerId === provider.id);
    if (connected.length === 0) {
      rows.push({
        key: provider.id,
        providerId: provider.id,
        name: provider.name,
        icon: provider.icon,
        account: undefined,
        isUsable: true,
      });
    }
    for (const account of connected) {
      rows.push({
        key: account.id,
        providerId: provider.id,
        name: provider.name,
        icon: provider.icon,
        account,
        isUsable: true,
      });
    }
  }
  // Accounts of providers this server no longer offers: listed so they can be removed.
  for (const account of linked) {
    if (
      account.providerId !== PASSWORD &&
      !providers.some((provider) => provider.id === account.providerId)
    ) {
      rows.push({
        key: account.id,
        providerId: account.providerId,
        name: account.providerId,
        icon: <KeyRound className="size-4" aria-hidden="true" />,
        account,
        isUsable: false,
      });
    }
  }
  const usableCount = rows.filter((row) => row.account && row.isUsable).length;
  // A Connect error shows under that provider's (first) row, else under the list.
  const errorRowKey = connectError
    ? rows.find((row) => row.providerId === connectError.providerId)?.key
    : undefined;
  const errorIsListed = errorRowKey !== undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.connected-methods.title')}</CardTitle>
        <CardDescription>{t('users.settings.connected-methods.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {accounts.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner />
          </div>
        ) : accounts.isError ? (
          <div className="grid justify-items-start gap-3">
            <FormError>{getErrorMessage(accounts.error, t)}</FormError>
            <Button variant="outline" onClick={() => void accounts.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('users.settings.connected-methods.title')}>
            {rows.map((row) => {
              const isLast = row.account !== undefined && row.isUsable && usableCount <= 1;
              const errorId = `connected-method-error-${row.key}`;
              const hintId = `connected-method-hint-${row.key}`;
              const error = row.key === errorRowKey ? connectError?.message : undefined;
              const addedAt = row.account ? new Date(row.account.createdAt) : undefined;
              const hint =
                row.account && !row.isUsable
                  ? t('users.settings.connected-methods.unavailable')
                  : isLast
                    ? t('users.settings.connected-methods.last-method')
                    : addedAt && !Number.isNaN(addedAt.getTime())
                      ? t('users.settings.connected-methods.since', { date: formatDate(addedAt) })
                      : row.account
                        ? null
                        : t('users.settings.connected-methods.connect-hint', { provider: row.name });
              return (
                <li key={row.key} className="grid gap-1.5 px-4 py-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background text-foreground">
                      {row.icon}
                    </span>
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="truncate text-sm font-medium">{row.name}</span>
                        {row.account ? (
                          <Badge>{t('users.settings.connected-methods.connected')}</Badge>
                        ) : (
                          <Badge variant="secondary">
                            {t('users.settings.connected-methods.not-connected')}
                          </Badge>
                        )}
                      </div>
                      {hint ? (
                        <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
                          {hint}
                        </p>
                      ) : null}
                    </div>
                    {row.account === undefined ? (
                      <Button
                        variant="outline"
                        size="sm"
                        isLoading={connectingId === row.providerId}
                        disabled={connectingId !== null && connectingId !== row.providerId}
                        aria-describedby={error ? errorId : undefined}
                        onClick={() => void connect(row.providerId)}
                      >
                        {t('users.settings.connected-methods.connect')}
                      </Button>
                    ) : row.providerId !== PASSWORD ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={isLast || disconnect.isPending}
                        isLoading={disconnect.isPending && disconnect.variables?.id === row.account.id}
                        aria-describedby={isLast ? hintId : undefined}
                        aria-label={t('users.settings.connected-methods.disconnect-provider', {
                          provider: row.name,
                        })}
                        onClick={() => row.account && void onDisconnect(row.account)}
                      >
                        {t('users.settings.connected-methods.disconnect')}
                      </Button>
                    ) : null}
                  </div>
                  {error ? (
                    <FieldMessage id={errorId} announce>
                      {error}
                    </FieldMessage>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {connectError && !errorIsListed ? <FieldMessage announce>{connectError.message}</FieldMessage> : null}
      </CardContent>
    </Card>
  );
}

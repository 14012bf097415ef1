import { describeUserAgent } from '@sheaf/contracts/user-agent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { useSession } from '../../auth/api';
import { authClient, unwrapAuth } from '../../auth/auth-client';
import { sessionsQueryKey, sessionsQueryOptions } from '../sessions-api';

export function SessionsCard() {
  const { t } = useTranslation();
  const { formatDateTime, formatRelative } = useDateFormatter();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { data: current } = useSession();
  const sessions = useQuery(sessionsQueryOptions());
  const revokeOthers = useMutation({
    mutationFn: () => unwrapAuth(authClient.revokeOtherSessions(), '/api/auth/revoke-other-sessions'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      toast.success(t('users.settings.sessions.revoked'));
    },
    onError: (error) => toast.error(getErrorMessage(error, t)),
  });

  const currentToken = current?.session.token;
  const currentId = current?.session.id;
  const otherCount = (sessions.data ?? []).filter(
    (session) => session.token !== currentToken && session.id !== currentId,
  ).length;

  const onRevokeOthers = async () => {
    const confirmed = await confirm({
      title: t('users.settings.sessions.confirm-title'),
      description: t('users.settings.sessions.confirm-description'),
      confirmLabel: t('users.settings.sessions.revoke-others'),
    });
    if (confirmed) {
      revokeOthers.mutate();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.sessions.title')}</CardTitle>
        <CardDescription>{t('users.settings.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner />
          </div>
        ) : sessions.isError ? (
          <FormError>{getErrorMessage(sessions.error, t)}</FormError>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('users.settings.sessions.title')}>
            {sessions.data.map((session) => {
              const isCurrent = session.token === currentToken || session.id === currentId;
              const { browser, os } = describeUserAgent(session.userAgent);
              const isMobile = os === 'iOS' || os === 'Android';
              const Icon = isMobile ? Smartphone : Laptop;
              const device =
                browser && os
                  ? t('users.settings.sessions.browser-on-os', { browser, os })
                  : (browser ?? os ?? t('users.settings.sessions.unknown-device'));
              return (
                <li key={session.id} className="flex items-start gap-3 px-4 py-3">
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="text-sm font-medium">{device}</span>
                      {isCurrent ? <Badge>{t('users.settings.sessions.current')}</Badge> : null}
                    </div>
                    <p className="truncate text-[0.8125rem] text-muted-foreground">
                      {[
                        session.ipAddress || t('users.settings.sessions.unknown-ip'),
                        t('users.settings.sessions.last-active', {
                          when: formatRelative(session.updatedAt),
                        }),
                      ].join(' · ')}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t('users.settings.sessions.signed-in', { date: formatDateTime(session.createdAt) })}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <CardFooter className="justify-end">
        <Button
          variant="outline"
          disabled={otherCount === 0}
          isLoading={revokeOthers.isPending}
          onClick={() => void onRevokeOthers()}
        >
          {t('users.settings.sessions.revoke-others')}
        </Button>
      </CardFooter>
    </Card>
  );
}

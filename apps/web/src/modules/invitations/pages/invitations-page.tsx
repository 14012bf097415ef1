import type { InvitationDto } from '@sheaf/contracts/invitations';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Building2, Check, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { receivedInvitationsQueryOptions, useReceivedInvitationAction } from '../api';
import { InvitationStatusBadge } from '../components/invitation-status-badge';

/** `/invitations`: the invitations the user received; pending ones can be accepted or rejected (spec §2). */
export function InvitationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { formatDate } = useDateFormatter();
  const invitations = useQuery(receivedInvitationsQueryOptions());
  const action = useReceivedInvitationAction();

  const onAccept = async (invitation: InvitationDto) => {
    try {
      await action.mutateAsync({ invitationId: invitation.id, action: 'accept' });
      toast.success(t('invitations.received.accepted', { organization: invitation.organization.name }));
      await navigate({
        to: '/organizations/$organizationId',
        params: { organizationId: invitation.organizationId },
      });
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const onReject = async (invitation: InvitationDto) => {
    try {
      await action.mutateAsync({ invitationId: invitation.id, action: 'reject' });
      toast.success(t('invitations.received.rejected', { organization: invitation.organization.name }));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={t('invitations.title')} description={t('invitations.received.description')} />
      <QueryStates
        query={invitations}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Mail}
            title={t('invitations.received.empty-title')}
            description={t('invitations.received.empty-description')}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={t('invitations.received.list-label')}>
            {data.map((invitation) => {
              const isBusy = action.isPending && action.variables?.invitationId === invitation.id;
              return (
                <li
                  key={invitation.id}
                  aria-label={invitation.organization.name}
                  className="flex flex-col gap-3 rounded-xl border bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                      <Building2 className="size-4" aria-hidden="true" />
                    </span>
                    <div className="grid min-w-0 gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="truncate font-medium">{invitation.organization.name}</span>
                        <InvitationStatusBadge status={invitation.status} />
                      </div>
                      <p className="text-[0.8125rem] text-muted-foreground">
                        {t('invitations.received.role', { role: t(`members.roles.${invitation.role}`) })}
                        <span aria-hidden="true"> · </span>
                        {invitation.status === 'pending'
                          ? t('invitations.received.expires', { date: formatDate(invitation.expiresAt) })
                          : t('invitations.received.sent', { date: formatDate(invitation.createdAt) })}
                      </p>
                    </div>
                  </div>
                  {invitation.status === 'pending' ? (
                    <div className="flex gap-2 self-end sm:self-center">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={isBusy}
                        aria-label={t('invitations.received.reject-named', {
                          organization: invitation.organization.name,
                        })}
                        onClick={() => void onReject(invitation)}
                      >
                        <X aria-hidden="true" />
                        {t('invitations.received.reject')}
                      </Button>
                      <Button
                        size="sm"
                        isLoading={isBusy && action.variables?.action === 'accept'}
                        disabled={isBusy}
                        aria-label={t('invitations.received.accept-named', {
                          organization: invitation.organization.name,
                        })}
                        onClick={() => void onAccept(invitation)}
                      >
                        <Check aria-hidden="true" />
                        {t('invitations.received.accept')}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

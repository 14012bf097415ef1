import { type InvitationDto, RESENDABLE_INVITATION_STATUSES } from '@sheaf/contracts/invitations';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft, Mail, Plus, RotateCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { organizationInvitationsQueryOptions, useOrganizationInvitationAction } from '../api';
import { InvitationStatusBadge } from '../components/invitation-status-badge';

const routeApi = getRouteApi('/private/organizations/$organizationId/invitations');

const isResendable = (status: InvitationDto['status']) =>
  (RESENDABLE_INVITATION_STATUSES as readonly string[]).includes(status);

/** `/organizations/:id/invitations` (owners and admins): status, cancel and resend (spec §2 and §4). */
export function OrganizationInvitationsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const confirm = useConfirm();
  const { formatDate } = useDateFormatter();
  const invitations = useQuery(organizationInvitationsQueryOptions(organizationId));
  const action = useOrganizationInvitationAction(organizationId);

  const run = async (invitation: InvitationDto, kind: 'cancel' | 'resend') => {
    const confirmed = await confirm(
      kind === 'cancel'
        ? {
            title: t('invitations.organization.cancel-title'),
            description: t('invitations.organization.cancel-description', { email: invitation.email }),
            confirmLabel: t('invitations.organization.cancel-confirm'),
            cancelLabel: t('invitations.organization.keep'),
          }
        : {
            title: t('invitations.organization.resend-title'),
            description: t('invitations.organization.resend-description', { email: invitation.email }),
            confirmLabel: t('invitations.organization.resend'),
            isDestructive: false,
          },
    );
    if (!confirmed) return;
    try {
      await action.mutateAsync({ invitationId: invitation.id, action: kind });
      toast.success(
        t(kind === 'cancel' ? 'invitations.organization.cancelled' : 'invitations.organization.resent', {
          email: invitation.email,
        }),
      );
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const isBusy = (invitation: InvitationDto) =>
    action.isPending && action.variables?.invitationId === invitation.id;

  const inviteLink = (
    <Button asChild>
      <Link to="/organizations/$organizationId/invite" params={{ organizationId }}>
        <Plus aria-hidden="true" />
        {t('members.invite-button')}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to="/organizations/$organizationId/members" params={{ organizationId }}>
            <ArrowLeft aria-hidden="true" />
            {t('members.invite.back')}
          </Link>
        </Button>
      </div>
      <PageHeader
        title={t('invitations.organization.title')}
        description={t('invitations.organization.description')}
        actions={invitations.data && invitations.data.length > 0 ? inviteLink : null}
      />
      <QueryStates
        query={invitations}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Mail}
            title={t('invitations.organization.empty-title')}
            description={t('invitations.organization.empty-description')}
            action={inviteLink}
          />
        }
      >
        {(data) => (
          <Table aria-label={t('invitations.organization.title')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('invitations.columns.email')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('invitations.columns.role')}</TableHead>
                <TableHead>{t('invitations.columns.status')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('invitations.columns.sent')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('invitations.columns.expires')}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{t('invitations.columns.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell className="max-w-64">
                    <div className="grid min-w-0">
                      <span className="truncate font-medium">{invitation.email}</span>
                      <span className="text-xs text-muted-foreground sm:hidden">
                        {t(`members.roles.${invitation.role}`)}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    {t(`members.roles.${invitation.role}`)}
                  </TableCell>
                  <TableCell>
                    <InvitationStatusBadge status={invitation.status} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDate(invitation.createdAt)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDate(invitation.expiresAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {invitation.status === 'pending' ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('invitations.organization.cancel-named', { email: invitation.email })}
                        isLoading={isBusy(invitation)}
                        onClick={() => void run(invitation, 'cancel')}
                      >
                        <X aria-hidden="true" />
                        <span className="hidden sm:inline">{t('invitations.organization.cancel')}</span>
                      </Button>
                    ) : isResendable(invitation.status) ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('invitations.organization.resend-named', { email: invitation.email })}
                        isLoading={isBusy(invitation)}
                        onClick={() => void run(invitation, 'resend')}
                      >
                        <RotateCw aria-hidden="true" />
                        <span className="hidden sm:inline">{t('invitations.organization.resend')}</span>
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>
    </div>
  );
}

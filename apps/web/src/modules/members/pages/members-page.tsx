import {
  type AssignableMemberRole,
  canManageMembers,
  canRemoveMember,
  type MemberDto,
} from '@sheaf/contracts/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LogOut, Mail, Plus, UserMinus, Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { Spinner } from '../../../shared/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { Tooltip } from '../../../shared/ui/tooltip';
import {
  organizationQueryKey,
  organizationQueryOptions,
  organizationsQueryKey,
} from '../../organizations/api';
import { clearLastOrganizationId } from '../../organizations/last-organization';
import { membersQueryOptions, myMemberQueryOptions, useRemoveMember, useUpdateMemberRole } from '../api';
import { MemberRoleMenu } from '../components/member-role-menu';
import { SecondFactorBadge } from '../components/second-factor-badge';

const routeApi = getRouteApi('/private/organizations/$organizationId/members');

export function memberDisplayName(member: MemberDto): string {
  return member.user.name?.trim() || member.user.email;
}

/** Invite button: a link for owners and admins; disabled with a tooltip for members (spec §6). */
function InviteButton({ organizationId, canInvite }: { organizationId: string; canInvite: boolean }) {
  const { t } = useTranslation();
  const noteId = useId();
  if (canInvite) {
    return (
      <Button asChild>
        <Link to="/organizations/$organizationId/invite" params={{ organizationId }}>
          <Plus aria-hidden="true" />
          {t('members.invite-button')}
        </Link>
      </Button>
    );
  }
  // aria-disabled (not disabled) keeps the button focusable and hoverable, so its tooltip can explain why.
  return (
    <>
      <span id={noteId} hidden>
        {t('members.invite-not-allowed')}
      </span>
      <Tooltip content={t('members.invite-not-allowed')}>
        <Button
          aria-disabled="true"
          aria-describedby={noteId}
          className="cursor-not-allowed aria-disabled:pointer-events-auto"
          onClick={(event) => event.preventDefault()}
        >
          <Plus aria-hidden="true" />
          {t('members.invite-button')}
        </Button>
      </Tooltip>
    </>
  );
}

export function MembersPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { formatDate } = useDateFormatter();
  const organization = useQuery(organizationQueryOptions(organizationId));
  const members = useQuery(membersQueryOptions(organizationId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const updateRole = useUpdateMemberRole(organizationId);
  const remove = useRemoveMember(organizationId);
  const actorRole = me.data?.role;
  const canManage = actorRole ? canManageMembers(actorRole) : false;
  const organizationName = organization.data?.name ?? '';
  // Owners and admins are shown who the organization's two-factor policy keeps out.
  const showMissingSecondFactor = canManage && organization.data?.requiresTwoFactor === true;

  const onChangeRole = async (member: MemberDto, role: AssignableMemberRole) => {
    try {
      await updateRole.mutateAsync({ memberId: member.id, role });
      toast.success(
        t('members.role-menu.updated', { name: memberDisplayName(member), role: t(`members.roles.${role}`) }),
      );
    } catch (error) {
      toast.error(t('members.role-menu.error'), { description: getErrorMessage(error, t) });
    }
  };

  const onRemove = async (member: MemberDto, isSelf: boolean) => {
    const name = memberDisplayName(member);
    const confirmed = await confirm(
      isSelf
        ? {
            title: t('members.leave.title'),
            description: t('members.leave.description', { organization: organizationName }),
            confirmLabel: t('members.leave.confirm'),
          }
        : {
            title: t('members.remove.title'),
            description: t('members.remove.description', { name, organization: organizationName }),
            confirmLabel: t('members.remove.confirm'),
          },
    );
    if (!confirmed) return;
    try {
      await remove.mutateAsync(member.id);
      if (isSelf) {
        clearLastOrganizationId(organizationId);
        toast.success(t('members.leave.done', { organization: organizationName }));
        await navigate({ to: '/' });
        queryClient.removeQueries({ queryKey: organizationQueryKey(organizationId) });
        await queryClient.invalidateQueries({ queryKey: organizationsQueryKey, exact: true });
      } else {
        toast.success(t('members.remove.done', { name }));
      }
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('members.title')}
        description={t('members.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {canManage ? (
              <Button variant="outline" asChild>
                <Link to="/organizations/$organizationId/invitations" params={{ organizationId }}>
                  <Mail aria-hidden="true" />
                  {t('members.invitations-link')}
                </Link>
              </Button>
            ) : null}
            {actorRole ? <InviteButton organizationId={organizationId} canInvite={canManage} /> : null}
          </div>
        }
      />

      {members.isPending || me.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : members.isError || me.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(members.error ?? me.error, t)}</FormError>
          <Button
            variant="outline"
            onClick={() => {
              void members.refetch();
              void me.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      ) : members.data.length === 0 ? (
        <EmptyState icon={Users} title={t('members.empty')} />
      ) : (
        <Table aria-label={t('members.table-label')}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('members.columns.name')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('members.columns.email')}</TableHead>
              <TableHead>{t('members.columns.role')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('members.columns.joined')}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('members.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.data.map((member) => {
              const name = memberDisplayName(member);
              const isSelf = member.id === me.data.id;
              const canRemove = canRemoveMember({ actorRole: me.data.role, targetRole: member.role, isSelf });
              return (
                <TableRow key={member.id}>
                  <TableCell className="max-w-56">
                    <div className="grid min-w-0">
                      {/* The badge wraps under the name on narrow screens rather than squeezing it away. */}
                      <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
                        <span className="min-w-0 max-w-full truncate font-medium">
                          {name}
                          {isSelf ? (
                            <span className="ml-1.5 font-normal text-muted-foreground">
                              {t('members.you')}
                            </span>
                          ) : null}
                        </span>
                        <SecondFactorBadge
                          hasSecondFactor={member.hasSecondFactor}
                          showMissing={showMissingSecondFactor}
                        />
                      </div>
                      <span className="truncate text-xs text-muted-foreground sm:hidden">
                        {member.user.email}
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="hidden max-w-64 truncate text-muted-foreground sm:table-cell">
                    {member.user.email}
                  </TableCell>
                  <TableCell>
                    <MemberRoleMenu
                      member={member}
                      memberName={name}
                      actorRole={me.data.role}
                      isUpdating={updateRole.isPending && updateRole.variables?.memberId === member.id}
                      onChange={(role) => void onChangeRole(member, role)}
                    />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDate(member.createdAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {canRemove ? (
                      isSelf ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('members.leave.button')}
                          isLoading={remove.isPending && remove.variables === member.id}
                          onClick={() => void onRemove(member, true)}
                        >
                          <LogOut aria-hidden="true" />
                          <span className="hidden sm:inline">{t('members.leave.button')}</span>
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-danger hover:text-danger"
                          aria-label={t('members.remove.button-named', { name })}
                          isLoading={remove.isPending && remove.variables === member.id}
                          onClick={() => void onRemove(member, false)}
                        >
                          <UserMinus aria-hidden="true" />
                          <span className="hidden sm:inline">{t('members.remove.button')}</span>
                        </Button>
                      )
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

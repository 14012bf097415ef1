import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { membersQueryOptions, myMemberQueryOptions } from '../../modules/members/api';
import { organizationQueryOptions } from '../../modules/organizations/api';
import { DeleteOrganizationCard } from '../../modules/organizations/components/delete-organization-card';
import { RenameOrganizationCard } from '../../modules/organizations/components/rename-organization-card';
import { SecurityPolicyCard } from '../../modules/organizations/components/security-policy-card';
import { SubscriptionCard } from '../../modules/subscriptions/components/subscription-card';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { Button } from '../../shared/ui/button';
import { FormError } from '../../shared/ui/form-error';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings');

/**
 * An organization's settings: rename, security policy and delete (organizations), its plan
 * (subscriptions), each as the member's role (members) allows.
 */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const organization = useQuery(organizationQueryOptions(organizationId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const role = me.data?.role;
  const canManage = role === 'owner' || role === 'admin';
  // Who turning the security policy on would lock out: only owners and admins are told.
  const members = useQuery({ ...membersQueryOptions(organizationId), enabled: canManage });
  const membersWithoutSecondFactor = members.data?.filter(
    ({ id, hasSecondFactor }) => !hasSecondFactor && id !== me.data?.id,
  ).length;

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t('organizations.settings.title')}
        description={t('organizations.settings.description')}
      />
      {organization.data && role ? (
        <>
          <RenameOrganizationCard organization={organization.data} canRename={canManage} />
          <SecurityPolicyCard
            organization={organization.data}
            canManage={canManage}
            membersWithoutSecondFactor={membersWithoutSecondFactor}
          />
          <SubscriptionCard organizationId={organization.data.id} isOwner={role === 'owner'} />
          <DeleteOrganizationCard organization={organization.data} isOwner={role === 'owner'} />
        </>
      ) : organization.isError || me.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(organization.error ?? me.error, t)}</FormError>
          <Button
            variant="outline"
            onClick={() => {
              void organization.refetch();
              void me.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      )}
    </div>
  );
}

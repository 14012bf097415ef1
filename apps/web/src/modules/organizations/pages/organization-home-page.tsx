import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { organizationQueryOptions } from '../api';

const routeApi = getRouteApi('/private/organizations/$organizationId/');

/** The organization home; its documents overview arrives with the documents screens. */
export function OrganizationHomePage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const organization = useQuery(organizationQueryOptions(organizationId));

  return (
    <div className="grid gap-6">
      <div className="grid gap-1 border-b pb-4">
        <h1 className="truncate text-xl font-semibold tracking-tight">
          {organization.data?.name ?? t('organizations.home.title')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('organizations.home.description')}</p>
      </div>
      <EmptyState
        icon={FileText}
        title={t('organizations.home.empty-title')}
        description={t('organizations.home.empty-description')}
      />
    </div>
  );
}

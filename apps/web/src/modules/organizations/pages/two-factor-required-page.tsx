import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { organizationsQueryOptions } from '../api';

const routeApi = getRouteApi('/private/shell/organizations/$organizationId/two-factor-required');

/**
 * Where a member without a second factor lands on opening an organization that requires one: the
 * organization answers them 403 `organization.two_factor_required` until they set one up.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  // The list still names the organization (only its own routes refuse); the text does without it.
  const organizations = useQuery(organizationsQueryOptions());
  const name = organizations.data?.find(({ id }) => id === organizationId)?.name;

  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold tracking-tight">
          {t('organizations.two-factor-required.title')}
        </h1>
        <p className="text-muted-foreground">
          {name
            ? t('organizations.two-factor-required.description', { organization: name })
            : t('organizations.two-factor-required.description-unnamed')}
        </p>
        <p className="text-sm text-muted-foreground">{t('organizations.two-factor-required.how')}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/settings">{t('organizations.two-factor-required.set-up')}</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/organizations">{t('organizations.two-factor-required.back')}</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

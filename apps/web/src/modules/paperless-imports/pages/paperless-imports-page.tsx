import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FileArchive, Unplug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Spinner } from '../../../shared/ui/spinner';
import { myMemberQueryOptions } from '../../members/api';
import { currentUserQueryOptions } from '../../users/api';
import { paperlessImportsQueryOptions } from '../api';
import { ImportCard } from '../components/import-card';
import { ImportsForbidden } from '../components/imports-forbidden';
import { UploadExportCard } from '../components/upload-export-card';
import { canManagePaperlessImports, isServerAdministrator } from '../permissions';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/import');

function ImportsHeader() {
  const { t } = useTranslation();
  return <PageHeader title={t('paperless-imports.title')} description={t('paperless-imports.description')} />;
}

/** The organization's imports, newest first (read every second while one runs). */
function ImportsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());
  const imports = useQuery(paperlessImportsQueryOptions(organizationId));
  const code = getErrorCode(imports.error);

  if (code === 'demo.not_available') {
    return <EmptyState icon={Unplug} title={t('paperless-imports.demo-unavailable')} />;
  }
  if (code === 'auth.forbidden' || code === 'organization.forbidden') {
    return <ImportsForbidden />;
  }
  return (
    <QueryStates query={imports}>
      {(items) => (
        <div className="grid gap-6">
          <UploadExportCard
            organizationId={organizationId}
            isServerAdministrator={isServerAdministrator(user.data)}
          />
          <section className="grid gap-3" aria-labelledby="paperless-imports-list">
            <h2 id="paperless-imports-list" className="text-[0.9375rem] font-semibold">
              {t('paperless-imports.list.title')}
            </h2>
            {items.length === 0 ? (
              <EmptyState
                icon={FileArchive}
                title={t('paperless-imports.list.empty')}
                description={t('paperless-imports.list.empty-description')}
                headingLevel={3}
              />
            ) : (
              <ul className="grid gap-3" aria-labelledby="paperless-imports-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <ImportCard organizationId={organizationId} item={item} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </QueryStates>
  );
}

/** `/organizations/:id/settings/import`: import a Paperless-ngx export, follow it, open its report. */
export function PaperlessImportsPage() {
  const { organizationId } = routeApi.useParams();
  const me = useQuery(myMemberQueryOptions(organizationId));
  return (
    <div className="grid max-w-3xl gap-6">
      <ImportsHeader />
      {me.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : me.data && !canManagePaperlessImports(me.data.role) ? (
        <ImportsForbidden />
      ) : (
        <ImportsSection organizationId={organizationId} />
      )}
    </div>
  );
}

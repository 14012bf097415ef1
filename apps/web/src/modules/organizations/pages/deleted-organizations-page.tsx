import type { DeletedOrganizationDto } from '@sheaf/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArchiveRestore, ArrowLeft, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { deletedOrganizationsQueryOptions, useRestoreOrganization } from '../api';
import { getDaysRemaining } from '../purge';

/** `/organizations/deleted`: deletion date, purge date and days left, with a confirmed restore (spec §2). */
export function DeletedOrganizationsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { formatDate } = useDateFormatter();
  const deleted = useQuery(deletedOrganizationsQueryOptions());
  const restore = useRestoreOrganization();

  const onRestore = async (organization: DeletedOrganizationDto) => {
    const confirmed = await confirm({
      title: t('organizations.deleted.restore-title'),
      description: t('organizations.deleted.restore-description', { name: organization.name }),
      confirmLabel: t('organizations.deleted.restore'),
      isDestructive: false,
    });
    if (!confirmed) return;
    try {
      await restore.mutateAsync(organization.id);
      toast.success(t('organizations.deleted.restored', { name: organization.name }));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <div className="grid gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to="/organizations">
            <ArrowLeft aria-hidden="true" />
            {t('organizations.deleted.back')}
          </Link>
        </Button>
      </div>
      <PageHeader
        title={t('organizations.deleted.title')}
        description={t('organizations.deleted.description')}
      />
      <QueryStates
        query={deleted}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Trash2}
            title={t('organizations.deleted.empty-title')}
            description={t('organizations.deleted.empty-description')}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={t('organizations.deleted.title')}>
            {data.map((organization) => {
              const daysRemaining = getDaysRemaining(organization.scheduledPurgeAt);
              return (
                <li
                  key={organization.id}
                  aria-label={organization.name}
                  className="flex flex-col gap-3 rounded-xl border bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="truncate font-medium">{organization.name}</span>
                      <Badge variant={daysRemaining <= 7 ? 'destructive' : 'secondary'}>
                        {t('organizations.deleted.days-remaining', { days: daysRemaining })}
                      </Badge>
                    </div>
                    <p className="text-[0.8125rem] text-muted-foreground">
                      {t('organizations.deleted.deleted-on', { date: formatDate(organization.deletedAt) })}
                      <span aria-hidden="true"> · </span>
                      {t('organizations.deleted.purged-on', {
                        date: formatDate(organization.scheduledPurgeAt),
                      })}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start sm:self-center"
                    aria-label={t('organizations.deleted.restore-named', { name: organization.name })}
                    isLoading={restore.isPending && restore.variables === organization.id}
                    onClick={() => void onRestore(organization)}
                  >
                    <ArchiveRestore aria-hidden="true" />
                    {t('organizations.deleted.restore')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

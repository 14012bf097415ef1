import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KeyRound, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { apiKeysQueryOptions, useDeleteApiKey } from '../api';
import { ApiKeyCard } from '../components/api-key-card';

export function ApiKeysPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const apiKeys = useQuery(apiKeysQueryOptions());
  const remove = useDeleteApiKey();
  const hasKeys = (apiKeys.data?.length ?? 0) > 0;

  const onDelete = async (apiKey: ApiKeyDto) => {
    const confirmed = await confirm({
      title: t('api-keys.delete.title'),
      description: t('api-keys.delete.description', { name: apiKey.name }),
      confirmLabel: t('api-keys.delete.confirm'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(apiKey.id);
      toast.success(t('api-keys.delete.deleted'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t('api-keys.title')}
        description={t('api-keys.description')}
        actions={
          hasKeys ? (
            <Button asChild>
              <Link to="/api-keys/create">
                <Plus aria-hidden="true" />
                {t('api-keys.create-button')}
              </Link>
            </Button>
          ) : null
        }
      />
      <QueryStates
        query={apiKeys}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={KeyRound}
            title={t('api-keys.empty.title')}
            description={t('api-keys.empty.description')}
            action={
              <Button asChild>
                <Link to="/api-keys/create">
                  <Plus aria-hidden="true" />
                  {t('api-keys.create-button')}
                </Link>
              </Button>
            }
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={t('api-keys.list-label')}>
            {data.map((apiKey) => (
              <li key={apiKey.id}>
                <ApiKeyCard
                  apiKey={apiKey}
                  onDelete={(key) => void onDelete(key)}
                  isDeleting={remove.isPending && remove.variables === apiKey.id}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

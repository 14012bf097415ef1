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
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
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
      <div className="flex flex-wrap items-end justify-between gap-3 border-b pb-4">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('api-keys.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('api-keys.description')}</p>
        </div>
        {hasKeys ? (
          <Button asChild>
            <Link to="/api-keys/create">
              <Plus aria-hidden="true" />
              {t('api-keys.create-button')}
            </Link>
          </Button>
        ) : null}
      </div>
      {apiKeys.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : apiKeys.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(apiKeys.error, t)}</FormError>
          <Button variant="outline" onClick={() => void apiKeys.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : hasKeys ? (
        <ul className="grid gap-3" aria-label={t('api-keys.list-label')}>
          {apiKeys.data.map((apiKey) => (
            <li key={apiKey.id}>
              <ApiKeyCard
                apiKey={apiKey}
                onDelete={(key) => void onDelete(key)}
                isDeleting={remove.isPending && remove.variables === apiKey.id}
              />
            </li>
          ))}
        </ul>
      ) : (
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
      )}
    </div>
  );
}

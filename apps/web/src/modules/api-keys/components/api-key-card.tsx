import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { organizationsQueryOptions } from '../../organizations/api';

type ApiKeyCardProps = {
  apiKey: ApiKeyDto;
  onDelete: (apiKey: ApiKeyDto) => void;
  isDeleting?: boolean;
  now?: Date;
};

/** One API key: name, prefix followed by an ellipsis, where it may act, last use, creation and expiry dates, delete action. */
export function ApiKeyCard({ apiKey, onDelete, isDeleting = false, now = new Date() }: ApiKeyCardProps) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatter();
  const titleId = useId();
  const isExpired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= now.getTime();
  const organizations = useQuery(organizationsQueryOptions());
  // A restricted key names its organizations; one the user has since left is no longer listed.
  const scopedNames = (organizations.data ?? [])
    .filter(({ id }) => apiKey.organizationIds.includes(id))
    .map(({ name }) => name);
  const scope = apiKey.allOrganizations
    ? t('api-keys.card.all-organizations')
    : scopedNames.length > 0
      ? scopedNames.join(', ')
      : t('api-keys.card.no-organization');

  return (
    <Card className="flex items-start gap-3 p-4 sm:gap-4 sm:p-5" role="article" aria-labelledby={titleId}>
      <div className="hidden size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:flex">
        <KeyRound className="size-4" aria-hidden="true" />
      </div>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="truncate text-sm font-semibold">
            {apiKey.name}
          </h3>
          {isExpired ? <Badge variant="destructive">{t('api-keys.card.expired')}</Badge> : null}
        </div>
        <code className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
          {`${apiKey.prefix}…`}
        </code>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          {apiKey.lastUsedAt ? (
            <div className="flex gap-1">
              <dt>{t('api-keys.card.last-used')}</dt>
              <dd className="text-foreground">{formatDate(apiKey.lastUsedAt)}</dd>
            </div>
          ) : null}
          <div className="flex min-w-0 gap-1">
            <dt>{t('api-keys.card.organizations')}</dt>
            <dd className="truncate text-foreground" title={scope}>
              {scope}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('api-keys.card.created')}</dt>
            <dd className="text-foreground">{formatDate(apiKey.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{isExpired ? t('api-keys.card.expired-on') : t('api-keys.card.expires')}</dt>
            <dd className="text-foreground">
              {apiKey.expiresAt ? formatDate(apiKey.expiresAt) : t('api-keys.card.never')}
            </dd>
          </div>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onDelete(apiKey)}
        isLoading={isDeleting}
        aria-label={t('api-keys.card.delete-label', { name: apiKey.name })}
      >
        {isDeleting ? null : <Trash2 aria-hidden="true" />}
        <span className="hidden sm:inline">{t('api-keys.card.delete')}</span>
      </Button>
    </Card>
  );
}

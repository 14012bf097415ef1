import { PROPERTIES_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Pencil, Plus, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import { myMemberQueryOptions } from '../../members/api';
import { canManageProperties, propertiesQueryOptions, useDeleteProperty } from '../api';
import { PropertyFormDialog } from '../components/property-form-dialog';
import { formatMoney } from '../format';
import { PROPERTY_TYPE_ICONS, propertyTypeLabelKey } from '../property-types';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/properties');

type DialogState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'update'; property: PropertyDefinitionDto };

/** Options as chips (the first few, then "+3"); a monetary property's currency; nothing else. */
function PropertyDetails({ property }: { property: PropertyDefinitionDto }) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const shown = 6;
  if (property.options.length > 0) {
    const hidden = property.options.length - shown;
    return (
      <ul
        className="flex flex-wrap gap-1"
        aria-label={t('properties.table.options-label', { name: property.name })}
      >
        {property.options.slice(0, shown).map((option) => (
          <li key={option.id} className="max-w-40">
            <TagBadge tag={option} />
          </li>
        ))}
        {hidden > 0 ? (
          <li className="text-xs text-muted-foreground self-center">
            {t('properties.table.more-options', { count: hidden })}
          </li>
        ) : null}
      </ul>
    );
  }
  if (property.type === 'monetary' && property.currency) {
    return (
      <span className="text-muted-foreground">
        {t('properties.table.currency', {
          currency: property.currency,
          example: formatMoney({ amount: 1234.5, currency: property.currency }, locale),
        })}
      </span>
    );
  }
  return <span className="text-muted-foreground">—</span>;
}

/**
 * `/organizations/:id/settings/properties`: the organization's custom properties, with their type,
 * options and how many documents carry a value. Owners and admins define, edit and delete them;
 * members see the list only (the API refuses them the changes).
 */
export function PropertiesPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const confirm = useConfirm();
  const me = useQuery(myMemberQueryOptions(organizationId));
  const canManage = me.data ? canManageProperties(me.data.role) : false;
  const properties = useQuery(propertiesQueryOptions(organizationId));
  const remove = useDeleteProperty(organizationId);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  // The dialog keeps showing its property while it closes.
  const [lastProperty, setLastProperty] = useState<PropertyDefinitionDto | undefined>();
  const count = properties.data?.length ?? 0;
  const isLimitReached = count >= PROPERTIES_PER_ORGANIZATION_LIMIT;

  const openCreate = () => {
    setLastProperty(undefined);
    setDialog({ mode: 'create' });
  };
  const openUpdate = (property: PropertyDefinitionDto) => {
    setLastProperty(property);
    setDialog({ mode: 'update', property });
  };

  const onDelete = async (property: PropertyDefinitionDto) => {
    const isConfirmed = await confirm({
      title: t('properties.delete.title', { name: property.name }),
      description:
        property.documentsCount > 0
          ? t('properties.delete.description-values', { count: property.documentsCount, name: property.name })
          : t('properties.delete.description-empty', { name: property.name }),
      confirmLabel: t('properties.delete.confirm'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(property.id);
      toast.success(t('properties.delete.success', { name: property.name }));
    } catch (error) {
      toast.error(t('properties.delete.failed'), { description: getErrorMessage(error, t) });
    }
  };

  const createButton = (
    <Tooltip
      content={
        isLimitReached
          ? t('properties.limit', { max: PROPERTIES_PER_ORGANIZATION_LIMIT })
          : t('properties.create.button')
      }
    >
      {/* A disabled button takes no pointer events: the span keeps the tooltip reachable. */}
      <span className="inline-flex" tabIndex={isLimitReached ? 0 : undefined}>
        <Button onClick={openCreate} disabled={isLimitReached}>
          <Plus aria-hidden="true" />
          {t('properties.create.button')}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t('properties.title')}
        description={t('properties.description')}
        textClassName="max-w-2xl min-w-0 flex-[1_1_20rem]"
        actions={canManage && count > 0 ? createButton : null}
      />

      {!canManage && me.data ? (
        <p className="text-[0.8125rem] text-muted-foreground">{t('properties.read-only')}</p>
      ) : null}

      <QueryStates
        query={properties}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={SlidersHorizontal}
            title={t('properties.empty.title')}
            description={
              canManage ? t('properties.empty.description') : t('properties.empty.description-member')
            }
            action={canManage ? createButton : undefined}
          />
        }
      >
        {(data) => (
          <Table aria-label={t('properties.table.label')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('properties.table.name')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('properties.table.type')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('properties.table.details')}</TableHead>
                <TableHead className="text-right">{t('properties.table.documents')}</TableHead>
                {canManage ? (
                  <TableHead className="text-right">{t('properties.table.actions')}</TableHead>
                ) : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((property) => {
                const Icon = PROPERTY_TYPE_ICONS[property.type];
                return (
                  <TableRow key={property.id}>
                    <TableCell>
                      <div className="grid max-w-48 gap-0.5 sm:max-w-72">
                        <span className="font-medium [overflow-wrap:anywhere]">{property.name}</span>
                        {property.description ? (
                          <span className="line-clamp-2 text-xs text-muted-foreground">
                            {property.description}
                          </span>
                        ) : null}
                        {/* On narrow screens the type goes under the name, its column hidden. */}
                        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground sm:hidden">
                          <Icon className="size-3" aria-hidden="true" />
                          {t(propertyTypeLabelKey(property.type))}
                        </span>
                      </div>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      <span className="inline-flex items-center gap-1.5">
                        <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
                        {t(propertyTypeLabelKey(property.type))}
                      </span>
                    </TableCell>
                    <TableCell className="hidden max-w-sm md:table-cell">
                      <PropertyDetails property={property} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      <span aria-hidden="true">{property.documentsCount}</span>
                      <span className="sr-only">
                        {t('properties.table.documents-count', {
                          count: property.documentsCount,
                          name: property.name,
                        })}
                      </span>
                    </TableCell>
                    {canManage ? (
                      <TableCell className="text-right">
                        <div className="inline-flex gap-1">
                          <Tooltip content={t('properties.actions.edit-short')}>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={t('properties.actions.edit', { name: property.name })}
                              onClick={() => openUpdate(property)}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                          </Tooltip>
                          <Tooltip content={t('properties.actions.delete-short')}>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              className="text-danger hover:bg-danger/10 hover:text-danger"
                              aria-label={t('properties.actions.delete', { name: property.name })}
                              isLoading={remove.isPending && remove.variables === property.id}
                              onClick={() => void onDelete(property)}
                            >
                              {remove.isPending && remove.variables === property.id ? null : (
                                <Trash2 aria-hidden="true" />
                              )}
                            </Button>
                          </Tooltip>
                        </div>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </QueryStates>

      {canManage ? (
        <PropertyFormDialog
          organizationId={organizationId}
          property={
            dialog.mode === 'update' ? dialog.property : dialog.mode === 'create' ? undefined : lastProperty
          }
          open={dialog.mode !== 'closed'}
          onOpenChange={(open) => {
            if (!open) setDialog({ mode: 'closed' });
          }}
        />
      ) : null}
    </div>
  );
}

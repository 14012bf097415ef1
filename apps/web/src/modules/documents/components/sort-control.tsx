import { defaultSortOrderOf, SORT_ORDERS, type SortOrder } from '@sheaf/contracts/document-filters';
import { isOrderedPropertyType, type PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { Label } from '../../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import type { DocumentListSort } from '../search-params';

export type SortOption = { value: DocumentListSort; label: string };

export type SortState = { sort: DocumentListSort; order: SortOrder };

/** How each sort's two orders read: names A to Z, dates oldest or newest first, sizes and amounts smallest or largest first. */
type OrderWording = 'alphabetical' | 'chronological' | 'magnitude';

function orderWordingOf(sort: DocumentListSort, properties: readonly PropertyDefinitionDto[]): OrderWording {
  if (sort === 'name') return 'alphabetical';
  if (sort === 'size') return 'magnitude';
  if (sort.startsWith('property:')) {
    const property = properties.find(({ id }) => `property:${id}` === sort);
    return property?.type === 'date' ? 'chronological' : 'magnitude';
  }
  return 'chronological';
}

/** The sorts offered: relevance while searching, the list's fields, then every number, monetary or date property. */
export function useSortOptions({
  isSearching,
  properties,
}: {
  isSearching: boolean;
  properties: readonly PropertyDefinitionDto[];
}): SortOption[] {
  const { t } = useTranslation();
  return [
    ...(isSearching
      ? [{ value: 'relevance' as const, label: t('documents.list.sort.fields.relevance') }]
      : []),
    { value: 'name', label: t('documents.list.sort.fields.name') },
    { value: 'documentDate', label: t('documents.list.sort.fields.documentDate') },
    { value: 'createdAt', label: t('documents.list.sort.fields.createdAt') },
    { value: 'size', label: t('documents.list.sort.fields.size') },
    ...properties
      .filter((property) => isOrderedPropertyType(property.type))
      .map((property) => ({ value: `property:${property.id}` as const, label: property.name })),
  ];
}

function useOrderLabel(properties: readonly PropertyDefinitionDto[]) {
  const { t } = useTranslation();
  return (sort: DocumentListSort, order: SortOrder) =>
    t(`documents.list.sort.orders.${orderWordingOf(sort, properties)}-${order}`);
}

/** The order a newly chosen sort starts in. */
export const startingOrderOf = (sort: DocumentListSort): SortOrder =>
  sort === 'relevance' ? 'desc' : defaultSortOrderOf(sort);

/** "Sort: Upload date" with the order's arrow: a menu of the sorts, then of the two orders. */
export function SortMenu({
  value,
  options,
  properties,
  onChange,
}: {
  value: SortState;
  options: SortOption[];
  properties: readonly PropertyDefinitionDto[];
  onChange: (value: SortState) => void;
}) {
  const { t } = useTranslation();
  const orderLabel = useOrderLabel(properties);
  const current = options.find((option) => option.value === value.sort);
  const isRelevance = value.sort === 'relevance';
  const Icon = value.order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Icon aria-hidden="true" />
          {t('documents.list.sort.button', { field: current?.label ?? value.sort })}
          {isRelevance ? null : <span className="sr-only">, {orderLabel(value.sort, value.order)}</span>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 w-60 overflow-y-auto">
        <DropdownMenuLabel>{t('documents.list.sort.by')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value.sort}
          onValueChange={(sort) =>
            onChange({ sort: sort as DocumentListSort, order: startingOrderOf(sort as DocumentListSort) })
          }
        >
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              <span className="truncate">{option.label}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {isRelevance ? null : (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t('documents.list.sort.order')}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={value.order}
              onValueChange={(order) => onChange({ sort: value.sort, order: order as SortOrder })}
            >
              {SORT_ORDERS.map((order) => (
                <DropdownMenuRadioItem key={order} value={order}>
                  {orderLabel(value.sort, order)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The sort as two labelled selects (in the phone's sheet). */
export function SortFields({
  value,
  options,
  properties,
  onChange,
}: {
  value: SortState;
  options: SortOption[];
  properties: readonly PropertyDefinitionDto[];
  onChange: (value: SortState) => void;
}) {
  const { t } = useTranslation();
  const orderLabel = useOrderLabel(properties);
  const sortId = useId();
  const orderId = useId();
  const isRelevance = value.sort === 'relevance';
  return (
    <fieldset className="grid grid-cols-2 gap-3 border-b pb-4">
      <legend className="sr-only">{t('documents.list.sort.title')}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={sortId}>{t('documents.list.sort.by')}</Label>
        <Select
          value={value.sort}
          onValueChange={(sort) =>
            onChange({ sort: sort as DocumentListSort, order: startingOrderOf(sort as DocumentListSort) })
          }
        >
          <SelectTrigger id={sortId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={orderId}>{t('documents.list.sort.order')}</Label>
        <Select
          value={value.order}
          disabled={isRelevance}
          onValueChange={(order) => onChange({ sort: value.sort, order: order as SortOrder })}
        >
          <SelectTrigger id={orderId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SORT_ORDERS.map((order) => (
              <SelectItem key={order} value={order}>
                {orderLabel(value.sort, order)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </fieldset>
  );
}

import type { DocumentFilters, PropertyCondition } from '@sheaf/contracts/document-filters';
import type { PropertyDefinitionDto, PropertyValue } from '@sheaf/contracts/properties';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import {
  formatCalendarDate,
  formatMoney,
  formatNumber,
  usePropertyValueFormatter,
} from '../../properties/format';

/** One active filter as a chip: what it says, and the filters once it is removed. */
export type FilterChip = {
  id: string;
  label: string;
  /** A tag's colour, shown as a dot. */
  color?: string;
  remove: (filters: DocumentFilters) => DocumentFilters;
};

export type FilterChipsContext = {
  tagsById: ReadonlyMap<string, { name: string; color: string }>;
  propertiesById: ReadonlyMap<string, PropertyDefinitionDto>;
  memberName: (userId: string) => string | undefined;
};

const isFullYear = (from: string, to: string) =>
  from.slice(0, 4) === to.slice(0, 4) && from.endsWith('-01-01') && to.endsWith('-12-31');

const lastDayOfMonth = (date: string) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

const isFullMonth = (from: string, to: string) =>
  from.slice(0, 7) === to.slice(0, 7) && from.endsWith('-01') && Number(to.slice(8)) === lastDayOfMonth(to);

/** How a condition's value (as written in the URL) reads, in the property's type. */
function useConditionValueText() {
  const { t, i18n } = useTranslation();
  return (
    definition: PropertyDefinitionDto,
    text: string,
    format: (definition: PropertyDefinitionDto, value: PropertyValue) => string,
  ): string => {
    switch (definition.type) {
      case 'number':
        return formatNumber(Number(text), i18n.language);
      case 'monetary':
        return definition.currency
          ? formatMoney({ amount: Number(text), currency: definition.currency }, i18n.language)
          : formatNumber(Number(text), i18n.language);
      case 'date':
        return formatCalendarDate(text, i18n.language);
      case 'boolean':
        return text === 'true' ? t('documents.list.filters.yes') : t('documents.list.filters.no');
      case 'select':
      case 'multi_select':
      case 'member':
        return format(definition, definition.type === 'multi_select' ? [text] : text);
      default:
        return `“${text}”`;
    }
  };
}

/** The chips of the active filters, in the order the filter builder lists its fields. */
export function useFilterChips(filters: DocumentFilters, context: FilterChipsContext): FilterChip[] {
  const { t, i18n } = useTranslation();
  const { format } = usePropertyValueFormatter(context.memberName);
  const valueText = useConditionValueText();
  const locale = i18n.language;

  const range = (from: string | undefined, to: string | undefined): string => {
    if (from !== undefined && to !== undefined) {
      if (from === to) return formatCalendarDate(from, locale);
      if (isFullYear(from, to)) return from.slice(0, 4);
      if (isFullMonth(from, to)) {
        const [year, month] = from.split('-').map(Number) as [number, number];
        return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(year, month - 1, 1)),
        );
      }
      return t('documents.list.chips.range', {
        from: formatCalendarDate(from, locale),
        to: formatCalendarDate(to, locale),
      });
    }
    if (from !== undefined)
      return t('documents.list.chips.since', { date: formatCalendarDate(from, locale) });
    return t('documents.list.chips.until', { date: formatCalendarDate(to ?? '', locale) });
  };

  const tagName = (tagId: string) => context.tagsById.get(tagId)?.name ?? tagId;
  const chips: FilterChip[] = [];

  for (const tagId of filters.tags) {
    chips.push({
      id: `tags:${tagId}`,
      label: t('documents.list.chips.tag', { name: tagName(tagId) }),
      color: context.tagsById.get(tagId)?.color,
      remove: (current) => ({ ...current, tags: current.tags.filter((id) => id !== tagId) }),
    });
  }
  if (filters.anyTags.length > 0) {
    chips.push({
      id: 'anyTags',
      label: t('documents.list.chips.any-tag', {
        names: new Intl.ListFormat(locale, { type: 'disjunction' }).format(filters.anyTags.map(tagName)),
      }),
      remove: (current) => ({ ...current, anyTags: [] }),
    });
  }
  for (const tagId of filters.excludedTags) {
    chips.push({
      id: `excludedTags:${tagId}`,
      label: t('documents.list.chips.without-tag', { name: tagName(tagId) }),
      color: context.tagsById.get(tagId)?.color,
      remove: (current) => ({
        ...current,
        excludedTags: current.excludedTags.filter((id) => id !== tagId),
      }),
    });
  }
  if (filters.documentDateFrom !== undefined || filters.documentDateTo !== undefined) {
    chips.push({
      id: 'documentDate',
      label: t('documents.list.chips.document-date', {
        range: range(filters.documentDateFrom, filters.documentDateTo),
      }),
      remove: ({ documentDateFrom: _from, documentDateTo: _to, ...current }) => current,
    });
  }
  if (filters.createdFrom !== undefined || filters.createdTo !== undefined) {
    chips.push({
      id: 'created',
      label: t('documents.list.chips.created', { range: range(filters.createdFrom, filters.createdTo) }),
      remove: ({ createdFrom: _from, createdTo: _to, ...current }) => current,
    });
  }
  for (const group of filters.fileTypes) {
    chips.push({
      id: `fileTypes:${group}`,
      label: t('documents.list.chips.file-type', { type: t(`documents.list.filters.file-types.${group}`) }),
      remove: (current) => ({ ...current, fileTypes: current.fileTypes.filter((item) => item !== group) }),
    });
  }
  for (const status of filters.extractionStatuses) {
    chips.push({
      id: `extractionStatuses:${status}`,
      label: t('documents.list.chips.extraction', {
        status: t(`documents.list.filters.extraction-statuses.${status}`),
      }),
      remove: (current) => ({
        ...current,
        extractionStatuses: current.extractionStatuses.filter((item) => item !== status),
      }),
    });
  }
  filters.property.forEach((condition, index) => {
    chips.push({
      id: `property:${index}:${condition.propertyId}`,
      label: conditionLabel(condition),
      remove: (current) => ({ ...current, property: current.property.filter((_, other) => other !== index) }),
    });
  });
  return chips;

  function conditionLabel(condition: PropertyCondition): string {
    const definition = context.propertiesById.get(condition.propertyId);
    const name = definition?.name ?? t('documents.list.chips.unknown-property');
    const value = (text: string) => (definition ? valueText(definition, text, format) : text);
    switch (condition.operator) {
      case 'set':
        return t('documents.list.chips.property-set', { name });
      case 'empty':
        return t('documents.list.chips.property-empty', { name });
      case 'contains':
        return t('documents.list.chips.property-contains', { name, value: value(condition.value ?? '') });
      case 'between':
        if (condition.from !== undefined && condition.to !== undefined) {
          return t('documents.list.chips.property-between', {
            name,
            from: value(condition.from),
            to: value(condition.to),
          });
        }
        return condition.from !== undefined
          ? t('documents.list.chips.property-at-least', { name, value: value(condition.from) })
          : t('documents.list.chips.property-at-most', { name, value: value(condition.to ?? '') });
      default:
        return t('documents.list.chips.property-eq', { name, value: value(condition.value ?? '') });
    }
  }
}

/**
 * The active filters as a labelled list of chips, each removed by its × button or by Backspace or
 * Delete while that button has focus; focus then moves to the next chip (or the previous one, or
 * `onEmptied` when none is left). "Clear all" removes them all.
 */
export function FilterChips({
  chips,
  filters,
  onChange,
  onClearAll,
  onEmptied,
  className,
}: {
  chips: FilterChip[];
  filters: DocumentFilters;
  onChange: (filters: DocumentFilters) => void;
  onClearAll: () => void;
  /** Where focus goes once the last chip is removed from the keyboard. */
  onEmptied?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterRemoval = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    if (chips.length === 0) {
      onEmptied?.();
      return;
    }
    buttons.current[Math.min(index, chips.length - 1)]?.focus();
  }, [chips, onEmptied]);

  if (chips.length === 0) return null;

  const remove = (index: number) => {
    const chip = chips[index];
    if (!chip) return;
    focusAfterRemoval.current = index;
    onChange(chip.remove(filters));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      remove(index);
    }
  };

  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      <ul
        className="flex min-w-0 flex-wrap items-center gap-1.5"
        aria-label={t('documents.list.chips.label')}
      >
        {chips.map((chip, index) => (
          <li key={chip.id} className="min-w-0 max-w-full">
            <span className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-muted/60 py-0.5 pr-0.5 pl-2 text-sm font-medium">
              {chip.color ? (
                <span
                  aria-hidden="true"
                  className="size-2 shrink-0 rounded-full ring-1 ring-foreground/15"
                  style={{ backgroundColor: chip.color }}
                />
              ) : null}
              <span className="truncate" title={chip.label}>
                {chip.label}
              </span>
              <button
                type="button"
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                onClick={() => remove(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                aria-label={t('documents.list.remove-filter', { name: chip.label })}
                aria-keyshortcuts="Backspace Delete"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClearAll}>
        {t('documents.list.chips.clear-all')}
      </Button>
    </div>
  );
}

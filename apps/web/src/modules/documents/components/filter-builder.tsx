import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import {
  type DocumentFilters,
  FILE_TYPE_GROUPS,
  formatPropertyCondition,
  type PropertyCondition,
} from '@sheaf/contracts/document-filters';
import {
  propertyConditionIssue,
  propertyConditionOperatorsFor,
} from '@sheaf/contracts/document-filters-match';
import { EXTRACTION_STATUSES } from '@sheaf/contracts/extraction-statuses';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '../../../shared/ui/select';
import { parseLocaleNumber } from '../../properties/format';
import { PropertyValueInput } from '../../properties/property-value-input';

/** What a filter is on: the list's own fields, or a property (`property:<id>`). */
export type FilterField =
  | 'tags'
  | 'documentDate'
  | 'created'
  | 'fileTypes'
  | 'extractionStatuses'
  | `property:${string}`;

const TAG_OPERATORS = ['all', 'any', 'none'] as const;
const DATE_OPERATORS = ['between', 'on', 'since', 'until', 'year'] as const;
/** A property's operators as offered: `between` also as "at least" and "at most" (one end). */
type PropertyOperator = 'eq' | 'contains' | 'between' | 'atLeast' | 'atMost' | 'set' | 'empty';

type Draft = {
  operator: string;
  text: string;
  from: string;
  to: string;
  checked: string[];
};

const EMPTY_DRAFT: Omit<Draft, 'operator'> = { text: '', from: '', to: '', checked: [] };

export type FilterBuilderOptions = {
  tags: readonly { id: string; name: string; color: string }[];
  properties: readonly PropertyDefinitionDto[];
  members: readonly { id: string; name: string }[];
};

function propertyOperatorsOf(definition: PropertyDefinitionDto): PropertyOperator[] {
  return propertyConditionOperatorsFor(definition.type).flatMap((operator): PropertyOperator[] =>
    operator === 'between' ? ['between', 'atLeast', 'atMost'] : [operator],
  );
}

function operatorsOf(field: FilterField, propertiesById: Map<string, PropertyDefinitionDto>): string[] {
  if (field === 'tags') return [...TAG_OPERATORS];
  if (field === 'documentDate' || field === 'created') return [...DATE_OPERATORS];
  if (field === 'fileTypes' || field === 'extractionStatuses') return [];
  const definition = propertiesById.get(field.slice('property:'.length));
  return definition ? propertyOperatorsOf(definition) : [];
}

const union = <Item,>(current: readonly Item[], added: readonly Item[]) => [
  ...new Set([...current, ...added]),
];

/**
 * The "Add a filter" form: a field (tags, dates, file type, extraction state, each property), an
 * operator its type takes, and a value input fitting it (date inputs, options, members, numbers in
 * the UI language's way). A valid filter is merged into the current ones with AND.
 */
export function FilterBuilderForm({
  filters,
  options,
  onApply,
  onCancel,
}: {
  filters: DocumentFilters;
  options: FilterBuilderOptions;
  onApply: (filters: DocumentFilters) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = {
    field: useId(),
    operator: useId(),
    value: useId(),
    from: useId(),
    to: useId(),
    error: useId(),
  };
  const propertiesById = new Map(options.properties.map((property) => [property.id, property]));
  const [field, setField] = useState<FilterField>('tags');
  const [draft, setDraft] = useState<Draft>({ operator: 'all', ...EMPTY_DRAFT });
  const [error, setError] = useState<string | null>(null);
  const operators = operatorsOf(field, propertiesById);
  const definition = field.startsWith('property:')
    ? propertiesById.get(field.slice('property:'.length))
    : undefined;

  const chooseField = (next: FilterField) => {
    setField(next);
    setDraft({ operator: operatorsOf(next, propertiesById)[0] ?? '', ...EMPTY_DRAFT });
    setError(null);
  };
  const update = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setError(null);
  };

  /** The filters with this one added, or the message of what is missing or wrong. */
  const build = (): DocumentFilters | string => {
    const { operator, text, from, to, checked } = draft;
    if (field === 'tags') {
      if (checked.length === 0) return t('documents.list.filters.errors.choose-tag');
      if (operator === 'any') return { ...filters, anyTags: union(filters.anyTags, checked) };
      if (operator === 'none') return { ...filters, excludedTags: union(filters.excludedTags, checked) };
      return { ...filters, tags: union(filters.tags, checked) };
    }
    if (field === 'fileTypes' || field === 'extractionStatuses') {
      if (checked.length === 0) return t('documents.list.filters.errors.choose-one');
      return field === 'fileTypes'
        ? { ...filters, fileTypes: union(filters.fileTypes, checked as DocumentFilters['fileTypes']) }
        : {
            ...filters,
            extractionStatuses: union(
              filters.extractionStatuses,
              checked as DocumentFilters['extractionStatuses'],
            ),
          };
    }
    if (field === 'documentDate' || field === 'created') {
      const range = dateRangeOf(operator, { text, from, to });
      if (typeof range === 'string') return range;
      return field === 'documentDate'
        ? { ...filters, documentDateFrom: range.from, documentDateTo: range.to }
        : { ...filters, createdFrom: range.from, createdTo: range.to };
    }
    if (!definition) return t('documents.list.filters.errors.choose-field');
    const condition = conditionOf(definition, operator as PropertyOperator, { text, from, to });
    if (typeof condition === 'string') return condition;
    const written = formatPropertyCondition(condition);
    if (filters.property.some((existing) => formatPropertyCondition(existing) === written)) return filters;
    return { ...filters, property: [...filters.property, condition] };
  };

  const dateRangeOf = (
    operator: string,
    { text, from, to }: Pick<Draft, 'text' | 'from' | 'to'>,
  ): { from?: string; to?: string } | string => {
    if (operator === 'year') {
      if (!/^\d{4}$/.test(text.trim())) return t('documents.list.filters.errors.year');
      const year = text.trim();
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
    const dates = operator === 'between' ? [from, to] : [text];
    if (dates.every((date) => date === '')) return t('documents.list.filters.errors.date');
    if (dates.some((date) => date !== '' && !isValidCalendarDate(date))) {
      return t('documents.list.filters.errors.date');
    }
    if (operator === 'on') return { from: text, to: text };
    if (operator === 'since') return { from: text };
    if (operator === 'until') return { to: text };
    if (from !== '' && to !== '' && from > to) return t('documents.list.filters.errors.range-order');
    return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  };

  /** A value typed for this property as the URL writes it ("1234.5" for a number), or the error. */
  const conditionValueOf = (property: PropertyDefinitionDto, input: string): string | { error: string } => {
    const value = input.trim();
    if (value === '') return { error: t('documents.list.filters.errors.value') };
    if (property.type === 'number' || property.type === 'monetary') {
      const number = parseLocaleNumber(value, i18n.language);
      return number === null ? { error: t('documents.list.filters.errors.number') } : String(number);
    }
    return value;
  };

  const conditionOf = (
    property: PropertyDefinitionDto,
    operator: PropertyOperator,
    { text, from, to }: Pick<Draft, 'text' | 'from' | 'to'>,
  ): PropertyCondition | string => {
    const propertyId = property.id;
    let condition: PropertyCondition;
    if (operator === 'set' || operator === 'empty') {
      condition = { propertyId, operator };
    } else if (operator === 'between' || operator === 'atLeast' || operator === 'atMost') {
      const ends = {
        from: operator === 'atMost' ? '' : operator === 'atLeast' ? text : from,
        to: operator === 'atLeast' ? '' : operator === 'atMost' ? text : to,
      };
      if (ends.from.trim() === '' && ends.to.trim() === '') {
        return t('documents.list.filters.errors.value');
      }
      const read = (end: string) => (end.trim() === '' ? undefined : conditionValueOf(property, end));
      const [start, end] = [read(ends.from), read(ends.to)];
      const failed = [start, end].find((item) => typeof item === 'object');
      if (failed && typeof failed === 'object') return failed.error;
      condition = {
        propertyId,
        operator: 'between',
        ...(typeof start === 'string' ? { from: start } : {}),
        ...(typeof end === 'string' ? { to: end } : {}),
      };
      const isBackwards =
        condition.from !== undefined &&
        condition.to !== undefined &&
        (property.type === 'date'
          ? condition.from > condition.to
          : Number(condition.from) > Number(condition.to));
      if (isBackwards) return t('documents.list.filters.errors.range-order');
    } else {
      const value = conditionValueOf(property, text);
      if (typeof value === 'object') {
        return ['boolean', 'select', 'multi_select', 'member'].includes(property.type)
          ? t('documents.list.filters.errors.choose-value')
          : value.error;
      }
      condition = { propertyId, operator, value };
    }
    return propertyConditionIssue(property, condition) === null
      ? condition
      : property.type === 'date'
        ? t('documents.list.filters.errors.date')
        : t('documents.list.filters.errors.value');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The page's own form (if any) must not see this submit.
    event.stopPropagation();
    const next = build();
    if (typeof next === 'string') {
      setError(next);
      return;
    }
    onApply(next);
  };

  const fieldLabel = (candidate: FilterField) =>
    candidate.startsWith('property:')
      ? (propertiesById.get(candidate.slice('property:'.length))?.name ?? candidate)
      : t(`documents.list.filters.fields.${candidate as Exclude<FilterField, `property:${string}`>}`);

  const invalid = error !== null;
  const describedBy = invalid ? ids.error : undefined;

  const checkboxes = (items: readonly { value: string; label: ReactNode }[], legend: string) => (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-52 gap-1 overflow-y-auto rounded-md border p-2">
        {items.map((item) => {
          const id = `${ids.value}-${item.value}`;
          return (
            <div key={item.value} className="flex items-center gap-2 rounded-sm px-1 py-1">
              <Checkbox
                id={id}
                checked={draft.checked.includes(item.value)}
                onCheckedChange={(checked) =>
                  update({
                    checked:
                      checked === true
                        ? [...draft.checked, item.value]
                        : draft.checked.filter((value) => value !== item.value),
                  })
                }
              />
              <Label htmlFor={id} className="flex min-w-0 items-center gap-2 font-normal">
                {item.label}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );

  const textInput = (label: string, props: { type?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={ids.value}>{label}</Label>
      <Input
        id={ids.value}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        value={draft.text}
        onChange={(event) => update({ text: event.target.value })}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...(props.type === 'date' ? { min: '1000-01-01', max: '9999-12-31' } : {})}
      />
    </div>
  );

  const rangeInputs = (type: 'date' | 'text', inputMode?: 'decimal') => (
    <div className="grid grid-cols-2 gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.from}>{t('documents.list.filters.from')}</Label>
        <Input
          id={ids.from}
          type={type}
          inputMode={inputMode}
          value={draft.from}
          onChange={(event) => update({ from: event.target.value })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.to}>{t('documents.list.filters.to')}</Label>
        <Input
          id={ids.to}
          type={type}
          inputMode={inputMode}
          value={draft.to}
          onChange={(event) => update({ to: event.target.value })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );

  const valueInput = (): ReactNode => {
    const { operator } = draft;
    if (field === 'tags') {
      if (options.tags.length === 0) {
        return <p className="text-sm text-muted-foreground">{t('documents.list.filters.no-tags')}</p>;
      }
      return checkboxes(
        options.tags.map((tag) => ({
          value: tag.id,
          label: (
            <>
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full ring-1 ring-foreground/15"
                style={{ backgroundColor: tag.color }}
              />
              <span className="truncate">{tag.name}</span>
            </>
          ),
        })),
        t('documents.list.filters.fields.tags'),
      );
    }
    if (field === 'fileTypes') {
      return checkboxes(
        FILE_TYPE_GROUPS.map((group) => ({
          value: group,
          label: t(`documents.list.filters.file-types.${group}`),
        })),
        t('documents.list.filters.fields.fileTypes'),
      );
    }
    if (field === 'extractionStatuses') {
      return checkboxes(
        EXTRACTION_STATUSES.map((status) => ({
          value: status,
          label: t(`documents.list.filters.extraction-statuses.${status}`),
        })),
        t('documents.list.filters.fields.extractionStatuses'),
      );
    }
    if (field === 'documentDate' || field === 'created') {
      if (operator === 'between') return rangeInputs('date');
      if (operator === 'year') return textInput(t('documents.list.filters.year'), { inputMode: 'numeric' });
      return textInput(t('documents.list.filters.date'), { type: 'date' });
    }
    if (!definition || operator === 'set' || operator === 'empty') return null;
    const numeric = definition.type === 'number' || definition.type === 'monetary';
    const propertyInput = (key: 'text' | 'from' | 'to', label: string) => (
      <div className="grid gap-1.5">
        <Label htmlFor={ids[key === 'text' ? 'value' : key]}>{label}</Label>
        <PropertyValueInput
          definition={definition}
          value={{ text: draft[key], currency: '', optionIds: [] }}
          onChange={(next) => update({ [key]: next.text })}
          purpose="condition"
          booleanControl="select"
          id={ids[key === 'text' ? 'value' : key]}
          label={label}
          members={options.members}
          choosePlaceholder={t('documents.list.filters.choose')}
          invalid={invalid}
          describedBy={describedBy}
        />
      </div>
    );
    if (operator === 'between') {
      return (
        <div className="grid grid-cols-2 gap-3">
          {propertyInput('from', t('documents.list.filters.from'))}
          {propertyInput('to', t('documents.list.filters.to'))}
        </div>
      );
    }
    switch (definition.type) {
      case 'member':
        return propertyInput('text', t('documents.list.filters.member'));
      case 'date':
        return propertyInput('text', t('documents.list.filters.date'));
      default:
        return propertyInput(
          'text',
          numeric && definition.type === 'monetary' && definition.currency
            ? t('documents.list.filters.amount', { currency: definition.currency })
            : t('documents.list.filters.value'),
        );
    }
  };

  const operatorLabel = (operator: string) => {
    if (field === 'tags') return t(`documents.list.filters.operators.tags-${operator as 'all'}`);
    if (field === 'documentDate' || field === 'created') {
      return t(`documents.list.filters.operators.date-${operator as 'between'}`);
    }
    return t(`documents.list.filters.operators.${operator as PropertyOperator}`);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.field}>{t('documents.list.filters.field')}</Label>
        <Select value={field} onValueChange={(value) => chooseField(value as FilterField)}>
          <SelectTrigger id={ids.field}>
            <SelectValue>{fieldLabel(field)}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {(['tags', 'documentDate', 'created', 'fileTypes', 'extractionStatuses'] as const).map(
              (candidate) => (
                <SelectItem key={candidate} value={candidate}>
                  {fieldLabel(candidate)}
                </SelectItem>
              ),
            )}
            {options.properties.length > 0 ? (
              <SelectGroup>
                <SelectLabel>{t('documents.list.filters.properties')}</SelectLabel>
                {options.properties.map((property) => (
                  <SelectItem key={property.id} value={`property:${property.id}`}>
                    {property.name}
                  </SelectItem>
                ))}
              </SelectGroup>
            ) : null}
          </SelectContent>
        </Select>
      </div>

      {operators.length > 0 ? (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.operator}>{t('documents.list.filters.operator')}</Label>
          <Select value={draft.operator} onValueChange={(operator) => update({ operator, ...EMPTY_DRAFT })}>
            <SelectTrigger id={ids.operator}>
              <SelectValue>{operatorLabel(draft.operator)}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {operators.map((operator) => (
                <SelectItem key={operator} value={operator}>
                  {operatorLabel(operator)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}

      {valueInput()}

      {definition?.type === 'monetary' ? (
        <p className="text-xs text-muted-foreground">{t('documents.list.filters.amount-hint')}</p>
      ) : null}

      <p id={ids.error} role="alert" className={cn('text-sm text-danger', !invalid && 'sr-only')}>
        {error ?? ''}
      </p>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('documents.list.filters.cancel')}
        </Button>
        <Button type="submit">{t('documents.list.filters.add')}</Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The filter builder in a labelled dialog; on a phone a sheet from the bottom edge, with `children`
 * (the sort) above the form.
 */
export function FilterBuilderDialog({
  open,
  onOpenChange,
  title,
  children,
  ...formProps
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children?: ReactNode;
  filters: DocumentFilters;
  options: FilterBuilderOptions;
  onApply: (filters: DocumentFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn(
          // A bottom sheet on phones, a centred dialog from `sm` up.
          'top-auto bottom-0 max-h-[90dvh] w-full max-w-none translate-y-0 rounded-b-none',
          'sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:max-w-md sm:-translate-y-1/2 sm:rounded-b-xl',
        )}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('documents.list.filters.description')}</DialogDescription>
        </DialogHeader>
        {children}
        {/* A new form on each opening: it starts from the first field again. */}
        {open ? (
          <FilterBuilderForm
            {...formProps}
            onApply={(filters) => {
              formProps.onApply(filters);
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

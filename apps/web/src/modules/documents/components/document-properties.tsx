import type { DocumentDto } from '@sheaf/contracts/documents';
import type { MemberDto } from '@sheaf/contracts/members';
import {
  type PropertyDefinitionDto,
  type PropertyValue,
  propertyValueSchemaFor,
} from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, ChevronsUpDown, ExternalLink, Pencil, Settings2, SlidersHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Input, inputClasses } from '../../../shared/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { Spinner } from '../../../shared/ui/spinner';
import { Switch } from '../../../shared/ui/switch';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import { membersQueryOptions, myMemberQueryOptions } from '../../members/api';
import {
  canManageProperties,
  propertiesQueryOptions,
  useSetDocumentPropertyValue,
} from '../../properties/api';
import {
  currencyCodes,
  currencyName,
  numberInputValue,
  parseLocaleNumber,
  usePropertyValueFormatter,
} from '../../properties/format';
import { PROPERTY_TYPE_ICONS } from '../../properties/property-types';
import { documentQueryKey } from '../api';
import { DocumentDateField } from './document-date-field';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What is wrong with a value of this type, in words a person can act on. */
function valueErrorMessage(definition: PropertyDefinitionDto, t: Translate, path?: PropertyKey): string {
  switch (definition.type) {
    case 'number':
      return t('properties.document.errors.number');
    case 'monetary':
      return path === 'currency'
        ? t('properties.document.errors.currency')
        : t('properties.document.errors.amount');
    case 'date':
      return t('properties.document.errors.date');
    case 'url':
      return t('properties.document.errors.url');
    case 'select':
    case 'multi_select':
      return t('properties.document.errors.option');
    case 'member':
      return t('properties.document.errors.member');
    default:
      return t('properties.document.errors.text');
  }
}

/** A value checked by the type's rule (the one the server applies): the value, or the message to show. */
function checkValue(
  definition: PropertyDefinitionDto,
  value: unknown,
  t: Translate,
): { value: PropertyValue } | { error: string } {
  const parsed = propertyValueSchemaFor(definition).safeParse(value);
  if (parsed.success) return { value: parsed.data };
  return { error: valueErrorMessage(definition, t, parsed.error.issues[0]?.path[0]) };
}

/** The server's refusal, shown beside the value: a validation error reads as the type's rule. */
function serverErrorMessage(definition: PropertyDefinitionDto, error: unknown, t: Translate): string {
  return getErrorCode(error) === 'api.validation_error'
    ? valueErrorMessage(definition, t)
    : getErrorMessage(error, t);
}

type Draft = { text: string; currency: string };

function draftOf(definition: PropertyDefinitionDto, value: PropertyValue | undefined, locale: string): Draft {
  if (value === undefined) return { text: '', currency: definition.currency ?? 'EUR' };
  if (typeof value === 'number') return { text: numberInputValue(value, locale), currency: '' };
  if (typeof value === 'object' && !Array.isArray(value)) {
    return { text: numberInputValue(value.amount, locale), currency: value.currency };
  }
  return { text: String(value), currency: '' };
}

/** A draft read as the value it stands for (numbers in the UI language's way), before the type's rule. */
function valueOfDraft(
  definition: PropertyDefinitionDto,
  draft: Draft,
  locale: string,
  t: Translate,
): { value: unknown } | { error: string } {
  if (draft.text.trim() === '') return { error: t('properties.document.errors.required') };
  if (definition.type === 'number' || definition.type === 'monetary') {
    const amount = parseLocaleNumber(draft.text, locale);
    if (amount === null) return { error: valueErrorMessage(definition, t) };
    return { value: definition.type === 'number' ? amount : { amount, currency: draft.currency } };
  }
  return { value: draft.text };
}

type RowProps = {
  definition: PropertyDefinitionDto;
  value: PropertyValue | undefined;
  members: MemberDto[] | undefined;
  isReadOnly: boolean;
  isSaving: boolean;
  /** Saves the value (null clears it); resolves with the refusal's message, or null once saved. */
  onSave: (value: PropertyValue | null) => Promise<string | null>;
};

/** A value edited in place: shown formatted, then an input (Enter saves, Escape cancels). */
function TypedValue({ definition, value, isReadOnly, isSaving, onSave, members }: RowProps) {
  const { t } = useTranslation();
  const memberName = (userId: string) => members?.find((member) => member.user.id === userId)?.user.name;
  const { format, locale } = usePropertyValueFormatter(memberName);
  const inputId = useId();
  const errorId = useId();
  const currencyListId = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  const stopEditing = () => {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const submit = async () => {
    if (draft === null) return;
    const read = valueOfDraft(definition, draft, locale, t);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    const checked = checkValue(definition, read.value, t);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    const refusal = await onSave(checked.value);
    if (refusal) setError(refusal);
    else stopEditing();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  };

  const describedBy = error ? errorId : undefined;

  if (draft !== null) {
    const change = (next: Partial<Draft>) => {
      setDraft({ ...draft, ...next });
      setError(null);
    };
    return (
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          {definition.type === 'monetary' ? (
            <>
              <Input
                id={inputId}
                value={draft.text}
                inputMode="decimal"
                autoFocus
                onChange={(event) => change({ text: event.target.value })}
                onKeyDown={onKeyDown}
                aria-label={t('properties.document.amount-label', { name: definition.name })}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy}
                className="h-8 w-32"
              />
              <Input
                value={draft.currency}
                list={currencyListId}
                maxLength={3}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => change({ currency: event.target.value.toUpperCase() })}
                onKeyDown={onKeyDown}
                aria-label={t('properties.document.currency-label', { name: definition.name })}
                title={currencyName(draft.currency, locale)}
                className="h-8 w-20 font-mono uppercase"
              />
              <datalist id={currencyListId}>
                {currencyCodes().map((code) => (
                  <option key={code} value={code}>
                    {currencyName(code, locale) ?? code}
                  </option>
                ))}
              </datalist>
            </>
          ) : (
            <Input
              id={inputId}
              type={definition.type === 'date' ? 'date' : definition.type === 'url' ? 'url' : 'text'}
              inputMode={definition.type === 'number' ? 'decimal' : undefined}
              value={draft.text}
              autoFocus
              onChange={(event) => change({ text: event.target.value })}
              onKeyDown={onKeyDown}
              aria-label={definition.name}
              aria-invalid={Boolean(error)}
              aria-describedby={describedBy}
              placeholder={definition.type === 'url' ? 'https://' : undefined}
              className={cn('h-8', definition.type === 'date' ? 'w-44' : 'min-w-0 flex-1')}
            />
          )}
          <Button
            size="icon-sm"
            aria-label={t('properties.document.save', { name: definition.name })}
            isLoading={isSaving}
            onClick={() => void submit()}
          >
            {isSaving ? null : <Check aria-hidden="true" />}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('properties.document.cancel', { name: definition.name })}
            onClick={stopEditing}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        {error ? (
          <FieldMessage id={errorId} announce>
            {error}
          </FieldMessage>
        ) : null}
      </div>
    );
  }

  const shown =
    value === undefined ? (
      <span className="text-muted-foreground">{t('properties.document.empty')}</span>
    ) : definition.type === 'url' && typeof value === 'string' ? (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-w-0 items-center gap-1 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="truncate">{value}</span>
        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t('properties.document.opens-new-tab')}</span>
      </a>
    ) : (
      <span className="font-medium [overflow-wrap:anywhere]">
        {definition.type === 'date' && typeof value === 'string' ? (
          <time dateTime={value}>{format(definition, value)}</time>
        ) : (
          format(definition, value)
        )}
      </span>
    );

  return (
    <ValueLine
      definition={definition}
      hasValue={value !== undefined}
      isReadOnly={isReadOnly}
      isSaving={isSaving}
      onClear={async () => {
        const refusal = await onSave(null);
        setError(refusal);
      }}
      error={error}
      edit={
        <Tooltip content={t('properties.document.edit', { name: definition.name })}>
          <Button
            ref={editButtonRef}
            variant="ghost"
            size="icon-sm"
            aria-label={t('properties.document.edit', { name: definition.name })}
            onClick={() => {
              setDraft(draftOf(definition, value, locale));
              setError(null);
            }}
          >
            <Pencil aria-hidden="true" />
          </Button>
        </Tooltip>
      }
    >
      {shown}
    </ValueLine>
  );
}

/** The value, then its edit and clear buttons at the end of the line, and the error under it. */
function ValueLine({
  definition,
  hasValue,
  isReadOnly,
  isSaving,
  onClear,
  edit,
  error,
  children,
}: {
  definition: PropertyDefinitionDto;
  hasValue: boolean;
  isReadOnly: boolean;
  isSaving: boolean;
  onClear: () => void;
  edit?: ReactNode;
  error: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <div className="flex min-h-8 min-w-0 items-center gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">{children}</div>
        {isReadOnly ? null : (
          <span className="flex shrink-0 items-center gap-0.5">
            {isSaving ? <Spinner size="sm" className="mx-1.5 text-muted-foreground" /> : null}
            {edit}
            {hasValue ? (
              <Tooltip content={t('properties.document.clear', { name: definition.name })}>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('properties.document.clear', { name: definition.name })}
                  disabled={isSaving}
                  onClick={onClear}
                >
                  <X aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
          </span>
        )}
      </div>
      {error ? <FieldMessage announce>{error}</FieldMessage> : null}
    </div>
  );
}

/** Yes/no, one option, several options or a member: picked in place and saved at once. */
function PickedValue({ definition, value, members, isReadOnly, isSaving, onSave }: RowProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const save = async (next: PropertyValue | null) => {
    setError(null);
    if (next !== null) {
      const checked = checkValue(definition, next, t);
      if ('error' in checked) {
        setError(checked.error);
        return;
      }
    }
    setError(await onSave(next));
  };
  const line = (control: ReactNode) => (
    <ValueLine
      definition={definition}
      hasValue={value !== undefined}
      isReadOnly={isReadOnly}
      isSaving={isSaving}
      onClear={() => void save(null)}
      error={error}
    >
      {control}
    </ValueLine>
  );

  switch (definition.type) {
    case 'boolean': {
      const label =
        value === undefined
          ? t('properties.document.empty')
          : value === true
            ? t('properties.values.yes')
            : t('properties.values.no');
      const text = (
        <span className={value === undefined ? 'text-muted-foreground' : 'font-medium'}>{label}</span>
      );
      if (isReadOnly) return line(text);
      return line(
        <div className="flex items-center gap-2">
          <Switch
            checked={value === true}
            disabled={isSaving}
            onCheckedChange={(checked) => void save(checked)}
            aria-label={definition.name}
          />
          {text}
        </div>,
      );
    }
    case 'select':
    case 'member': {
      const choices =
        definition.type === 'select'
          ? definition.options.map((option) => ({
              id: option.id,
              content: <TagBadge tag={option} />,
              text: option.name,
            }))
          : (members ?? []).map((member) => ({
              id: member.user.id,
              content: member.user.name,
              text: member.user.name,
            }));
      const current = typeof value === 'string' ? value : undefined;
      const isKnown = current === undefined || choices.some((choice) => choice.id === current);
      if (isReadOnly) {
        const chosen = choices.find((choice) => choice.id === current);
        return line(
          chosen ? (
            chosen.content
          ) : (
            <span className="text-muted-foreground">
              {current === undefined ? t('properties.document.empty') : t('properties.values.former-member')}
            </span>
          ),
        );
      }
      return line(
        <Select value={current ?? ''} onValueChange={(next) => void save(next)} disabled={isSaving}>
          <SelectTrigger aria-label={definition.name} className="h-8 w-full max-w-64">
            <SelectValue
              placeholder={
                isKnown
                  ? t('properties.document.choose')
                  : definition.type === 'member'
                    ? t('properties.values.former-member')
                    : t('properties.values.unknown-option')
              }
            />
          </SelectTrigger>
          <SelectContent>
            {choices.length === 0 ? (
              <p className="px-2 py-1.5 text-sm text-muted-foreground">
                {t('properties.document.no-choices')}
              </p>
            ) : (
              choices.map((choice) => (
                <SelectItem key={choice.id} value={choice.id} textValue={choice.text}>
                  {choice.content}
                </SelectItem>
              ))
            )}
          </SelectContent>
        </Select>,
      );
    }
    case 'multi_select': {
      const chosen = new Set(Array.isArray(value) ? value : []);
      const chips =
        chosen.size === 0 ? (
          <span className="text-muted-foreground">{t('properties.document.empty')}</span>
        ) : (
          <ul className="flex flex-wrap gap-1" aria-label={definition.name}>
            {definition.options
              .filter((option) => chosen.has(option.id))
              .map((option) => (
                <li key={option.id} className="max-w-48">
                  <TagBadge tag={option} />
                </li>
              ))}
          </ul>
        );
      if (isReadOnly) return line(chips);
      const toggle = (optionId: string, isChecked: boolean) => {
        // In the options' order, whatever order they were picked in.
        const next = definition.options
          .map((option) => option.id)
          .filter((id) => (id === optionId ? isChecked : chosen.has(id)));
        void save(next.length > 0 ? next : null);
      };
      return line(
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={t('properties.document.choose-options', { name: definition.name })}
            disabled={isSaving}
            className={cn(
              inputClasses,
              'h-auto min-h-8 w-full max-w-80 items-center justify-between gap-2 py-1 text-left',
            )}
          >
            {chips}
            <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="max-h-72 overflow-y-auto">
            {definition.options.length === 0 ? (
              <p className="px-2 py-1.5 text-sm text-muted-foreground">
                {t('properties.document.no-choices')}
              </p>
            ) : (
              definition.options.map((option) => (
                <DropdownMenuCheckboxItem
                  key={option.id}
                  checked={chosen.has(option.id)}
                  // The menu stays open: several options are picked in a row.
                  onSelect={(event) => event.preventDefault()}
                  onCheckedChange={(isChecked) => toggle(option.id, isChecked)}
                >
                  <TagBadge tag={option} />
                </DropdownMenuCheckboxItem>
              ))
            )}
          </DropdownMenuContent>
        </DropdownMenu>,
      );
    }
    default:
      return null;
  }
}

const PICKED_TYPES = new Set<PropertyDefinitionDto['type']>(['boolean', 'select', 'multi_select', 'member']);

function PropertyRow(props: RowProps) {
  const { definition } = props;
  const Icon = PROPERTY_TYPE_ICONS[definition.type];
  const name = <span className="truncate">{definition.name}</span>;
  return (
    <div className="grid grid-cols-[8.5rem_1fr] items-start gap-3 py-1.5 text-sm">
      <dt className="flex min-h-8 min-w-0 items-center gap-2 text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {definition.description ? (
          <>
            <Tooltip content={definition.description} side="left">
              {/* Focusable, so the description shows from the keyboard too. */}
              <span
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip's trigger must take focus.
                tabIndex={0}
                className="min-w-0 cursor-help truncate rounded-sm underline decoration-dotted underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {definition.name}
              </span>
            </Tooltip>
            <span className="sr-only">{`: ${definition.description}`}</span>
          </>
        ) : (
          name
        )}
      </dt>
      <dd className="min-w-0">
        {PICKED_TYPES.has(definition.type) ? <PickedValue {...props} /> : <TypedValue {...props} />}
      </dd>
    </div>
  );
}

/**
 * The document's date and its values of the organization's custom properties, each edited in place
 * and checked by its type's rule before it is sent (the server checks again; its refusals show
 * beside the value). A document in the trash shows them read-only.
 */
export function DocumentProperties({
  organizationId,
  document,
  isReadOnly,
}: {
  organizationId: string;
  document: DocumentDto;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const properties = useQuery(propertiesQueryOptions(organizationId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const hasMemberProperty = properties.data?.some((property) => property.type === 'member') ?? false;
  const members = useQuery({ ...membersQueryOptions(organizationId), enabled: hasMemberProperty });
  const setValue = useSetDocumentPropertyValue(organizationId, {
    documentQueryKey: documentQueryKey(organizationId, document.id),
  });
  const canManage = me.data ? canManageProperties(me.data.role) : false;
  const values = new Map(document.properties.map((entry) => [entry.propertyId, entry.value]));

  const save = async (definition: PropertyDefinitionDto, value: PropertyValue | null) => {
    try {
      await setValue.mutateAsync({ documentId: document.id, propertyId: definition.id, value });
      return null;
    } catch (error) {
      return serverErrorMessage(definition, error, t);
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('properties.document.title')}
        </h2>
        {canManage ? (
          <Button variant="ghost" size="sm" asChild className="text-muted-foreground">
            <Link to="/organizations/$organizationId/settings/properties" params={{ organizationId }}>
              <Settings2 aria-hidden="true" />
              {t('properties.document.manage')}
            </Link>
          </Button>
        ) : null}
      </div>
      <dl className="grid divide-y divide-border/60">
        <DocumentDateField organizationId={organizationId} document={document} isReadOnly={isReadOnly} />
        {properties.data?.map((definition) => (
          <PropertyRow
            key={definition.id}
            definition={definition}
            value={values.get(definition.id)}
            members={members.data}
            isReadOnly={isReadOnly}
            isSaving={setValue.isPending && setValue.variables?.propertyId === definition.id}
            onSave={(value) => save(definition, value)}
          />
        ))}
      </dl>
      {properties.isPending ? (
        <div className="flex justify-center py-3 text-muted-foreground">
          <Spinner size="sm" />
        </div>
      ) : properties.isError ? (
        <div className="flex flex-wrap items-center gap-2 py-2 text-sm">
          <span className="text-danger">{getErrorMessage(properties.error, t)}</span>
          <Button variant="outline" size="sm" onClick={() => void properties.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {properties.data?.length === 0 ? (
        <p className="text-[0.8125rem] text-muted-foreground">
          {canManage ? t('properties.document.none-manager') : t('properties.document.none-member')}
        </p>
      ) : null}
    </section>
  );
}

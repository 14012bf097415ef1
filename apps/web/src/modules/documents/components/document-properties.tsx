import type { DocumentDto } from '@sheaf/contracts/documents';
import type { MemberDto } from '@sheaf/contracts/members';
import type { PropertyDefinitionDto, PropertyValue } from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, ExternalLink, Pencil, Settings2, SlidersHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Spinner } from '../../../shared/ui/spinner';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import { membersQueryOptions, myMemberQueryOptions } from '../../members/api';
import {
  canManageProperties,
  propertiesQueryOptions,
  useSetDocumentPropertyValue,
} from '../../properties/api';
import { usePropertyValueFormatter } from '../../properties/format';
import { PROPERTY_TYPE_ICONS } from '../../properties/property-types';
import {
  memberChoicesOf,
  type PropertyValueDraft,
  PropertyValueInput,
  propertyValueDraftOf,
  readPropertyValueDraft,
} from '../../properties/property-value-input';
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

/** The server's refusal, shown beside the value: a validation error reads as the type's rule. */
function serverErrorMessage(definition: PropertyDefinitionDto, error: unknown, t: Translate): string {
  return getErrorCode(error) === 'api.validation_error'
    ? valueErrorMessage(definition, t)
    : getErrorMessage(error, t);
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
  const errorId = useId();
  const [draft, setDraft] = useState<PropertyValueDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  const stopEditing = () => {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const submit = async () => {
    if (draft === null) return;
    const read = readPropertyValueDraft(definition, draft, locale);
    if ('issue' in read) {
      setError(
        read.issue === 'required'
          ? t('properties.document.errors.required')
          : valueErrorMessage(definition, t, read.path),
      );
      return;
    }
    const refusal = await onSave(read.value);
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
    return (
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <PropertyValueInput
            definition={definition}
            value={draft}
            onChange={(next) => {
              setDraft(next);
              setError(null);
            }}
            label={
              definition.type === 'monetary'
                ? t('properties.document.amount-label', { name: definition.name })
                : definition.name
            }
            currencyLabel={t('properties.document.currency-label', { name: definition.name })}
            size="sm"
            autoFocus
            onKeyDown={onKeyDown}
            invalid={Boolean(error)}
            describedBy={describedBy}
            className={definition.type === 'date' ? 'w-44' : 'min-w-0 flex-1'}
          />
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
              setDraft(propertyValueDraftOf(definition, value, locale));
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
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const [error, setError] = useState<string | null>(null);
  const save = async (next: PropertyValue | null) => {
    setError(null);
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

  // Read-only: the value as it reads (options as their badges).
  if (isReadOnly) {
    if (value === undefined) {
      return line(<span className="text-muted-foreground">{t('properties.document.empty')}</span>);
    }
    switch (definition.type) {
      case 'boolean':
        return line(
          <span className="font-medium">
            {value === true ? t('properties.values.yes') : t('properties.values.no')}
          </span>,
        );
      case 'select': {
        const option = definition.options.find((entry) => entry.id === value);
        return line(
          option ? (
            <TagBadge tag={option} />
          ) : (
            <span className="text-muted-foreground">{t('properties.values.unknown-option')}</span>
          ),
        );
      }
      case 'member': {
        const member = members?.find((entry) => entry.user.id === value);
        return line(
          member ? (
            member.user.name
          ) : (
            <span className="text-muted-foreground">{t('properties.values.former-member')}</span>
          ),
        );
      }
      default: {
        const chosen = new Set(Array.isArray(value) ? value : []);
        return line(
          <ul className="flex flex-wrap gap-1" aria-label={definition.name}>
            {definition.options
              .filter((option) => chosen.has(option.id))
              .map((option) => (
                <li key={option.id} className="max-w-48">
                  <TagBadge tag={option} />
                </li>
              ))}
          </ul>,
        );
      }
    }
  }

  const input = (
    <PropertyValueInput
      definition={definition}
      value={propertyValueDraftOf(definition, value, locale)}
      onChange={(next) => {
        const read = readPropertyValueDraft(definition, next, locale);
        // Unticking the last option clears the value.
        void save('value' in read ? read.value : null);
      }}
      label={
        definition.type === 'multi_select'
          ? t('properties.document.choose-options', { name: definition.name })
          : definition.name
      }
      members={memberChoicesOf(members)}
      multiSelectControl="menu"
      size="sm"
      disabled={isSaving}
      className={definition.type === 'multi_select' ? undefined : 'w-full max-w-64'}
    />
  );
  if (definition.type !== 'boolean') return line(input);
  return line(
    <div className="flex items-center gap-2">
      {input}
      <span className={value === undefined ? 'text-muted-foreground' : 'font-medium'}>
        {value === undefined
          ? t('properties.document.empty')
          : value === true
            ? t('properties.values.yes')
            : t('properties.values.no')}
      </span>
    </div>,
  );
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

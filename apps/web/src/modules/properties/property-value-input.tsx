import type { MemberDto } from '@sheaf/contracts/members';
import {
  type PropertyDefinitionDto,
  type PropertyValue,
  propertyValueSchemaFor,
} from '@sheaf/contracts/properties';
import { ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../shared/i18n/i18n';
import { Checkbox } from '../../shared/ui/checkbox';
import { cn } from '../../shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../shared/ui/dropdown-menu';
import { Input, inputClasses } from '../../shared/ui/input';
import { Label } from '../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../shared/ui/select';
import { Switch } from '../../shared/ui/switch';
import { TagBadge } from '../../shared/ui/tag-badge';
import { currencyCodes, currencyName, numberInputValue, parseLocaleNumber } from './format';

/**
 * A property's value as it is edited, whatever the type: what is typed (text, URL, a date
 * `YYYY-MM-DD`, a number or an amount in the UI language's way), the chosen option or member id,
 * `true`/`false` ('' for none), a multi select's option ids, and a monetary value's currency.
 * `propertyValueDraftOf` and `readPropertyValueDraft` translate it from and to the contracts' value.
 */
export type PropertyValueDraft = {
  text: string;
  currency: string;
  optionIds: string[];
};

/** A member as offered by a member property's input. */
export type PropertyMemberChoice = { id: string; name: string };

/** The organization's members as choices, by name (the e-mail address for one without a name). */
export function memberChoicesOf(members: readonly MemberDto[] | undefined): PropertyMemberChoice[] {
  return (members ?? [])
    .map(({ user }) => ({ id: user.id, name: user.name || user.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** An empty draft: a monetary value starts in the property's currency (EUR when it has none). */
export const emptyPropertyValueDraft = (
  definition: Pick<PropertyDefinitionDto, 'currency'> | undefined,
): PropertyValueDraft => ({ text: '', currency: definition?.currency ?? 'EUR', optionIds: [] });

/** A value as its input shows it (numbers in the locale's way); an empty draft for no value. */
export function propertyValueDraftOf(
  definition: Pick<PropertyDefinitionDto, 'currency'>,
  value: PropertyValue | undefined,
  locale: string,
): PropertyValueDraft {
  const draft = emptyPropertyValueDraft(definition);
  if (value === undefined) return draft;
  if (Array.isArray(value)) return { ...draft, optionIds: value };
  if (typeof value === 'number') return { ...draft, text: numberInputValue(value, locale) };
  if (typeof value === 'object') {
    return { ...draft, text: numberInputValue(value.amount, locale), currency: value.currency };
  }
  return { ...draft, text: String(value) };
}

/** Why a draft is not a value: nothing given, or something the type's rule refuses (in `value` or `currency`). */
export type PropertyValueDraftIssue = { issue: 'required' | 'invalid'; path: 'value' | 'currency' };

/** The draft as the property's value, checked by the type's rule (the one the server applies). */
export function readPropertyValueDraft(
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'>,
  draft: PropertyValueDraft,
  locale: string,
): { value: PropertyValue } | PropertyValueDraftIssue {
  const text = draft.text.trim();
  let raw: unknown = text;
  switch (definition.type) {
    case 'multi_select':
      if (draft.optionIds.length === 0) return { issue: 'required', path: 'value' };
      raw = draft.optionIds;
      break;
    case 'boolean':
      if (text !== 'true' && text !== 'false') return { issue: 'required', path: 'value' };
      raw = text === 'true';
      break;
    case 'number':
    case 'monetary': {
      if (text === '') return { issue: 'required', path: 'value' };
      const amount = parseLocaleNumber(text, locale);
      if (amount === null) return { issue: 'invalid', path: 'value' };
      if (definition.type === 'number') {
        raw = amount;
        break;
      }
      if (!/^[A-Za-z]{3}$/.test(draft.currency.trim())) return { issue: 'invalid', path: 'currency' };
      raw = { amount, currency: draft.currency.trim().toUpperCase() };
      break;
    }
    default:
      if (text === '') return { issue: 'required', path: 'value' };
  }
  const parsed = propertyValueSchemaFor(definition).safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  return { issue: 'invalid', path: parsed.error.issues[0]?.path[0] === 'currency' ? 'currency' : 'value' };
}

type PropertyValueInputProps = {
  definition: PropertyDefinitionDto;
  value: PropertyValueDraft;
  onChange: (value: PropertyValueDraft) => void;
  /** The accessible name of the input (of the amount, for a monetary value). */
  label: string;
  /** The monetary value's currency input's name; "<property>: currency" by default. */
  currencyLabel?: string;
  /** The main control's id, for a visible `<Label htmlFor>`. */
  id?: string;
  /** The organization's members, for a member property. */
  members?: readonly PropertyMemberChoice[];
  /**
   * `condition` for a value compared with (a filter, a rule's condition): one option of a multi
   * select, an amount without its currency. `value` (the default) for a value a document carries.
   */
  purpose?: 'value' | 'condition';
  /** Yes/no as a switch (on or off) or as a list of two (which may start with neither). */
  booleanControl?: 'switch' | 'select';
  /** A multi select's options as checkboxes (in a form) or as a menu of them (edited in place). */
  multiSelectControl?: 'checkboxes' | 'menu';
  /** Shown in an empty text input (`https://` for a URL by default). */
  placeholder?: string;
  /** Shown in a list with nothing chosen ("Choose…" by default). */
  choosePlaceholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  size?: 'default' | 'sm';
  autoFocus?: boolean;
  /** On the typed inputs: Enter to save, Escape to cancel where the value is edited in place. */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  /** Given the main control (react-hook-form focuses it on an error). */
  controlRef?: (element: HTMLElement | null) => void;
  className?: string;
};

/**
 * The input of a custom property's value, by its type: text, number, amount and currency, date,
 * yes/no, one option, several options, URL or member. Controlled with a `PropertyValueDraft`;
 * used by the document page, the filter builder, the tagging rule form and bulk editing.
 */
export function PropertyValueInput({
  definition,
  value,
  onChange,
  label,
  currencyLabel,
  id,
  members = [],
  purpose = 'value',
  booleanControl = 'switch',
  multiSelectControl = 'checkboxes',
  placeholder,
  choosePlaceholder,
  disabled,
  invalid,
  describedBy,
  size = 'default',
  autoFocus,
  onKeyDown,
  onBlur,
  controlRef,
  className,
}: PropertyValueInputProps) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const baseId = useId();
  const small = size === 'sm' ? 'h-8' : undefined;
  const common = {
    id,
    disabled,
    onBlur,
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const change = (next: Partial<PropertyValueDraft>) => onChange({ ...value, ...next });
  const typed = (type: 'text' | 'date' | 'url', inputMode?: 'decimal', inputClassName?: string) => (
    <Input
      {...common}
      ref={controlRef}
      type={type}
      inputMode={inputMode}
      lang={locale}
      autoComplete="off"
      autoFocus={autoFocus}
      value={value.text}
      onChange={(event) => change({ text: event.target.value })}
      onKeyDown={onKeyDown}
      placeholder={placeholder ?? (type === 'url' ? 'https://' : undefined)}
      {...(type === 'date' ? { min: '1000-01-01', max: '9999-12-31' } : {})}
      className={cn(small, inputClassName ?? className)}
    />
  );
  // A multi select compared with takes one of its options; an amount compared with, a number.
  const type =
    purpose === 'condition' && definition.type === 'multi_select'
      ? 'select'
      : purpose === 'condition' && definition.type === 'monetary'
        ? 'number'
        : definition.type;

  switch (type) {
    case 'text':
      return typed('text');
    case 'url':
      return typed('url');
    case 'number':
      return typed('text', 'decimal');
    case 'date':
      return typed('date');
    case 'monetary': {
      const currencyListId = `${baseId}-currencies`;
      return (
        <div className={cn('flex min-w-0 gap-2', className)}>
          {typed('text', 'decimal', 'min-w-0 flex-1')}
          <Input
            value={value.currency}
            list={currencyListId}
            maxLength={3}
            spellCheck={false}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => change({ currency: event.target.value.toUpperCase() })}
            onKeyDown={onKeyDown}
            aria-label={currencyLabel ?? t('properties.document.currency-label', { name: definition.name })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            title={currencyName(value.currency, locale)}
            placeholder="EUR"
            className={cn(small, 'w-20 shrink-0 font-mono uppercase')}
          />
          <datalist id={currencyListId}>
            {currencyCodes().map((code) => (
              <option key={code} value={code}>
                {currencyName(code, locale) ?? code}
              </option>
            ))}
          </datalist>
        </div>
      );
    }
    case 'boolean':
      if (booleanControl === 'switch') {
        return (
          <Switch
            {...common}
            ref={controlRef}
            checked={value.text === 'true'}
            onCheckedChange={(checked) => change({ text: String(checked) })}
          />
        );
      }
      return (
        <ChoiceSelect
          {...common}
          controlRef={controlRef}
          value={value.text}
          onValueChange={(text) => change({ text })}
          choices={[
            { id: 'true', name: t('properties.values.yes') },
            { id: 'false', name: t('properties.values.no') },
          ]}
          placeholder={choosePlaceholder ?? t('properties.document.choose')}
          className={cn(small, className)}
        />
      );
    case 'select':
    case 'member': {
      const choices =
        type === 'select'
          ? definition.options.map((option) => ({ ...option, badge: true }))
          : members.map((member) => ({ ...member, badge: false }));
      const isKnown = value.text === '' || choices.some((choice) => choice.id === value.text);
      return (
        <ChoiceSelect
          {...common}
          controlRef={controlRef}
          value={value.text}
          onValueChange={(text) => change({ text })}
          choices={choices}
          placeholder={
            isKnown
              ? (choosePlaceholder ?? t('properties.document.choose'))
              : type === 'member'
                ? t('properties.values.former-member')
                : t('properties.values.unknown-option')
          }
          className={cn(small, className)}
        />
      );
    }
    case 'multi_select': {
      const chosen = new Set(value.optionIds);
      // In the options' order, whatever order they were picked in.
      const toggle = (optionId: string, isChecked: boolean) =>
        change({
          optionIds: definition.options
            .map((option) => option.id)
            .filter((optionId_) => (optionId_ === optionId ? isChecked : chosen.has(optionId_))),
        });
      if (multiSelectControl === 'menu') {
        return (
          <DropdownMenu>
            <DropdownMenuTrigger
              {...common}
              ref={controlRef}
              className={cn(
                inputClasses,
                'h-auto min-h-8 w-full max-w-80 items-center justify-between gap-2 py-1 text-left',
                className,
              )}
            >
              {chosen.size === 0 ? (
                <span className="text-muted-foreground">{t('properties.document.empty')}</span>
              ) : (
                <span className="flex flex-wrap gap-1">
                  {definition.options
                    .filter((option) => chosen.has(option.id))
                    .map((option) => (
                      <TagBadge key={option.id} tag={option} className="max-w-48" />
                    ))}
                </span>
              )}
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
          </DropdownMenu>
        );
      }
      // Checkboxes: Space toggles one, Tab moves on.
      return (
        <fieldset
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          className={cn(
            'flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-input bg-surface px-3 py-2',
            className,
          )}
        >
          {definition.options.length === 0 ? (
            <span className="text-sm text-muted-foreground">{t('properties.document.no-choices')}</span>
          ) : null}
          {definition.options.map((option, index) => {
            const checkboxId = `${baseId}-${option.id}`;
            return (
              <div key={option.id} className="flex items-center gap-2">
                <Checkbox
                  id={index === 0 ? (id ?? checkboxId) : checkboxId}
                  ref={index === 0 ? controlRef : undefined}
                  checked={chosen.has(option.id)}
                  onCheckedChange={(checked) => toggle(option.id, checked === true)}
                  onBlur={onBlur}
                />
                <Label htmlFor={index === 0 ? (id ?? checkboxId) : checkboxId} className="font-normal">
                  <TagBadge tag={option} />
                </Label>
              </div>
            );
          })}
        </fieldset>
      );
    }
  }
}

/** One choice among a few (yes/no, options, members); an option shows as its badge. */
function ChoiceSelect({
  id,
  value,
  onValueChange,
  choices,
  placeholder,
  disabled,
  onBlur,
  controlRef,
  className,
  ...aria
}: {
  id: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
  choices: readonly { id: string; name: string; color?: string; badge?: boolean }[];
  placeholder: string;
  disabled: boolean | undefined;
  onBlur: (() => void) | undefined;
  controlRef: ((element: HTMLElement | null) => void) | undefined;
  className: string | undefined;
  'aria-label': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger {...aria} id={id} ref={controlRef} onBlur={onBlur} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">{t('properties.document.no-choices')}</p>
        ) : (
          choices.map((choice) => (
            <SelectItem key={choice.id} value={choice.id} textValue={choice.name}>
              {choice.badge && choice.color !== undefined ? (
                <TagBadge tag={{ name: choice.name, color: choice.color }} />
              ) : (
                choice.name
              )}
            </SelectItem>
          ))
        )}
      </SelectContent>
    </Select>
  );
}

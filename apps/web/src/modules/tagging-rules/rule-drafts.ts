import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import { FILE_TYPE_GROUPS, type FileTypeGroup } from '@sheaf/contracts/document-filters';
import { TAGGING_RULE_DESCRIPTION_MAX_LENGTH, TAGGING_RULE_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import {
  type PropertyDefinitionDto,
  type PropertyType,
  type PropertyValue,
  propertyValueSchemaFor,
} from '@sheaf/contracts/properties';
import {
  isValuelessTaggingRuleOperator,
  TAGGING_RULE_DATE_OPERATORS,
  TAGGING_RULE_FILE_TYPE_OPERATORS,
  TAGGING_RULE_MATCH_MODES,
  TAGGING_RULE_OPERATORS,
  TAGGING_RULE_PROPERTY_OPERATORS_BY_TYPE,
  type TaggingRuleCondition,
  type TaggingRuleConditionField,
  type TaggingRuleDto,
  type TaggingRuleInput,
  type TaggingRuleMatchMode,
  type TaggingRulePropertyAction,
} from '@sheaf/contracts/tagging-rules';
import { hasControlCharacters } from '@sheaf/contracts/text';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { numberInputValue, parseLocaleNumber } from '../properties/format';

/**
 * The rule form's values and their translation to and from the API's shapes. A condition or a
 * property action is kept as strings while it is edited (a number as typed in the user's locale),
 * and becomes a typed value only on submit.
 */

/** Longest condition value the server accepts. */
export const CONDITION_VALUE_MAX_LENGTH = 1024;

/** A condition as edited: `propertyId` for property conditions, '' otherwise; `value` a string whatever the type. */
export type ConditionDraft = {
  field: TaggingRuleConditionField;
  propertyId: string;
  operator: string;
  /** Text, a date `YYYY-MM-DD`, a file type group, an option or user id, `true`/`false`, or a number as typed. */
  value: string;
};

/** A "set property" action as edited. */
export type PropertyActionDraft = {
  propertyId: string;
  /** Text, URL, date, option or user id, `true`/`false`, a number or an amount as typed. */
  value: string;
  /** A monetary value's currency. */
  currency: string;
  /** A multi select's options. */
  optionIds: string[];
};

export type TaggingRuleFormValues = {
  name: string;
  description: string;
  enabled: boolean;
  conditionMatchMode: TaggingRuleMatchMode;
  conditions: ConditionDraft[];
  tagIds: string[];
  setProperties: PropertyActionDraft[];
};

export const EMPTY_TAGGING_RULE_FORM: TaggingRuleFormValues = {
  name: '',
  description: '',
  enabled: true,
  conditionMatchMode: 'all',
  conditions: [],
  tagIds: [],
  setProperties: [],
};

export type PropertyDefinitions = ReadonlyMap<string, PropertyDefinitionDto>;

/** The operators a condition offers, by its field (and, for a property, the property's type). */
export function operatorsOf(
  field: TaggingRuleConditionField,
  definition: Pick<PropertyDefinitionDto, 'type'> | undefined,
): readonly string[] {
  switch (field) {
    case 'name':
    case 'content':
      return TAGGING_RULE_OPERATORS;
    case 'documentDate':
      return TAGGING_RULE_DATE_OPERATORS;
    case 'fileType':
      return TAGGING_RULE_FILE_TYPE_OPERATORS;
    case 'property':
      return definition ? TAGGING_RULE_PROPERTY_OPERATORS_BY_TYPE[definition.type] : [];
  }
}

/** A fresh condition on `field` (and property): its first operator, and the value its input starts with. */
export function newConditionDraft(
  field: TaggingRuleConditionField,
  definition?: PropertyDefinitionDto,
): ConditionDraft {
  // Text conditions start with `contains`, what one means most often (spec §5); others with their first operator.
  const [first = ''] = operatorsOf(field, definition);
  const operator = field === 'name' || field === 'content' ? 'contains' : first;
  let value = '';
  if (field === 'fileType') value = 'pdf';
  else if (definition?.type === 'boolean') value = 'true';
  return { field, propertyId: field === 'property' ? (definition?.id ?? '') : '', operator, value };
}

export function newPropertyActionDraft(definition?: PropertyDefinitionDto): PropertyActionDraft {
  return {
    propertyId: definition?.id ?? '',
    value: definition?.type === 'boolean' ? 'true' : '',
    currency: definition?.currency ?? '',
    optionIds: [],
  };
}

const isFileTypeGroup = (value: string): value is FileTypeGroup =>
  (FILE_TYPE_GROUPS as readonly string[]).includes(value);

/** Types whose condition values are numbers (typed in the user's locale). */
const isNumericType = (type: PropertyType) => type === 'number' || type === 'monetary';

export function conditionToDraft(condition: TaggingRuleCondition, locale: string): ConditionDraft {
  const value = condition.value;
  return {
    field: condition.field,
    propertyId: condition.field === 'property' ? condition.propertyId : '',
    operator: condition.operator,
    value:
      typeof value === 'number' ? numberInputValue(value, locale) : value === undefined ? '' : String(value),
  };
}

/**
 * What is wrong with a condition as edited: the path under the condition and a translation key
 * (with its options), or null when it can be sent.
 */
export function conditionDraftIssue(
  draft: ConditionDraft,
  definitions: PropertyDefinitions,
  locale: string,
): { path: 'propertyId' | 'operator' | 'value'; key: string; options?: Record<string, unknown> } | null {
  const definition = draft.field === 'property' ? definitions.get(draft.propertyId) : undefined;
  if (draft.field === 'property') {
    if (draft.propertyId === '') return { path: 'propertyId', key: 'tagging-rules.form.property-required' };
    if (!definition) return { path: 'propertyId', key: 'tagging-rules.form.property-deleted' };
  }
  if (!operatorsOf(draft.field, definition).includes(draft.operator))
    return { path: 'operator', key: 'tagging-rules.form.operator-required' };
  if (isValuelessTaggingRuleOperator(draft.operator)) return null;
  const value = draft.value;
  switch (draft.field) {
    case 'name':
    case 'content':
      if (hasControlCharacters(value)) return { path: 'value', key: 'common.control-characters' };
      if (value === '') return { path: 'value', key: 'tagging-rules.form.value-required' };
      if (value.length > CONDITION_VALUE_MAX_LENGTH)
        return {
          path: 'value',
          key: 'tagging-rules.form.value-max',
          options: { max: CONDITION_VALUE_MAX_LENGTH },
        };
      return null;
    case 'documentDate':
      return isValidCalendarDate(value) ? null : { path: 'value', key: 'tagging-rules.form.date-invalid' };
    case 'fileType':
      return isFileTypeGroup(value) ? null : { path: 'value', key: 'tagging-rules.form.file-type-required' };
    case 'property':
      return propertyConditionValueIssue(definition!, value, locale);
  }
}

function propertyConditionValueIssue(definition: PropertyDefinitionDto, value: string, locale: string) {
  switch (definition.type) {
    case 'number':
    case 'monetary':
      return parseLocaleNumber(value, locale) === null
        ? { path: 'value' as const, key: 'tagging-rules.form.number-invalid' }
        : null;
    case 'date':
      return isValidCalendarDate(value)
        ? null
        : { path: 'value' as const, key: 'tagging-rules.form.date-invalid' };
    case 'select':
    case 'multi_select':
      return definition.options.some(({ id }) => id === value)
        ? null
        : { path: 'value' as const, key: 'tagging-rules.form.option-required' };
    case 'member':
      return value === '' ? { path: 'value' as const, key: 'tagging-rules.form.member-required' } : null;
    case 'boolean':
      return value === 'true' || value === 'false'
        ? null
        : { path: 'value' as const, key: 'tagging-rules.form.value-required' };
    case 'text':
    case 'url':
      if (hasControlCharacters(value)) return { path: 'value' as const, key: 'common.control-characters' };
      if (value === '') return { path: 'value' as const, key: 'tagging-rules.form.value-required' };
      return value.length > CONDITION_VALUE_MAX_LENGTH
        ? {
            path: 'value' as const,
            key: 'tagging-rules.form.value-max',
            options: { max: CONDITION_VALUE_MAX_LENGTH },
          }
        : null;
  }
}

/** The condition to send (the draft has passed `conditionDraftIssue`). */
export function draftToCondition(
  draft: ConditionDraft,
  definitions: PropertyDefinitions,
  locale: string,
): TaggingRuleCondition {
  const valueless = isValuelessTaggingRuleOperator(draft.operator);
  switch (draft.field) {
    case 'name':
    case 'content':
      return {
        field: draft.field,
        operator: draft.operator as (typeof TAGGING_RULE_OPERATORS)[number],
        value: draft.value,
      };
    case 'documentDate':
      return {
        field: 'documentDate',
        operator: draft.operator as (typeof TAGGING_RULE_DATE_OPERATORS)[number],
        ...(valueless ? {} : { value: draft.value }),
      };
    case 'fileType':
      return {
        field: 'fileType',
        operator: draft.operator as (typeof TAGGING_RULE_FILE_TYPE_OPERATORS)[number],
        value: draft.value as FileTypeGroup,
      };
    case 'property': {
      const type = definitions.get(draft.propertyId)?.type;
      let value: string | number | boolean = draft.value;
      if (type && isNumericType(type)) value = parseLocaleNumber(draft.value, locale) ?? Number.NaN;
      else if (type === 'boolean') value = draft.value === 'true';
      return {
        field: 'property',
        propertyId: draft.propertyId,
        operator: draft.operator as TaggingRuleConditionOperatorOfProperty,
        ...(valueless ? {} : { value }),
      };
    }
  }
}

type TaggingRuleConditionOperatorOfProperty = Extract<
  TaggingRuleCondition,
  { field: 'property' }
>['operator'];

export function propertyActionToDraft(
  action: TaggingRulePropertyAction,
  definition: PropertyDefinitionDto | undefined,
  locale: string,
): PropertyActionDraft {
  const draft = newPropertyActionDraft(definition);
  const { value } = action;
  if (Array.isArray(value)) return { ...draft, propertyId: action.propertyId, optionIds: value };
  if (typeof value === 'object')
    return {
      ...draft,
      propertyId: action.propertyId,
      value: numberInputValue(value.amount, locale),
      currency: value.currency,
    };
  return {
    ...draft,
    propertyId: action.propertyId,
    value: typeof value === 'number' ? numberInputValue(value, locale) : String(value),
  };
}

/** The translation key of the error a value input of this type shows (the document page's). */
const VALUE_ERROR_KEYS: Record<PropertyType, string> = {
  text: 'properties.document.errors.text',
  number: 'properties.document.errors.number',
  monetary: 'properties.document.errors.amount',
  date: 'properties.document.errors.date',
  boolean: 'properties.document.errors.required',
  select: 'properties.document.errors.option',
  multi_select: 'properties.document.errors.option',
  url: 'properties.document.errors.url',
  member: 'properties.document.errors.member',
};

/**
 * The value an action sets, checked by the property's own rule (`propertyValueSchemaFor`), or
 * where its error goes (`value` or `currency`) with the error's translation key.
 */
export function draftToPropertyValue(
  draft: PropertyActionDraft,
  definition: PropertyDefinitionDto,
  locale: string,
): { value: PropertyValue } | { path: 'value' | 'currency' | 'optionIds'; key: string } {
  let value: unknown = draft.value;
  switch (definition.type) {
    case 'number':
      value = parseLocaleNumber(draft.value, locale);
      break;
    case 'monetary': {
      const amount = parseLocaleNumber(draft.value, locale);
      if (amount === null) return { path: 'value', key: VALUE_ERROR_KEYS.monetary };
      if (!/^[A-Za-z]{3}$/.test(draft.currency.trim()))
        return { path: 'currency', key: 'properties.document.errors.currency' };
      value = { amount, currency: draft.currency.trim().toUpperCase() };
      break;
    }
    case 'boolean':
      value = draft.value === 'true' ? true : draft.value === 'false' ? false : null;
      break;
    case 'multi_select':
      value = draft.optionIds;
      break;
    case 'text':
    case 'url':
      value = draft.value.trim();
      break;
    default:
      break;
  }
  const parsed = propertyValueSchemaFor(definition).safeParse(value);
  if (parsed.success) return { value: parsed.data };
  return {
    path: definition.type === 'multi_select' ? 'optionIds' : 'value',
    key: VALUE_ERROR_KEYS[definition.type],
  };
}

/** The rules of `taggingRuleInputSchema` (spec §5), with translated messages, against the organization's properties. */
export function createTaggingRuleFormSchema(
  t: TFunction,
  {
    definitions: loaded,
    locale,
  }: {
    /** Null while the properties are not there (loading, or failed to load). */
    definitions: PropertyDefinitions | null;
    locale: string;
  },
) {
  const definitions: PropertyDefinitions = loaded ?? new Map();
  const notLoaded = t('tagging-rules.form.properties-load-error');
  return z
    .object({
      name: z
        .string()
        .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
        .trim()
        .min(1, t('tagging-rules.form.name-required'))
        .max(
          TAGGING_RULE_NAME_MAX_LENGTH,
          t('tagging-rules.form.name-max', { max: TAGGING_RULE_NAME_MAX_LENGTH }),
        ),
      description: z
        .string()
        .refine((value) => !hasControlCharacters(value, { multiline: true }), t('common.control-characters'))
        .trim()
        .max(
          TAGGING_RULE_DESCRIPTION_MAX_LENGTH,
          t('tagging-rules.form.description-max', { max: TAGGING_RULE_DESCRIPTION_MAX_LENGTH }),
        ),
      enabled: z.boolean(),
      conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES),
      conditions: z.array(
        z.custom<ConditionDraft>().superRefine((draft, context) => {
          if (draft.field === 'property' && loaded === null) {
            context.addIssue({ code: 'custom', path: ['propertyId'], message: notLoaded });
            return;
          }
          const issue = conditionDraftIssue(draft, definitions, locale);
          if (issue)
            context.addIssue({ code: 'custom', path: [issue.path], message: t(issue.key, issue.options) });
        }),
      ),
      tagIds: z.array(z.string()),
      setProperties: z.array(
        z.custom<PropertyActionDraft>().superRefine((draft, context) => {
          if (loaded === null) {
            context.addIssue({ code: 'custom', path: ['propertyId'], message: notLoaded });
            return;
          }
          const definition = definitions.get(draft.propertyId);
          if (!definition) {
            const key =
              draft.propertyId === ''
                ? 'tagging-rules.form.property-required'
                : 'tagging-rules.form.property-deleted';
            context.addIssue({ code: 'custom', path: ['propertyId'], message: t(key) });
            return;
          }
          const result = draftToPropertyValue(draft, definition, locale);
          if ('key' in result)
            context.addIssue({ code: 'custom', path: [result.path], message: t(result.key) });
        }),
      ),
    })
    .superRefine((values, context) => {
      if (values.tagIds.length === 0 && values.setProperties.length === 0)
        context.addIssue({
          code: 'custom',
          path: ['tagIds'],
          message: t('tagging-rules.form.actions-required'),
        });
      const seen = new Set<string>();
      values.setProperties.forEach(({ propertyId }, index) => {
        if (propertyId !== '' && seen.has(propertyId))
          context.addIssue({
            code: 'custom',
            path: ['setProperties', index, 'propertyId'],
            message: t('tagging-rules.form.property-action-duplicate'),
          });
        seen.add(propertyId);
      });
    });
}

/** The form values of an existing rule. */
export function taggingRuleToFormValues(
  rule: TaggingRuleDto,
  { definitions = new Map(), locale }: { definitions?: PropertyDefinitions; locale: string },
): TaggingRuleFormValues {
  return {
    name: rule.name,
    description: rule.description ?? '',
    enabled: rule.enabled,
    conditionMatchMode: rule.conditionMatchMode,
    conditions: rule.conditions.map((condition) => conditionToDraft(condition, locale)),
    tagIds: rule.actions.map((action) => action.tagId),
    setProperties: rule.setProperties.map((action) =>
      propertyActionToDraft(action, definitions.get(action.propertyId), locale),
    ),
  };
}

/**
 * The request body from the (validated) form values: trimmed name, a blank description sent as
 * null, `setProperties` only when the rule sets any (the body rules had before).
 */
export function formValuesToInput(
  values: TaggingRuleFormValues,
  { definitions, locale }: { definitions: PropertyDefinitions; locale: string },
): TaggingRuleInput {
  const description = values.description.trim();
  const setProperties = values.setProperties.flatMap((draft) => {
    const definition = definitions.get(draft.propertyId);
    const result = definition ? draftToPropertyValue(draft, definition, locale) : null;
    return result && 'value' in result ? [{ propertyId: draft.propertyId, value: result.value }] : [];
  });
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    enabled: values.enabled,
    conditionMatchMode: values.conditionMatchMode,
    conditions: values.conditions.map((draft) => draftToCondition(draft, definitions, locale)),
    tagIds: values.tagIds,
    ...(setProperties.length > 0 ? { setProperties } : {}),
  };
}

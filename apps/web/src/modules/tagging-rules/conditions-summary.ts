import type { PropertyDefinitionDto, PropertyValue } from '@sheaf/contracts/properties';
import type { TaggingRuleCondition, TaggingRuleMatchMode } from '@sheaf/contracts/tagging-rules';
import type { TFunction } from 'i18next';
import { type FormatPropertyValue, formatCalendarDate } from '../properties/format';

/** What describing property conditions needs: the organization's properties and a value formatter. */
export type PropertyDescriptions = {
  definitions: ReadonlyMap<string, PropertyDefinitionDto>;
  formatValue: FormatPropertyValue;
};

/** A condition's value as the property's values read (an option by its name, an amount in the locale). */
function formatConditionValue(
  definition: PropertyDefinitionDto,
  value: string | number | boolean,
  formatValue: FormatPropertyValue,
): string {
  const asValue: PropertyValue =
    definition.type === 'multi_select' && typeof value === 'string' ? [value] : value;
  return formatValue(definition, asValue);
}

function describeCondition(
  condition: TaggingRuleCondition,
  { t, language, properties }: { t: TFunction; language: string; properties: PropertyDescriptions },
): string {
  switch (condition.field) {
    case 'name':
    case 'content':
      return t(`tagging-rules.summary.operators.${condition.operator}`, {
        field: t(`tagging-rules.summary.fields.${condition.field}`),
        value: condition.value,
      });
    case 'documentDate':
      return t(`tagging-rules.summary.date-operators.${condition.operator}`, {
        field: t('tagging-rules.summary.fields.documentDate'),
        value: condition.value ? formatCalendarDate(condition.value, language) : '',
      });
    case 'fileType':
      return t(`tagging-rules.summary.file-type-operators.${condition.operator}`, {
        field: t('tagging-rules.summary.fields.fileType'),
        value: t(`tagging-rules.form.file-types.${condition.value}`),
      });
    case 'property': {
      const definition = properties.definitions.get(condition.propertyId);
      if (!definition) return t('tagging-rules.summary.deleted-property');
      const key =
        definition.type === 'date' &&
        (condition.operator === 'greater_than' || condition.operator === 'less_than')
          ? `date_${condition.operator}`
          : condition.operator;
      return t(`tagging-rules.summary.property-operators.${key}`, {
        field: definition.name,
        value:
          condition.value === undefined
            ? ''
            : formatConditionValue(definition, condition.value, properties.formatValue),
      });
    }
  }
}

/**
 * A rule's conditions in words, in the user's language: "When the name contains “invoice” and the
 * file type is PDF and Status is Paid". With no conditions, the rule applies to every document.
 */
export function describeConditions({
  conditions,
  conditionMatchMode,
  t,
  language,
  properties = { definitions: new Map(), formatValue: (_, value) => String(value) },
}: {
  conditions: readonly TaggingRuleCondition[];
  conditionMatchMode: TaggingRuleMatchMode;
  t: TFunction;
  language: string;
  properties?: PropertyDescriptions;
}): string {
  if (conditions.length === 0) {
    return t('tagging-rules.summary.all-documents');
  }
  const phrases = conditions.map((condition) => describeCondition(condition, { t, language, properties }));
  return t('tagging-rules.summary.when', { conditions: formatList(phrases, conditionMatchMode, language) });
}

function formatList(items: string[], conditionMatchMode: TaggingRuleMatchMode, language: string): string {
  const type = conditionMatchMode === 'any' ? 'disjunction' : 'conjunction';
  try {
    return new Intl.ListFormat(language, { style: 'long', type }).format(items);
  } catch {
    return new Intl.ListFormat('en', { style: 'long', type }).format(items);
  }
}

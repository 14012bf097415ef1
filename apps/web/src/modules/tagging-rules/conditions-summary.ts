import type { TaggingRuleCondition, TaggingRuleMatchMode } from '@sheaf/contracts/tagging-rules';
import type { TFunction } from 'i18next';

/**
 * A rule's conditions in words, in the user's language: "When the name contains “invoice” and the content
 * contains “total”". With no conditions, the rule applies to every document.
 */
export function describeConditions({
  conditions,
  conditionMatchMode,
  t,
  language,
}: {
  conditions: readonly TaggingRuleCondition[];
  conditionMatchMode: TaggingRuleMatchMode;
  t: TFunction;
  language: string;
}): string {
  if (conditions.length === 0) {
    return t('tagging-rules.summary.all-documents');
  }
  const phrases = conditions.map((condition) =>
    t(`tagging-rules.summary.operators.${condition.operator}`, {
      field: t(`tagging-rules.summary.fields.${condition.field}`),
      value: condition.value,
    }),
  );
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

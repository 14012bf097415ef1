import type {
  TaggingRuleCondition,
  TaggingRuleDto,
  TaggingRuleMatchMode,
  TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import type { TaggingRuleRunsTable, TaggingRulesTable } from '../../db/database.types';

/** What a rule looks at in a document. */
export type RuleDocument = { name: string; content: string };

export type RuleAction = TaggingRuleDto['actions'][number];

/** Whether one condition holds for the document, comparing without regard to case. */
export function conditionMatches(condition: TaggingRuleCondition, document: RuleDocument): boolean {
  const subject = document[condition.field].toLowerCase();
  const value = condition.value.toLowerCase();
  switch (condition.operator) {
    case 'equal':
      return subject === value;
    case 'not_equal':
      return subject !== value;
    case 'contains':
      return subject.includes(value);
    case 'not_contains':
      return !subject.includes(value);
    case 'starts_with':
      return subject.startsWith(value);
    case 'ends_with':
      return subject.endsWith(value);
  }
}

/**
 * Whether a rule applies to the document: `all` needs every condition to hold, `any` at least
 * one. A rule without conditions applies to every document (the form asks to confirm that).
 */
export function ruleMatches(
  { conditions, matchMode }: { conditions: TaggingRuleCondition[]; matchMode: TaggingRuleMatchMode },
  document: RuleDocument,
): boolean {
  if (conditions.length === 0) return true;
  return matchMode === 'any'
    ? conditions.some((condition) => conditionMatches(condition, document))
    : conditions.every((condition) => conditionMatches(condition, document));
}

export function parseConditions(json: string): TaggingRuleCondition[] {
  return JSON.parse(json) as TaggingRuleCondition[];
}

export function toTaggingRuleRunDto(row: TaggingRuleRunsTable): TaggingRuleRunDto {
  return {
    id: row.id,
    taggingRuleId: row.tagging_rule_id,
    status: row.status,
    processedDocumentsCount: Number(row.processed_documents_count),
    taggedDocumentsCount: Number(row.tagged_documents_count),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export function toTaggingRuleDto(
  row: TaggingRulesTable,
  actions: RuleAction[],
  latestRun: TaggingRuleRunsTable | undefined,
): TaggingRuleDto {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    conditions: parseConditions(row.conditions),
    actions,
    enabled: Number(row.enabled) === 1,
    matchMode: row.match_mode,
    latestRun: latestRun ? toTaggingRuleRunDto(latestRun) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

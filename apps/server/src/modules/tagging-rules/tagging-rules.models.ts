import type { PropertyOptionDto, PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import type {
  TaggingRuleCondition,
  TaggingRuleDto,
  TaggingRulePropertyAction,
  TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import type { TaggingRuleRunsTable, TaggingRulesTable } from '../../db/database.types';

export {
  conditionMatches,
  propertyValuesSetByRules,
  type RuleDocument,
  ruleMatches,
} from '@sheaf/contracts/tagging-rules';

export type RuleAction = TaggingRuleDto['actions'][number];

/** What the rules need of a property definition: its type and options (conditions' and actions' values). */
export type RulePropertyDefinition = { type: PropertyType; options: PropertyOptionDto[] };

export function parseConditions(json: string): TaggingRuleCondition[] {
  return JSON.parse(json) as TaggingRuleCondition[];
}

/** A stored action's value (JSON of a PropertyValue, written by the rule's creation or update). */
export function parsePropertyActionValue(json: string): PropertyValue {
  return JSON.parse(json) as PropertyValue;
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
  {
    actions,
    setProperties,
    latestRun,
  }: {
    actions: RuleAction[];
    setProperties: TaggingRulePropertyAction[];
    latestRun: TaggingRuleRunsTable | undefined;
  },
): TaggingRuleDto {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    conditions: parseConditions(row.conditions),
    actions,
    setProperties,
    enabled: Number(row.enabled) === 1,
    conditionMatchMode: row.match_mode,
    latestRun: latestRun ? toTaggingRuleRunDto(latestRun) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

import { z } from 'zod';
import { TAGGING_RULE_DESCRIPTION_MAX_LENGTH, TAGGING_RULE_NAME_MAX_LENGTH } from './limits';
import { multiLineString, singleLineString } from './text';

export const TAGGING_RULE_CONDITION_FIELDS = ['name', 'content'] as const;
export type TaggingRuleConditionField = (typeof TAGGING_RULE_CONDITION_FIELDS)[number];

export const TAGGING_RULE_OPERATORS = [
  'equal',
  'not_equal',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
] as const;
export type TaggingRuleOperator = (typeof TAGGING_RULE_OPERATORS)[number];

/** Beyond the spec: whether every condition must match, or any one of them. */
export const TAGGING_RULE_MATCH_MODES = ['all', 'any'] as const;
export type TaggingRuleMatchMode = (typeof TAGGING_RULE_MATCH_MODES)[number];

export const taggingRuleConditionSchema = z.strictObject({
  field: z.enum(TAGGING_RULE_CONDITION_FIELDS),
  operator: z.enum(TAGGING_RULE_OPERATORS),
  value: singleLineString().min(1, { message: 'The value is required' }).max(1024),
});

export type TaggingRuleCondition = z.infer<typeof taggingRuleConditionSchema>;

/** A new condition in the form (spec §5): field name, operator contains, empty value. */
export const NEW_TAGGING_RULE_CONDITION = { field: 'name', operator: 'contains', value: '' } as const;

/** POST /tagging-rules and PUT /tagging-rules/{taggingRuleId}. */
export const taggingRuleInputSchema = z.strictObject({
  name: singleLineString()
    .trim()
    .min(1, { message: 'The name is required' })
    .max(TAGGING_RULE_NAME_MAX_LENGTH, {
      message: `The name must be fewer than ${TAGGING_RULE_NAME_MAX_LENGTH} characters`,
    }),
  description: multiLineString()
    .trim()
    .max(TAGGING_RULE_DESCRIPTION_MAX_LENGTH, {
      message: `The description must be fewer than ${TAGGING_RULE_DESCRIPTION_MAX_LENGTH} characters`,
    })
    .nullish()
    .transform((value) => (value ? value : null)),
  conditions: z.array(taggingRuleConditionSchema).max(50).default([]),
  tagIds: z
    .array(z.string().min(1).max(64))
    .min(1, { message: 'Select at least one tag' })
    .max(50)
    .transform((ids) => [...new Set(ids)]),
  enabled: z.boolean().default(true),
  conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES).default('all'),
});

export type TaggingRuleInput = z.input<typeof taggingRuleInputSchema>;

export type TaggingRuleDto = {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  conditions: TaggingRuleCondition[];
  /** The tags the rule attaches (spec: actions, by tagId), with their names and colours. */
  actions: { tagId: string; tag: { id: string; name: string; color: string } }[];
  enabled: boolean;
  conditionMatchMode: TaggingRuleMatchMode;
  /** The newest run of the rule over existing documents, or null when it never ran. */
  latestRun: TaggingRuleRunDto | null;
  createdAt: string;
  updatedAt: string;
};

/** Beyond the spec: the states of a run of a rule over the organization's existing documents. */
export const TAGGING_RULE_RUN_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type TaggingRuleRunStatus = (typeof TAGGING_RULE_RUN_STATUSES)[number];

/** A run is over once it has succeeded or failed; until then clients poll it. */
export const isTaggingRuleRunFinished = ({ status }: { status: TaggingRuleRunStatus }) =>
  status === 'succeeded' || status === 'failed';

/**
 * POST /tagging-rules/{taggingRuleId}/apply starts one (202), GET …/runs/{runId} reads it.
 * `taggedDocumentsCount`: documents that got at least one new tag.
 */
export type TaggingRuleRunDto = {
  id: string;
  taggingRuleId: string;
  status: TaggingRuleRunStatus;
  processedDocumentsCount: number;
  taggedDocumentsCount: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** What a rule looks at in a document. */
export type RuleDocument = { name: string; content: string };

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
 * one. A rule without conditions applies to every document (the form asks to confirm that). The
 * server and the in-browser demo both tag with this.
 */
export function ruleMatches(
  {
    conditions,
    conditionMatchMode,
  }: { conditions: TaggingRuleCondition[]; conditionMatchMode: TaggingRuleMatchMode },
  document: RuleDocument,
): boolean {
  if (conditions.length === 0) return true;
  return conditionMatchMode === 'any'
    ? conditions.some((condition) => conditionMatches(condition, document))
    : conditions.every((condition) => conditionMatches(condition, document));
}

/** This domain's endpoints (see endpoint.ts). */
export const taggingRulesEndpoints = {};

import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { TAGGING_RULE_DESCRIPTION_MAX_LENGTH, TAGGING_RULE_NAME_MAX_LENGTH } from './limits';
import { idReferenceSchema, multiLineString, singleLineString } from './text';

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
    .array(idReferenceSchema)
    .min(1, { message: 'Select at least one tag' })
    .max(50)
    .transform((ids) => [...new Set(ids)]),
  enabled: z.boolean().default(true),
  conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES).default('all'),
});

export type TaggingRuleInput = z.input<typeof taggingRuleInputSchema>;

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
export const taggingRuleRunSchema = z.strictObject({
  id: z.string(),
  taggingRuleId: z.string(),
  status: z.enum(TAGGING_RULE_RUN_STATUSES),
  processedDocumentsCount: z.number().int().nonnegative(),
  taggedDocumentsCount: z.number().int().nonnegative(),
  createdAt: isoDateTime(),
  startedAt: isoDateTime().nullable(),
  finishedAt: isoDateTime().nullable(),
});

export type TaggingRuleRunDto = z.infer<typeof taggingRuleRunSchema>;

/** A rule as answered by GET/POST/PUT /tagging-rules. */
export const taggingRuleSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  conditions: z.array(
    z.strictObject({
      field: z.enum(TAGGING_RULE_CONDITION_FIELDS),
      operator: z.enum(TAGGING_RULE_OPERATORS),
      value: z.string(),
    }),
  ),
  /** The tags the rule attaches (spec: actions, by tagId), with their names and colours. */
  actions: z.array(
    z.strictObject({
      tagId: z.string(),
      tag: z.strictObject({ id: z.string(), name: z.string(), color: z.string() }),
    }),
  ),
  enabled: z.boolean(),
  conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES),
  /** The newest run of the rule over existing documents, or null when it never ran. */
  latestRun: taggingRuleRunSchema.nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type TaggingRuleDto = z.infer<typeof taggingRuleSchema>;

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

const RULES = '/api/organizations/:organizationId/tagging-rules';
const TAG = 'Tagging rules';
const SESSION_ONLY = 'Signed-in members only: API keys get 403.';
const RULE_FIELDS = `The name is trimmed, 1–${TAGGING_RULE_NAME_MAX_LENGTH} characters; the description at most ${TAGGING_RULE_DESCRIPTION_MAX_LENGTH}, or null. Each condition is \`{ field, operator, value }\`: \`field\` \`name\` or \`content\`, \`operator\` one of ${TAGGING_RULE_OPERATORS.map((operator) => `\`${operator}\``).join(', ')}, \`value\` at least one character, compared without regard to case; at most 50 conditions, and a rule without conditions applies to every document. \`tagIds\`: at least one (400), each a tag of the organization (404 \`tags.not_found\`). \`enabled\` is true by default; \`conditionMatchMode\` \`all\` (the default: every condition must hold) or \`any\` (at least one).`;
const exampleRun = {
  id: 'trr_0123456789abcdefghijklmn',
  taggingRuleId: 'tr_0123456789abcdefghijklmn',
  status: 'pending',
  processedDocumentsCount: 0,
  taggedDocumentsCount: 0,
  createdAt: '2026-01-31T09:15:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const exampleInput = {
  name: 'Invoices',
  description: null,
  conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
  tagIds: ['tag_0123456789abcdefghijklmn'],
  enabled: true,
  conditionMatchMode: 'all',
};
const exampleRule = {
  id: 'tr_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Invoices',
  description: null,
  conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
  actions: [
    {
      tagId: 'tag_0123456789abcdefghijklmn',
      tag: { id: 'tag_0123456789abcdefghijklmn', name: 'Invoices', color: '#d8ff75' },
    },
  ],
  enabled: true,
  conditionMatchMode: 'all',
  latestRun: null,
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};

/** Tagging rules are managed by signed-in members only (design §3). */
export const taggingRulesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: RULES,
    tag: TAG,
    summary: "The organization's tagging rules",
    description: `Oldest first. \`latestRun\` is the rule's newest run over existing documents (see POST …/apply), or null when it never ran. ${SESSION_ONLY}`,
    auth: 'session',
    answers: { 200: z.strictObject({ taggingRules: z.array(taggingRuleSchema) }) },
    example: { answer: { taggingRules: [exampleRule] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: RULES,
    tag: TAG,
    summary: 'Create a tagging rule',
    description: `${RULE_FIELDS} An enabled rule runs by itself on each document whose text has been extracted; POST …/apply runs it over the existing documents. ${SESSION_ONLY}`,
    auth: 'session',
    body: taggingRuleInputSchema,
    answers: { 201: z.strictObject({ taggingRule: taggingRuleSchema }) },
    errors: { 404: ['tags.not_found'] },
    example: { body: exampleInput, answer: { taggingRule: exampleRule } },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${RULES}/:taggingRuleId`,
    tag: TAG,
    summary: 'A tagging rule',
    description: SESSION_ONLY,
    auth: 'session',
    answers: { 200: z.strictObject({ taggingRule: taggingRuleSchema }) },
    errors: { 404: ['tagging_rules.not_found'] },
    example: { answer: { taggingRule: exampleRule } },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${RULES}/:taggingRuleId`,
    tag: TAG,
    summary: 'Replace a tagging rule',
    description: `The whole rule, with the body of the creation. ${RULE_FIELDS} ${SESSION_ONLY}`,
    auth: 'session',
    body: taggingRuleInputSchema,
    answers: { 200: z.strictObject({ taggingRule: taggingRuleSchema }) },
    errors: { 404: ['tagging_rules.not_found', 'tags.not_found'] },
    example: { body: exampleInput, answer: { taggingRule: exampleRule } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${RULES}/:taggingRuleId`,
    tag: TAG,
    summary: 'Delete a tagging rule',
    description: `The tags stay, and so do those it attached to documents. ${SESSION_ONLY}`,
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['tagging_rules.not_found'] },
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: `${RULES}/:taggingRuleId/apply`,
    tag: TAG,
    summary: 'Apply a rule to the existing documents',
    description: `Starts a run over the organization's documents outside the trash, as a background job, enabled rule or not (it is asked for explicitly); while a run of the rule is \`pending\` or \`running\`, that run is answered instead of a second one. Poll it with GET …/runs/{runId}. The job goes through the documents in batches of 100, attaching the rule's tags where it matches, with \`tagged\` activity entries by no user; each batch and the run's counts commit together, so a run taken over after a crash resumes where it stopped. A run that fails its third try is \`failed\`. ${SESSION_ONLY}`,
    auth: 'session',
    answers: { 202: z.strictObject({ taggingRuleRun: taggingRuleRunSchema }) },
    errors: { 404: ['tagging_rules.not_found'] },
    example: { answer: { taggingRuleRun: exampleRun } },
  }),
  getRun: defineEndpoint({
    method: 'GET',
    path: `${RULES}/:taggingRuleId/runs/:runId`,
    tag: TAG,
    summary: 'A run of a rule over the existing documents',
    description: `\`status\` is \`pending\`, \`running\`, \`succeeded\` or \`failed\`. \`taggedDocumentsCount\` counts the documents that got at least one new tag (applying the rule again tags 0). A rule keeps its ten newest runs: older finished ones are deleted when a new run starts (404 \`tagging_rule_runs.not_found\`). ${SESSION_ONLY}`,
    auth: 'session',
    answers: { 200: z.strictObject({ taggingRuleRun: taggingRuleRunSchema }) },
    errors: { 404: ['tagging_rules.not_found', 'tagging_rule_runs.not_found'] },
    example: { answer: { taggingRuleRun: { ...exampleRun, status: 'succeeded' } } },
  }),
};

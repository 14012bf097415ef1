import { z } from 'zod';
import { isValidCalendarDate } from './document-dates';
import { FILE_TYPE_GROUPS, fileTypeGroupOf } from './document-filters';
import { defineEndpoint, isoDateTime } from './endpoint';
import {
  PROPERTIES_PER_ORGANIZATION_LIMIT,
  TAGGING_RULE_DESCRIPTION_MAX_LENGTH,
  TAGGING_RULE_NAME_MAX_LENGTH,
} from './limits';
import {
  type PropertyDefinitionDto,
  type PropertyType,
  type PropertyValue,
  propertyValueSchema,
} from './properties';
import { idReferenceSchema, multiLineString, singleLineString } from './text';

/** What a condition looks at: the name or text (as before), the document date, the file type or a custom property. */
export const TAGGING_RULE_CONDITION_FIELDS = [
  'name',
  'content',
  'documentDate',
  'fileType',
  'property',
] as const;
export type TaggingRuleConditionField = (typeof TAGGING_RULE_CONDITION_FIELDS)[number];

/** The fields compared as text (the first conditions rules had). */
export const TAGGING_RULE_TEXT_FIELDS = ['name', 'content'] as const;
export type TaggingRuleTextField = (typeof TAGGING_RULE_TEXT_FIELDS)[number];

/** The operators of a name or content condition (text compared without regard to case). */
export const TAGGING_RULE_OPERATORS = [
  'equal',
  'not_equal',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
] as const;
export type TaggingRuleOperator = (typeof TAGGING_RULE_OPERATORS)[number];

/** The operators of a document date condition: `on`, `before` and `after` a `YYYY-MM-DD` day, or whether there is one. */
export const TAGGING_RULE_DATE_OPERATORS = ['on', 'before', 'after', 'is_set', 'is_empty'] as const;
export type TaggingRuleDateOperator = (typeof TAGGING_RULE_DATE_OPERATORS)[number];

/** The operators of a file type condition (a group of FILE_TYPE_GROUPS). */
export const TAGGING_RULE_FILE_TYPE_OPERATORS = ['equal', 'not_equal'] as const;
export type TaggingRuleFileTypeOperator = (typeof TAGGING_RULE_FILE_TYPE_OPERATORS)[number];

/** Every operator of a property condition; which ones a property takes depends on its type. */
export const TAGGING_RULE_PROPERTY_OPERATORS = [
  'equal',
  'not_equal',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'is_set',
  'is_empty',
] as const;
export type TaggingRulePropertyOperator = (typeof TAGGING_RULE_PROPERTY_OPERATORS)[number];

/** The operators of a property condition by the property's type (a date's greater/less than read after/before). */
export const TAGGING_RULE_PROPERTY_OPERATORS_BY_TYPE: Record<
  PropertyType,
  readonly TaggingRulePropertyOperator[]
> = {
  text: ['equal', 'not_equal', 'contains', 'not_contains', 'is_set', 'is_empty'],
  url: ['equal', 'not_equal', 'contains', 'not_contains', 'is_set', 'is_empty'],
  number: ['equal', 'not_equal', 'greater_than', 'less_than', 'is_set', 'is_empty'],
  monetary: ['equal', 'not_equal', 'greater_than', 'less_than', 'is_set', 'is_empty'],
  date: ['equal', 'not_equal', 'greater_than', 'less_than', 'is_set', 'is_empty'],
  boolean: ['equal', 'is_set', 'is_empty'],
  select: ['equal', 'not_equal', 'is_set', 'is_empty'],
  multi_select: ['contains', 'not_contains', 'is_set', 'is_empty'],
  member: ['equal', 'not_equal', 'is_set', 'is_empty'],
};

/** Operators that test whether there is a value, and so take none. */
export const isValuelessTaggingRuleOperator = (operator: string) =>
  operator === 'is_set' || operator === 'is_empty';

/** Beyond the spec: whether every condition must match, or any one of them. */
export const TAGGING_RULE_MATCH_MODES = ['all', 'any'] as const;
export type TaggingRuleMatchMode = (typeof TAGGING_RULE_MATCH_MODES)[number];

const CONDITION_VALUE_MAX_LENGTH = 1024;
const conditionTextValue = () =>
  singleLineString().min(1, { message: 'The value is required' }).max(CONDITION_VALUE_MAX_LENGTH);
const calendarDateValue = z
  .string()
  .refine(isValidCalendarDate, { message: 'The date must be a calendar date such as 2026-11-24' });

/** A value is given exactly when the operator needs one (`is_set` and `is_empty` take none). */
function requireValueByOperator(
  condition: { operator: string; value?: unknown },
  context: z.core.$RefinementCtx<unknown>,
) {
  const valueless = isValuelessTaggingRuleOperator(condition.operator);
  if (valueless && condition.value !== undefined)
    context.addIssue({ code: 'custom', path: ['value'], message: 'This operator takes no value' });
  if (!valueless && condition.value === undefined)
    context.addIssue({ code: 'custom', path: ['value'], message: 'The value is required' });
}

/** `{ field: 'name' | 'content', operator, value }`: the text compared without regard to case. */
export const taggingRuleTextConditionSchema = z.strictObject({
  field: z.enum(TAGGING_RULE_TEXT_FIELDS),
  operator: z.enum(TAGGING_RULE_OPERATORS),
  value: conditionTextValue(),
});

/** `{ field: 'documentDate', operator, value? }`: value `YYYY-MM-DD`, none for is_set/is_empty. */
export const taggingRuleDateConditionSchema = z
  .strictObject({
    field: z.literal('documentDate'),
    operator: z.enum(TAGGING_RULE_DATE_OPERATORS),
    value: calendarDateValue.optional(),
  })
  .superRefine(requireValueByOperator);

/** `{ field: 'fileType', operator, value }`: value a file type group. */
export const taggingRuleFileTypeConditionSchema = z.strictObject({
  field: z.literal('fileType'),
  operator: z.enum(TAGGING_RULE_FILE_TYPE_OPERATORS),
  value: z.enum(FILE_TYPE_GROUPS),
});

/**
 * `{ field: 'property', propertyId, operator, value? }`: whether the operator and the value fit the
 * property's type is checked against its definition (`propertyConditionIssues`).
 */
export const taggingRulePropertyConditionSchema = z
  .strictObject({
    field: z.literal('property'),
    propertyId: idReferenceSchema,
    operator: z.enum(TAGGING_RULE_PROPERTY_OPERATORS),
    value: z.union([conditionTextValue(), z.number().finite(), z.boolean()]).optional(),
  })
  .superRefine(requireValueByOperator);

export const taggingRuleConditionSchema = z.discriminatedUnion('field', [
  taggingRuleTextConditionSchema,
  taggingRuleDateConditionSchema,
  taggingRuleFileTypeConditionSchema,
  taggingRulePropertyConditionSchema,
]);

export type TaggingRuleCondition = z.infer<typeof taggingRuleConditionSchema>;
export type TaggingRuleTextCondition = z.infer<typeof taggingRuleTextConditionSchema>;
export type TaggingRuleDateCondition = z.infer<typeof taggingRuleDateConditionSchema>;
export type TaggingRuleFileTypeCondition = z.infer<typeof taggingRuleFileTypeConditionSchema>;
export type TaggingRulePropertyCondition = z.infer<typeof taggingRulePropertyConditionSchema>;

/** A new condition in the form (spec §5): field name, operator contains, empty value. */
export const NEW_TAGGING_RULE_CONDITION = { field: 'name', operator: 'contains', value: '' } as const;

/** What a property condition's value must be, by the property's definition (for the operators that take one). */
export function propertyConditionValueSchemaFor(
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'>,
): z.ZodType<string | number | boolean> {
  const optionIds = new Set(definition.options.map((option) => option.id));
  switch (definition.type) {
    case 'text':
    case 'url':
      return conditionTextValue();
    case 'number':
    case 'monetary':
      return z.number({ message: 'The value must be a number' }).finite();
    case 'date':
      return calendarDateValue;
    case 'boolean':
      return z.boolean({ message: 'The value must be true or false' });
    case 'select':
    case 'multi_select':
      return z.string().refine((id) => optionIds.has(id), { message: 'This option does not exist' });
    case 'member':
      return z.string({ message: 'The value must be a user id' }).min(1).max(64);
  }
}

/** An issue of a condition or action against the organization's properties, its path relative to it. */
export type TaggingRulePropertyIssue = { path: 'propertyId' | 'operator' | 'value'; message: string };

/**
 * What is wrong with a property condition given its property's definition (undefined when the
 * organization has no such property): the operator must fit the type, the value the type and options.
 */
export function propertyConditionIssues(
  condition: Pick<TaggingRulePropertyCondition, 'operator' | 'value'>,
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'> | undefined,
): TaggingRulePropertyIssue[] {
  if (!definition) return [{ path: 'propertyId', message: 'This property does not exist' }];
  if (!TAGGING_RULE_PROPERTY_OPERATORS_BY_TYPE[definition.type].includes(condition.operator))
    return [{ path: 'operator', message: `This operator does not apply to a ${definition.type} property` }];
  if (isValuelessTaggingRuleOperator(condition.operator)) return [];
  const parsed = propertyConditionValueSchemaFor(definition).safeParse(condition.value);
  return parsed.success
    ? []
    : [{ path: 'value', message: parsed.error.issues[0]?.message ?? 'Invalid value' }];
}

/** `setProperties`: at most one action per property, each value checked against its definition by the server. */
export const taggingRulePropertyActionSchema = z.strictObject({
  propertyId: idReferenceSchema,
  value: propertyValueSchema,
});
export type TaggingRulePropertyAction = z.infer<typeof taggingRulePropertyActionSchema>;

/** POST /tagging-rules and PUT /tagging-rules/{taggingRuleId}. */
export const taggingRuleInputSchema = z
  .strictObject({
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
    /** The tags to attach; may be empty when the rule sets at least one property. */
    tagIds: z
      .array(idReferenceSchema)
      .max(50)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** Properties to set when the rule matches, each to a value. */
    setProperties: z
      .array(taggingRulePropertyActionSchema)
      .max(PROPERTIES_PER_ORGANIZATION_LIMIT)
      .default([])
      .refine((actions) => new Set(actions.map(({ propertyId }) => propertyId)).size === actions.length, {
        message: 'A property is set by one action only',
      }),
    enabled: z.boolean().default(true),
    conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES).default('all'),
  })
  .refine((rule) => rule.tagIds.length > 0 || rule.setProperties.length > 0, {
    message: 'Select at least one tag or set a property',
    path: ['tagIds'],
  });

export type TaggingRuleInput = z.input<typeof taggingRuleInputSchema>;
export type TaggingRuleParsedInput = z.output<typeof taggingRuleInputSchema>;

/** Beyond the spec: the states of a run of a rule over the organization's existing documents. */
export const TAGGING_RULE_RUN_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type TaggingRuleRunStatus = (typeof TAGGING_RULE_RUN_STATUSES)[number];

/** A run is over once it has succeeded or failed; until then clients poll it. */
export const isTaggingRuleRunFinished = ({ status }: { status: TaggingRuleRunStatus }) =>
  status === 'succeeded' || status === 'failed';

/**
 * POST /tagging-rules/{taggingRuleId}/apply starts one (202), GET …/runs/{runId} reads it.
 * `taggedDocumentsCount`: documents the run changed (at least one new tag, or a property value written).
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
  /** As given (see the body); a property condition whose property was deleted since never holds. */
  conditions: z.array(
    z.union([
      z.strictObject({
        field: z.enum(TAGGING_RULE_TEXT_FIELDS),
        operator: z.enum(TAGGING_RULE_OPERATORS),
        value: z.string(),
      }),
      z.strictObject({
        field: z.literal('documentDate'),
        operator: z.enum(TAGGING_RULE_DATE_OPERATORS),
        value: z.string().optional(),
      }),
      z.strictObject({
        field: z.literal('fileType'),
        operator: z.enum(TAGGING_RULE_FILE_TYPE_OPERATORS),
        value: z.enum(FILE_TYPE_GROUPS),
      }),
      z.strictObject({
        field: z.literal('property'),
        propertyId: z.string(),
        operator: z.enum(TAGGING_RULE_PROPERTY_OPERATORS),
        value: z.union([z.string(), z.number(), z.boolean()]).optional(),
      }),
    ]),
  ),
  /** The tags the rule attaches (spec: actions, by tagId), with their names and colours. */
  actions: z.array(
    z.strictObject({
      tagId: z.string(),
      tag: z.strictObject({ id: z.string(), name: z.string(), color: z.string() }),
    }),
  ),
  /** The properties the rule sets, in the order given; an action goes with its property when that is deleted. */
  setProperties: z.array(z.strictObject({ propertyId: z.string(), value: propertyValueSchema })),
  enabled: z.boolean(),
  conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES),
  /** The newest run of the rule over existing documents, or null when it never ran. */
  latestRun: taggingRuleRunSchema.nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type TaggingRuleDto = z.infer<typeof taggingRuleSchema>;

/** What a rule looks at in a document. */
export type RuleDocument = {
  name: string;
  content: string;
  /** `YYYY-MM-DD`, or null when the document has none. */
  documentDate: string | null;
  mimeType: string;
  /** The document's property values by property id; a property it has no value for has no entry. */
  propertyValues: Readonly<Record<string, PropertyValue>>;
};

/** What the matcher knows of the organization beyond the document. */
export type RuleMatchContext = {
  /**
   * The organization's properties: a condition on a property not among them (deleted since) never
   * holds, whatever its operator. Left out, every property counts as existing.
   */
  propertyIds?: ReadonlySet<string>;
};

function textConditionMatches(condition: TaggingRuleTextCondition, document: RuleDocument): boolean {
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

function dateConditionMatches(condition: TaggingRuleDateCondition, documentDate: string | null): boolean {
  if (condition.operator === 'is_set') return documentDate !== null;
  if (condition.operator === 'is_empty') return documentDate === null;
  if (documentDate === null || condition.value === undefined) return false;
  // `YYYY-MM-DD` strings compare as the days they are.
  switch (condition.operator) {
    case 'on':
      return documentDate === condition.value;
    case 'before':
      return documentDate < condition.value;
    case 'after':
      return documentDate > condition.value;
  }
}

/** Strings ignoring case (text; ids and dates compare the same either way), anything else strictly. */
const isSameScalar = (a: string | number | boolean, b: string | number | boolean) =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** `a` against `b` when both are numbers or both strings (dates), else null. */
function compareScalars(a: string | number | boolean, b: string | number | boolean): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/**
 * A property condition on the document's value (undefined: none). Monetary values compare by
 * amount; text ignoring case; a multi select `contains` an option id. A document without a value
 * holds `is_empty`, `not_equal` and `not_contains` only.
 */
function propertyConditionMatches(
  condition: TaggingRulePropertyCondition,
  value: PropertyValue | undefined,
): boolean {
  if (condition.operator === 'is_set') return value !== undefined;
  if (condition.operator === 'is_empty') return value === undefined;
  if (value === undefined) return condition.operator === 'not_equal' || condition.operator === 'not_contains';
  const expected = condition.value;
  if (expected === undefined) return false;
  const contains = () =>
    Array.isArray(value)
      ? value.includes(String(expected))
      : typeof value === 'string' && value.toLowerCase().includes(String(expected).toLowerCase());
  const scalar = Array.isArray(value) ? null : typeof value === 'object' ? value.amount : value;
  switch (condition.operator) {
    case 'equal':
      return scalar === null ? contains() : isSameScalar(scalar, expected);
    case 'not_equal':
      return scalar === null ? !contains() : !isSameScalar(scalar, expected);
    case 'contains':
      return contains();
    case 'not_contains':
      return !contains();
    case 'greater_than': {
      const order = scalar === null ? null : compareScalars(scalar, expected);
      return order !== null && order > 0;
    }
    case 'less_than': {
      const order = scalar === null ? null : compareScalars(scalar, expected);
      return order !== null && order < 0;
    }
  }
}

/** Whether one condition holds for the document (name and content compared without regard to case). */
export function conditionMatches(
  condition: TaggingRuleCondition,
  document: RuleDocument,
  { propertyIds }: RuleMatchContext = {},
): boolean {
  switch (condition.field) {
    case 'name':
    case 'content':
      return textConditionMatches(condition, document);
    case 'documentDate':
      return dateConditionMatches(condition, document.documentDate);
    case 'fileType': {
      const isInGroup = fileTypeGroupOf(document.mimeType) === condition.value;
      return condition.operator === 'equal' ? isInGroup : !isInGroup;
    }
    case 'property':
      if (propertyIds && !propertyIds.has(condition.propertyId)) return false;
      return propertyConditionMatches(condition, document.propertyValues[condition.propertyId]);
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
  }: { conditions: readonly TaggingRuleCondition[]; conditionMatchMode: TaggingRuleMatchMode },
  document: RuleDocument,
  context: RuleMatchContext = {},
): boolean {
  if (conditions.length === 0) return true;
  return conditionMatchMode === 'any'
    ? conditions.some((condition) => conditionMatches(condition, document, context))
    : conditions.every((condition) => conditionMatches(condition, document, context));
}

/** Whether the rule reads the document's text (the server loads it only then: it can be megabytes). */
export const ruleReadsContent = ({ conditions }: { conditions: readonly TaggingRuleCondition[] }) =>
  conditions.some(({ field }) => field === 'content');

/** The properties a rule's conditions read. */
export const propertyIdsReadByRule = ({ conditions }: { conditions: readonly TaggingRuleCondition[] }) =>
  conditions.flatMap((condition) => (condition.field === 'property' ? [condition.propertyId] : []));

/**
 * The property values the matching rules set, one per property: the first rule (in the rules'
 * order) that sets a property decides its value, so each is written at most once.
 */
export function propertyValuesSetByRules(
  rules: readonly { setProperties: readonly TaggingRulePropertyAction[] }[],
): Map<string, PropertyValue> {
  const values = new Map<string, PropertyValue>();
  for (const rule of rules) {
    for (const { propertyId, value } of rule.setProperties) {
      if (!values.has(propertyId)) values.set(propertyId, value);
    }
  }
  return values;
}

const RULES = '/api/organizations/:organizationId/tagging-rules';
const TAG = 'Tagging rules';
const SESSION_ONLY = 'Signed-in members only: API keys get 403.';
const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');
const RULE_FIELDS = `The name is trimmed, 1–${TAGGING_RULE_NAME_MAX_LENGTH} characters; the description at most ${TAGGING_RULE_DESCRIPTION_MAX_LENGTH}, or null. Conditions (at most 50; a rule without conditions applies to every document), by \`field\`: \`name\` or \`content\` — \`{ field, operator, value }\`, \`operator\` one of ${code(TAGGING_RULE_OPERATORS)}, \`value\` at least one character, compared without regard to case; \`documentDate\` — \`operator\` one of ${code(TAGGING_RULE_DATE_OPERATORS)}, \`value\` \`YYYY-MM-DD\` (none for \`is_set\`/\`is_empty\`; a document without a date holds only \`is_empty\`); \`fileType\` — \`operator\` \`equal\` or \`not_equal\`, \`value\` one of ${code(FILE_TYPE_GROUPS)}; \`property\` — \`{ field, propertyId, operator, value? }\` naming a property of the organization, with the operators of its type (text and url: \`equal\`, \`not_equal\`, \`contains\`, \`not_contains\` a text, ignoring case; number and monetary: \`equal\`, \`not_equal\`, \`greater_than\`, \`less_than\` a number, the amount for monetary; date: the same with \`YYYY-MM-DD\`; boolean: \`equal\` true or false; select: \`equal\`, \`not_equal\` an option id; multi select: \`contains\`, \`not_contains\` an option id; member: \`equal\`, \`not_equal\` a user id; every type: \`is_set\`, \`is_empty\` without a value) — a document without a value holds \`is_empty\`, \`not_equal\` and \`not_contains\` only, and a condition on a property deleted since never holds. An unknown property, an operator or value that does not fit it, or an unknown option is 400 \`api.validation_error\` at the condition's path. Actions: \`tagIds\`, tags of the organization (404 \`tags.not_found\`), and \`setProperties\`: \`[{ propertyId, value }]\`, one per property, each value checked as PUT …/documents/{documentId}/properties/{propertyId} checks it (400 \`api.validation_error\` at \`setProperties.<index>.value\`, or \`.propertyId\` for an unknown property); at least one tag or one property (400 at \`tagIds\`). When several matching rules set one property, the oldest rule's value is written; a value the document already has is not written again. Conditions read the document as it was before the rules ran. \`enabled\` is true by default; \`conditionMatchMode\` \`all\` (the default: every condition must hold) or \`any\` (at least one).`;
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
const exampleConditions = [
  { field: 'name', operator: 'contains', value: 'invoice' },
  { field: 'fileType', operator: 'equal', value: 'pdf' },
  { field: 'documentDate', operator: 'after', value: '2025-12-31' },
  { field: 'property', propertyId: 'prop_0123456789abcdefghijklmn', operator: 'is_empty' },
];
const exampleSetProperties = [
  { propertyId: 'prop_0123456789abcdefghijklmn', value: 'opt_0123456789abcdefghijklmn' },
];
const exampleInput = {
  name: 'Invoices',
  description: null,
  conditions: exampleConditions,
  tagIds: ['tag_0123456789abcdefghijklmn'],
  setProperties: exampleSetProperties,
  enabled: true,
  conditionMatchMode: 'all',
};
const exampleRule = {
  id: 'tr_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Invoices',
  description: null,
  conditions: exampleConditions,
  actions: [
    {
      tagId: 'tag_0123456789abcdefghijklmn',
      tag: { id: 'tag_0123456789abcdefghijklmn', name: 'Invoices', color: '#d8ff75' },
    },
  ],
  setProperties: exampleSetProperties,
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
    description: `The whole rule, with the body of the creation: \`tagIds\` or \`setProperties\` left out are none. ${RULE_FIELDS} ${SESSION_ONLY}`,
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
    description: `Starts a run over the organization's documents outside the trash, as a background job, enabled rule or not (it is asked for explicitly); while a run of the rule is \`pending\` or \`running\`, that run is answered instead of a second one. Poll it with GET …/runs/{runId}. The job goes through the documents in batches of 100, attaching the rule's tags where it matches (\`tagged\` activity entries by no user) and setting its properties where the value differs (\`updated\` entries by no user); each batch and the run's counts commit together, so a run taken over after a crash resumes where it stopped. A run that fails its third try is \`failed\`. ${SESSION_ONLY}`,
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

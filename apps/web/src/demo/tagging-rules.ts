import { type PropertyValue, propertyValueSchemaFor } from '@sheaf/contracts/properties';
import {
  propertyConditionIssues,
  propertyValuesSetByRules,
  type RuleDocument,
  ruleMatches,
  type TaggingRuleDto,
  type TaggingRulePropertyAction,
  taggingRuleInputSchema,
  taggingRulesEndpoints,
} from '@sheaf/contracts/tagging-rules';
import type { ValidationIssue } from '@sheaf/contracts/validation-issues';
import { recordActivity } from './activity';
import { type DemoContext, newId, nowIso, requireOrganization } from './context';
import { activeDocuments } from './documents-store';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';
import type { DemoState, DocumentRow } from './state';
import { attachTag, findTag } from './tags';

/**
 * A rule as the demo keeps it. `setProperties` is optional: rules saved before rules set
 * properties (and the seed's) have none.
 */
type RuleRow = DemoState['taggingRules'][number] & { setProperties?: TaggingRulePropertyAction[] };

const rulesOf = (context: DemoContext) => context.state.taggingRules as RuleRow[];

const propertiesOf = (context: DemoContext, organizationId: string) =>
  new Map(
    context.state.propertyDefinitions
      .filter((property) => property.organizationId === organizationId)
      .map((property) => [property.id, property]),
  );

/** A rule's property actions whose property still exists (the server's cascade). */
const liveActions = (context: DemoContext, rule: RuleRow) => {
  const properties = propertiesOf(context, rule.organizationId);
  return (rule.setProperties ?? []).filter(({ propertyId }) => properties.has(propertyId));
};

/** The document as the shared matcher reads it. */
function toRuleDocument(context: DemoContext, document: DocumentRow): RuleDocument {
  const propertyValues: Record<string, PropertyValue> = {};
  for (const entry of context.state.documentPropertyValues) {
    if (entry.documentId === document.id) propertyValues[entry.propertyId] = entry.value;
  }
  return {
    name: document.name,
    content: document.content,
    documentDate: document.documentDate,
    mimeType: document.mimeType,
    propertyValues,
  };
}

const isSameValue = (a: PropertyValue | undefined, b: PropertyValue) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && b.every((id) => a.includes(id))
    : JSON.stringify(a) === JSON.stringify(b);

/**
 * Sets the values on the document as the server does: a value that no longer fits its property
 * is skipped, one already there is not written again; each change an `updated` entry by no user.
 * Answers whether anything changed.
 */
function setPropertyValues(
  context: DemoContext,
  document: DocumentRow,
  values: ReadonlyMap<string, PropertyValue>,
): boolean {
  const properties = propertiesOf(context, document.organizationId);
  let changed = false;
  for (const [propertyId, value] of values) {
    const property = properties.get(propertyId);
    if (!property || !propertyValueSchemaFor(property).safeParse(value).success) continue;
    if (
      property.type === 'member' &&
      !context.state.members.some(
        ({ organizationId, userId }) => organizationId === document.organizationId && userId === value,
      )
    )
      continue;
    const existing = context.state.documentPropertyValues.find(
      (entry) => entry.documentId === document.id && entry.propertyId === propertyId,
    );
    if (existing && isSameValue(existing.value, value)) continue;
    if (existing) existing.value = value;
    else
      context.state.documentPropertyValues.push({
        organizationId: document.organizationId,
        documentId: document.id,
        propertyId,
        value,
      });
    recordActivity(context, {
      organizationId: document.organizationId,
      documentId: document.id,
      event: 'updated',
      eventData: { updatedFields: [`properties.${propertyId}`] },
      userId: null,
    });
    changed = true;
  }
  return changed;
}

/** Attaches the tags and sets the values; whether the document changed. */
function applyActions(
  context: DemoContext,
  document: DocumentRow,
  tagIds: readonly string[],
  values: ReadonlyMap<string, PropertyValue>,
) {
  const attached = tagIds.map(
    (tagId) =>
      attachTag(context, {
        organizationId: document.organizationId,
        documentId: document.id,
        tagId,
        userId: null,
      }).created,
  );
  const set = setPropertyValues(context, document, values);
  return attached.includes(true) || set;
}

/**
 * Applies the organization's enabled rules to a document (after its extraction, as the server
 * does): conditions read the document as it was before any rule ran, the oldest matching rule
 * decides a property several set.
 */
export function applyTaggingRules(context: DemoContext, document: DocumentRow) {
  const propertyIds = new Set(propertiesOf(context, document.organizationId).keys());
  const ruleDocument = toRuleDocument(context, document);
  const matching = rulesOf(context).filter(
    (rule) =>
      rule.organizationId === document.organizationId &&
      rule.enabled &&
      ruleMatches(rule, ruleDocument, { propertyIds }),
  );
  applyActions(
    context,
    document,
    [...new Set(matching.flatMap(({ tagIds }) => tagIds))],
    propertyValuesSetByRules(matching.map((rule) => ({ setProperties: liveActions(context, rule) }))),
  );
}

function toRuleDto(context: DemoContext, rule: RuleRow): TaggingRuleDto {
  const { tagIds, setProperties: _setProperties, ...fields } = rule;
  const actions = tagIds.flatMap((tagId) => {
    const tag = context.state.tags.find(({ id }) => id === tagId);
    return tag ? [{ tagId, tag: { id: tag.id, name: tag.name, color: tag.color } }] : [];
  });
  return { ...fields, actions, setProperties: liveActions(context, rule) };
}

function findRule(context: DemoContext, organizationId: string, taggingRuleId: string) {
  const rule = rulesOf(context).find(
    ({ id, organizationId: owner }) => id === taggingRuleId && owner === organizationId,
  );
  if (!rule) throw notFound('tagging_rules.not_found', 'No tagging rule with this id in this organization.');
  return rule;
}

/**
 * The body of POST and PUT, checked as the server checks it: property conditions and actions
 * against the organization's properties (400 at their paths), then the tags (404).
 */
function parseRuleInput(
  context: DemoContext,
  organizationId: string,
  request: Parameters<typeof parseJsonBody>[0],
) {
  const input = parseJsonBody(request, taggingRuleInputSchema);
  const properties = propertiesOf(context, organizationId);
  const issues: ValidationIssue[] = [];
  input.conditions.forEach((condition, index) => {
    if (condition.field !== 'property') return;
    for (const { path, message } of propertyConditionIssues(condition, properties.get(condition.propertyId)))
      issues.push({ path: `conditions.${index}.${path}`, message, code: 'custom' });
  });
  const setProperties = input.setProperties.flatMap(({ propertyId, value }, index) => {
    const property = properties.get(propertyId);
    if (!property) {
      issues.push({
        path: `setProperties.${index}.propertyId`,
        message: 'This property does not exist',
        code: 'custom',
      });
      return [];
    }
    const parsed = propertyValueSchemaFor(property).safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'The value is not valid';
      issues.push({ path: `setProperties.${index}.value`, message, code: 'custom' });
      return [];
    }
    if (
      property.type === 'member' &&
      !context.state.members.some(
        (member) => member.organizationId === organizationId && member.userId === parsed.data,
      )
    ) {
      const message = 'The value must be a member of the organization';
      issues.push({ path: `setProperties.${index}.value`, message, code: 'not_a_member' });
      return [];
    }
    return [{ propertyId, value: parsed.data }];
  });
  if (issues.length > 0)
    throw new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', issues);
  for (const tagId of input.tagIds) findTag(context, organizationId, tagId);
  return { ...input, setProperties };
}

export const taggingRulesRoutes = (context: DemoContext) => [
  handle(taggingRulesEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      taggingRules: rulesOf(context)
        .filter(({ organizationId }) => organizationId === organization.id)
        .map((rule) => toRuleDto(context, rule)),
    });
  }),
  handle(taggingRulesEndpoints.create, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const input = parseRuleInput(context, organization.id, request);
    const now = nowIso(context);
    const rule: RuleRow = {
      id: newId('tr'),
      organizationId: organization.id,
      ...input,
      latestRun: null,
      createdAt: now,
      updatedAt: now,
    };
    rulesOf(context).push(rule);
    return json({ taggingRule: toRuleDto(context, rule) }, 201);
  }),
  handle(taggingRulesEndpoints.get, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      taggingRule: toRuleDto(context, findRule(context, organization.id, params.taggingRuleId ?? '')),
    });
  }),
  handle(taggingRulesEndpoints.update, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const rule = findRule(context, organization.id, request.params.taggingRuleId ?? '');
    const input = parseRuleInput(context, organization.id, request);
    Object.assign(rule, input, { updatedAt: nowIso(context) });
    return json({ taggingRule: toRuleDto(context, rule) });
  }),
  handle(taggingRulesEndpoints.delete, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const rule = findRule(context, organization.id, params.taggingRuleId ?? '');
    context.state.taggingRules = context.state.taggingRules.filter(({ id }) => id !== rule.id);
    return noContent();
  }),
  // A run over the existing documents: immediate in the demo, answered finished.
  handle(taggingRulesEndpoints.apply, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const rule = findRule(context, organization.id, params.taggingRuleId ?? '');
    const now = nowIso(context);
    const documents = activeDocuments(context, organization.id);
    const propertyIds = new Set(propertiesOf(context, organization.id).keys());
    const values = propertyValuesSetByRules([{ setProperties: liveActions(context, rule) }]);
    let taggedDocumentsCount = 0;
    for (const document of documents) {
      if (!ruleMatches(rule, toRuleDocument(context, document), { propertyIds })) continue;
      if (applyActions(context, document, rule.tagIds, values)) taggedDocumentsCount += 1;
    }
    rule.latestRun = {
      id: newId('trr'),
      taggingRuleId: rule.id,
      status: 'succeeded',
      processedDocumentsCount: documents.length,
      taggedDocumentsCount,
      createdAt: now,
      startedAt: now,
      finishedAt: now,
    };
    return json({ taggingRuleRun: rule.latestRun }, 202);
  }),
  handle(taggingRulesEndpoints.getRun, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const rule = findRule(context, organization.id, params.taggingRuleId ?? '');
    if (rule.latestRun?.id !== params.runId) {
      throw notFound('tagging_rule_runs.not_found', 'No run with this id for this tagging rule.');
    }
    return json({ taggingRuleRun: rule.latestRun });
  }),
];

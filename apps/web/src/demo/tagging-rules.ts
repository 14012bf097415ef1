import {
  ruleMatches,
  type TaggingRuleDto,
  taggingRuleInputSchema,
  taggingRulesEndpoints,
} from '@sheaf/contracts/tagging-rules';
import { type DemoContext, newId, nowIso, requireOrganization } from './context';
import { activeDocuments } from './documents-store';
import { handle, json, noContent, notFound, parseJsonBody } from './http';
import type { DocumentRow } from './state';
import { attachTag, findTag } from './tags';

type RuleRow = DemoContext['state']['taggingRules'][number];

/** Applies the organization's enabled rules to a document (after its extraction, as the server does). */
export function applyTaggingRules(context: DemoContext, document: DocumentRow) {
  for (const rule of context.state.taggingRules) {
    if (rule.organizationId !== document.organizationId || !rule.enabled || !ruleMatches(rule, document))
      continue;
    for (const tagId of rule.tagIds) {
      attachTag(context, {
        organizationId: document.organizationId,
        documentId: document.id,
        tagId,
        userId: null,
      });
    }
  }
}

function toRuleDto(context: DemoContext, rule: RuleRow): TaggingRuleDto {
  const { tagIds, ...fields } = rule;
  const actions = tagIds.flatMap((tagId) => {
    const tag = context.state.tags.find(({ id }) => id === tagId);
    return tag ? [{ tagId, tag: { id: tag.id, name: tag.name, color: tag.color } }] : [];
  });
  return { ...fields, actions };
}

function findRule(context: DemoContext, organizationId: string, taggingRuleId: string) {
  const rule = context.state.taggingRules.find(
    ({ id, organizationId: owner }) => id === taggingRuleId && owner === organizationId,
  );
  if (!rule) throw notFound('tagging_rules.not_found', 'No tagging rule with this id in this organization.');
  return rule;
}

export const taggingRulesRoutes = (context: DemoContext) => [
  handle(taggingRulesEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      taggingRules: context.state.taggingRules
        .filter(({ organizationId }) => organizationId === organization.id)
        .map((rule) => toRuleDto(context, rule)),
    });
  }),
  handle(taggingRulesEndpoints.create, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, taggingRuleInputSchema);
    for (const tagId of input.tagIds) findTag(context, organization.id, tagId);
    const now = nowIso(context);
    const rule: RuleRow = {
      id: newId('tr'),
      organizationId: organization.id,
      ...input,
      latestRun: null,
      createdAt: now,
      updatedAt: now,
    };
    context.state.taggingRules.push(rule);
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
    const input = parseJsonBody(request, taggingRuleInputSchema);
    for (const tagId of input.tagIds) findTag(context, organization.id, tagId);
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
    let taggedDocumentsCount = 0;
    for (const document of documents) {
      if (!ruleMatches(rule, document)) continue;
      const created = rule.tagIds.map(
        (tagId) =>
          attachTag(context, {
            organizationId: organization.id,
            documentId: document.id,
            tagId,
            userId: null,
          }).created,
      );
      if (created.includes(true)) taggedDocumentsCount += 1;
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

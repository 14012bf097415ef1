import { taggingRulesEndpoints } from '@sheaf/contracts/tagging-rules';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { TaggingRulesUsecases } from './tagging-rules.usecases';

/** Tagging rules are managed by signed-in members only (design §3): API keys get 403. */
export function createTaggingRulesRoutes({
  taggingRules,
  routes,
}: {
  routes: EndpointRoutesFactory;
  taggingRules: TaggingRulesUsecases;
}) {
  return (
    routes()
      .on(taggingRulesEndpoints.list, async ({ c }) => ({
        status: 200,
        body: {
          taggingRules: await taggingRules.listTaggingRules({
            organizationId: getMembership(c).organizationId,
          }),
        },
      }))
      .on(taggingRulesEndpoints.create, async ({ c, body }) => {
        const taggingRule = await taggingRules.createTaggingRule({
          organizationId: getMembership(c).organizationId,
          fields: body,
        });
        return { status: 201, body: { taggingRule } };
      })
      .on(taggingRulesEndpoints.get, async ({ c, params }) => ({
        status: 200,
        body: {
          taggingRule: await taggingRules.getTaggingRule({
            organizationId: getMembership(c).organizationId,
            taggingRuleId: params.taggingRuleId,
          }),
        },
      }))
      .on(taggingRulesEndpoints.update, async ({ c, params, body }) => {
        const taggingRule = await taggingRules.updateTaggingRule({
          organizationId: getMembership(c).organizationId,
          taggingRuleId: params.taggingRuleId,
          fields: body,
        });
        return { status: 200, body: { taggingRule } };
      })
      .on(taggingRulesEndpoints.delete, async ({ c, params }) => {
        await taggingRules.deleteTaggingRule({
          organizationId: getMembership(c).organizationId,
          taggingRuleId: params.taggingRuleId,
        });
        return { status: 204 };
      })
      // Starts (or answers the going) run over existing documents; clients poll the run.
      .on(taggingRulesEndpoints.apply, async ({ c, params }) => ({
        status: 202,
        body: {
          taggingRuleRun: await taggingRules.startTaggingRuleRun({
            organizationId: getMembership(c).organizationId,
            taggingRuleId: params.taggingRuleId,
          }),
        },
      }))
      .on(taggingRulesEndpoints.getRun, async ({ c, params }) => ({
        status: 200,
        body: {
          taggingRuleRun: await taggingRules.getTaggingRuleRun({
            organizationId: getMembership(c).organizationId,
            taggingRuleId: params.taggingRuleId,
            runId: params.runId,
          }),
        },
      })).router
  );
}

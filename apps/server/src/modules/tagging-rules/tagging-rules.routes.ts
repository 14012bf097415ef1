import { taggingRuleInputSchema } from '@sheaf/contracts/tagging-rules';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { TaggingRulesUsecases } from './tagging-rules.usecases';

const BASE = '/organizations/:organizationId/tagging-rules';

/** Tagging rules are managed by signed-in members only (design §3): API keys get 403. */
export function createTaggingRulesRoutes({
  taggingRules,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  taggingRules: TaggingRulesUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const member = requireOrganizationMember();

  return (
    new Hono<AppEnv>()
      .get(BASE, member, async (c) =>
        c.json({
          taggingRules: await taggingRules.listTaggingRules({
            organizationId: getMembership(c).organizationId,
          }),
        }),
      )
      .post(BASE, member, async (c) => {
        const fields = await parseJsonBody(c, taggingRuleInputSchema);
        const taggingRule = await taggingRules.createTaggingRule({
          organizationId: getMembership(c).organizationId,
          fields,
        });
        return c.json({ taggingRule }, 201);
      })
      .get(`${BASE}/:taggingRuleId`, member, async (c) =>
        c.json({
          taggingRule: await taggingRules.getTaggingRule({
            organizationId: getMembership(c).organizationId,
            taggingRuleId: c.req.param('taggingRuleId'),
          }),
        }),
      )
      .put(`${BASE}/:taggingRuleId`, member, async (c) => {
        const fields = await parseJsonBody(c, taggingRuleInputSchema);
        const taggingRule = await taggingRules.updateTaggingRule({
          organizationId: getMembership(c).organizationId,
          taggingRuleId: c.req.param('taggingRuleId'),
          fields,
        });
        return c.json({ taggingRule });
      })
      .delete(`${BASE}/:taggingRuleId`, member, async (c) => {
        await taggingRules.deleteTaggingRule({
          organizationId: getMembership(c).organizationId,
          taggingRuleId: c.req.param('taggingRuleId'),
        });
        return c.body(null, 204);
      })
      // Starts (or answers the going) run over existing documents; clients poll the run.
      .post(`${BASE}/:taggingRuleId/apply`, member, async (c) =>
        c.json(
          {
            taggingRuleRun: await taggingRules.startTaggingRuleRun({
              organizationId: getMembership(c).organizationId,
              taggingRuleId: c.req.param('taggingRuleId'),
            }),
          },
          202,
        ),
      )
      .get(`${BASE}/:taggingRuleId/runs/:runId`, member, async (c) =>
        c.json({
          taggingRuleRun: await taggingRules.getTaggingRuleRun({
            organizationId: getMembership(c).organizationId,
            taggingRuleId: c.req.param('taggingRuleId'),
            runId: c.req.param('runId'),
          }),
        }),
      )
  );
}

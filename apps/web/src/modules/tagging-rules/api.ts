import {
  isTaggingRuleRunFinished,
  type TaggingRuleDto,
  type TaggingRuleInput,
  type TaggingRuleRunDto,
  taggingRulesEndpoints,
} from '@sheaf/contracts/tagging-rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** Every tagging-rule query of an organization lives under this key, below the organization's own. */
export function taggingRulesQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'tagging-rules'] as const;
}

export function taggingRuleQueryKey(organizationId: string, taggingRuleId: string) {
  return [...taggingRulesQueryKey(organizationId), taggingRuleId] as const;
}

/** How often the rule list is read again while a rule is being applied to existing documents. */
export const TAGGING_RULE_RUN_POLL_INTERVAL_MS = 1000;

export const isTaggingRuleRunActive = (run: TaggingRuleRunDto | null): run is TaggingRuleRunDto =>
  run !== null && !isTaggingRuleRunFinished(run);

/** GET /tagging-rules, read again every second while one of them has a run going on. */
export function taggingRulesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...taggingRulesQueryKey(organizationId), 'list'] as const,
    queryFn: async () =>
      (await call(taggingRulesEndpoints.list, { params: { organizationId } })).taggingRules,
    refetchInterval: (query) =>
      query.state.data?.some((rule) => isTaggingRuleRunActive(rule.latestRun))
        ? TAGGING_RULE_RUN_POLL_INTERVAL_MS
        : false,
  });
}

/** GET /tagging-rules/{taggingRuleId} */
export function taggingRuleQueryOptions(organizationId: string, taggingRuleId: string) {
  return queryOptions({
    queryKey: taggingRuleQueryKey(organizationId, taggingRuleId),
    queryFn: async () =>
      (await call(taggingRulesEndpoints.get, { params: { organizationId, taggingRuleId } })).taggingRule,
  });
}

/** The body of a PUT that keeps a rule as it is, to change one thing (such as `enabled`). */
export function toTaggingRuleInput(rule: TaggingRuleDto): TaggingRuleInput {
  return {
    name: rule.name,
    description: rule.description,
    conditions: rule.conditions,
    tagIds: rule.actions.map((action) => action.tagId),
    ...(rule.setProperties.length > 0 ? { setProperties: rule.setProperties } : {}),
    enabled: rule.enabled,
    conditionMatchMode: rule.conditionMatchMode,
  };
}

function useRefreshTaggingRules(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taggingRulesQueryKey(organizationId) });
}

export function useCreateTaggingRule(organizationId: string) {
  const refresh = useRefreshTaggingRules(organizationId);
  return useMutation({
    mutationFn: async (input: TaggingRuleInput) =>
      (await call(taggingRulesEndpoints.create, { params: { organizationId }, body: input })).taggingRule,
    onSuccess: refresh,
  });
}

export function useUpdateTaggingRule(organizationId: string) {
  const refresh = useRefreshTaggingRules(organizationId);
  return useMutation({
    mutationFn: async ({ taggingRuleId, input }: { taggingRuleId: string; input: TaggingRuleInput }) =>
      (
        await call(taggingRulesEndpoints.update, {
          params: { organizationId, taggingRuleId },
          body: input,
        })
      ).taggingRule,
    onSuccess: refresh,
  });
}

export function useDeleteTaggingRule(organizationId: string) {
  const refresh = useRefreshTaggingRules(organizationId);
  return useMutation({
    mutationFn: (taggingRuleId: string) =>
      call(taggingRulesEndpoints.delete, { params: { organizationId, taggingRuleId } }),
    onSuccess: refresh,
  });
}

/**
 * POST /tagging-rules/{taggingRuleId}/apply: starts a run over the existing documents (or answers
 * the one going on); the rule list then shows its progress.
 */
export function useApplyTaggingRule(organizationId: string) {
  const refresh = useRefreshTaggingRules(organizationId);
  return useMutation({
    mutationFn: async (taggingRuleId: string) =>
      (await call(taggingRulesEndpoints.apply, { params: { organizationId, taggingRuleId } })).taggingRuleRun,
    onSuccess: refresh,
  });
}

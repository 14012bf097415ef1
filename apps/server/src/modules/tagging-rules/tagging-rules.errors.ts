import { createApiError } from '../../shared/errors';

export const createTaggingRuleNotFoundError = () => createApiError('tagging_rules.not_found');

export const createTaggingRuleRunNotFoundError = () => createApiError('tagging_rule_runs.not_found');

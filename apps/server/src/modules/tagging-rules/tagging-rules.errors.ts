import { HttpError } from '../../shared/errors';

export const createTaggingRuleNotFoundError = () =>
  new HttpError({
    code: 'tagging_rules.not_found',
    message: 'No tagging rule with this id in this organization.',
    status: 404,
  });

export const createTaggingRuleRunNotFoundError = () =>
  new HttpError({
    code: 'tagging_rule_runs.not_found',
    message: 'No run with this id for this tagging rule.',
    status: 404,
  });

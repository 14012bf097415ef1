import { HttpError } from '../../shared/errors';

export const createTaggingRuleNotFoundError = () =>
  new HttpError({
    code: 'tagging_rules.not_found',
    message: 'No tagging rule with this id in this organization.',
    status: 404,
  });

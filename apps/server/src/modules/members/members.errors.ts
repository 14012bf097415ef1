import { HttpError } from '../../shared/errors';

export const createMemberNotFoundError = () =>
  new HttpError({
    code: 'members.not_found',
    message: 'No member with this id in this organization.',
    status: 404,
  });

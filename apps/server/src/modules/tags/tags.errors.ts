import { HttpError } from '../../shared/errors';

export const createTagNotFoundError = () =>
  new HttpError({
    code: 'tags.not_found',
    message: 'No tag with this id in this organization.',
    status: 404,
  });

export const createTagAlreadyExistsError = () =>
  new HttpError({
    code: 'tags.already_exists',
    message: 'A tag with this name already exists for this organization.',
    status: 409,
  });

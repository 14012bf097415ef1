import { createApiError } from '../../shared/errors';

export const createTagNotFoundError = () => createApiError('tags.not_found');

export const createTagAlreadyExistsError = () => createApiError('tags.already_exists');

import { createApiError } from '../../shared/errors';

export const createInsufficientSpaceError = () => createApiError('storage.insufficient_space');

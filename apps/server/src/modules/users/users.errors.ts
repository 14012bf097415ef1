import { createApiError } from '../../shared/errors';

export const createUserNotFoundError = () =>
  createApiError('auth.unauthorized', { message: 'This account no longer exists.' });

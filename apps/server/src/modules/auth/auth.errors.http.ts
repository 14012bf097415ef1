import { HttpError } from '../../shared/errors';

export const createUnauthorizedError = (message = 'Sign in or send a valid API key.') =>
  new HttpError({ code: 'auth.unauthorized', message, status: 401 });

export const createForbiddenError = (message = 'You are not allowed to do this.') =>
  new HttpError({ code: 'auth.forbidden', message, status: 403 });

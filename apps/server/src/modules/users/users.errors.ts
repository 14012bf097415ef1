import { HttpError } from '../../shared/errors';

export const createUserNotFoundError = () =>
  new HttpError({ code: 'auth.unauthorized', message: 'This account no longer exists.', status: 401 });

import { HttpError } from '../../shared/errors';

export const createInsufficientSpaceError = () =>
  new HttpError({
    code: 'storage.insufficient_space',
    message: 'The server has no storage space left for this file. Nothing was stored; ask an administrator.',
    status: 507,
  });

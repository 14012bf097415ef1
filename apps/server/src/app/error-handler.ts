import type { ApiErrorBody } from '@sheaf/contracts/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../shared/app.types';
import { isHttpError } from '../shared/errors';

/** Turns anything thrown by a route into the `{ error: { code, message } }` answer. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const logger = c.get('logger');
  if (isHttpError(error)) {
    const body: ApiErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    if (error.status >= 500) logger.error({ err: error }, 'Request failed');
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Thrown by Hono middlewares (e.g. body limit); keep their status, give them a code.
    const code = error.status === 413 ? 'document.size_too_large' : 'api.validation_error';
    return c.json({ error: { code, message: error.message || 'The request is invalid.' } }, error.status);
  }
  logger.error({ err: error }, 'Unexpected error');
  return c.json({ error: { code: 'internal.error', message: 'An error occurred, try again later.' } }, 500);
}

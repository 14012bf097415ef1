import type { FixedMessageErrorCode } from '@sheaf/contracts/errors';
import { createApiError, type HttpError, isHttpError } from '../../shared/errors';

type PaperlessImportErrorCode = Extract<FixedMessageErrorCode, `paperless_imports.${string}`>;

/** A paperless_imports.* error, with a message saying more than the catalogue's when given. */
export const createPaperlessImportError = (code: PaperlessImportErrorCode, message?: string): HttpError =>
  message ? createApiError(code, { message }) : createApiError(code);

/** Whether an error is one of an export that cannot be imported (it ends the import `failed`). */
export const isPaperlessImportFailure = (error: unknown): error is HttpError =>
  isHttpError(error) && error.code.startsWith('paperless_imports.');

export const createPaperlessImportNotFoundError = () => createApiError('paperless_imports.not_found');

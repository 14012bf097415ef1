import { errorMessage } from '@sheaf/contracts/errors';
import { createApiError } from '../../shared/errors';

export const createDocumentNotFoundError = () => createApiError('documents.not_found');

export const createDocumentAlreadyExistsError = () => createApiError('document.already_exists');

export const createDocumentSizeTooLargeError = (maxFileSize: number) =>
  createApiError('document.size_too_large', {
    message: errorMessage('document.size_too_large', maxFileSize),
  });

export const createStorageLimitReachedError = () => createApiError('documents.storage_limit_reached');

export const createRangeNotSatisfiableError = () => createApiError('documents.range_not_satisfiable');

export const createUploadValidationError = (message: string) =>
  createApiError('api.validation_error', {
    message,
    details: [{ path: 'file', message, code: 'invalid_file' }],
  });

export const createExtractionInProgressError = () => createApiError('documents.extraction_in_progress');

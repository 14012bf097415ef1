import { HttpError } from '../../shared/errors';

export const createDocumentNotFoundError = () =>
  new HttpError({
    code: 'documents.not_found',
    message: 'No document with this id in this organization.',
    status: 404,
  });

export const createDocumentAlreadyExistsError = () =>
  new HttpError({
    code: 'document.already_exists',
    message: 'The document already exists.',
    status: 409,
  });

export const createDocumentSizeTooLargeError = (maxFileSize: number) =>
  new HttpError({
    code: 'document.size_too_large',
    message: `The file size is too large: the limit is ${maxFileSize} bytes.`,
    status: 413,
  });

export const createStorageLimitReachedError = () =>
  new HttpError({
    code: 'documents.storage_limit_reached',
    message: "This upload would exceed the organization's storage limit.",
    status: 413,
  });

export const createRangeNotSatisfiableError = () =>
  new HttpError({
    code: 'documents.range_not_satisfiable',
    message: 'The requested range is outside the file.',
    status: 416,
  });

export const createUploadValidationError = (message: string) =>
  new HttpError({
    code: 'api.validation_error',
    message,
    status: 400,
    details: [{ path: 'file', message, code: 'invalid_file' }],
  });

export const createExtractionInProgressError = () =>
  new HttpError({
    code: 'documents.extraction_in_progress',
    message: "This document's text extraction is already queued or running.",
    status: 409,
  });

import type { ValidationIssue } from '@sheaf/contracts/validation-issues';
import { createApiError, createValidationError } from '../../shared/errors';

export const createPropertyNotFoundError = () => createApiError('properties.not_found');

export const createPropertyAlreadyExistsError = () => createApiError('properties.already_exists');

export const createPropertiesLimitReachedError = () => createApiError('properties.limit_reached');

/**
 * 400 `api.validation_error` for a value its property refuses, with the issues under `value` (the
 * body's field), as the body schema's own issues are: `[{ path: 'value', message, code }]`.
 */
export const createPropertyValueValidationError = (issues: ValidationIssue[]) =>
  createValidationError(
    issues.map((issue) => ({ ...issue, path: issue.path ? `value.${issue.path}` : 'value' })),
  );

/** 400 `api.validation_error` on a definition field that does not fit its type (or its options). */
export const createPropertyFieldValidationError = (path: string, message: string, code = 'custom') =>
  createValidationError([{ path, message, code }]);

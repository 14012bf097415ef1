import { createApiError, createValidationError } from '../../shared/errors';

export const createApiKeyNotFoundError = () => createApiError('api_keys.not_found');

export const createForeignOrganizationsError = (organizationIds: string[]) =>
  createValidationError(
    organizationIds.map((organizationId) => ({
      path: 'organizationIds',
      message: `You are not a member of the organization ${organizationId}.`,
      code: 'custom',
    })),
  );

export const createExpiryInPastError = () =>
  createValidationError([
    { path: 'expiresAt', message: 'The expiry date must be in the future.', code: 'custom' },
  ]);

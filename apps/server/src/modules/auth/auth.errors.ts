import { errorMessage } from '@sheaf/contracts/errors';
import { APIError } from 'better-auth/api';

/**
 * Errors raised inside better-auth's flow keep its `{ code, message }` body; the web reads `code`.
 * Their status is better-auth's name for the catalogue's (contracts' ERROR_CATALOGUE; a test checks).
 */
export const createRegistrationDisabledError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.registration_disabled',
    message: errorMessage('auth.registration_disabled'),
  });

export const createPasswordResetDisabledError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.password_reset_disabled',
    message: errorMessage('auth.password_reset_disabled'),
  });

export const createOwnsOrganizationsWithMembersError = () =>
  new APIError('CONFLICT', {
    code: 'user.owns_organizations_with_members',
    message: errorMessage('user.owns_organizations_with_members'),
  });

export const createInvalidEmailAddressLengthError = () =>
  new APIError('BAD_REQUEST', {
    code: 'api.validation_error',
    message: 'The email address must be at most 254 characters, at most 64 before the @.',
  });

export const createInvalidRegistrationNameError = () =>
  new APIError('BAD_REQUEST', {
    code: 'api.validation_error',
    message: 'The name is required and must be at most 64 characters.',
  });

export const createLastSignInMethodError = () =>
  new APIError('BAD_REQUEST', {
    code: 'auth.last_sign_in_method',
    message: errorMessage('auth.last_sign_in_method'),
  });

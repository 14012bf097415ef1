import { APIError } from 'better-auth/api';

/** Errors raised inside better-auth's flow keep its `{ code, message }` body; the web reads `code`. */
export const createRegistrationDisabledError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.registration_disabled',
    message: 'Registration is disabled on this server.',
  });

export const createPasswordResetDisabledError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.password_reset_disabled',
    message: 'Password reset is disabled on this server.',
  });

export const createOwnsOrganizationsWithMembersError = () =>
  new APIError('CONFLICT', {
    code: 'user.owns_organizations_with_members',
    message:
      'You own an organization that has other members. Transfer it or remove its members before deleting your account.',
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
    message: 'This is the last way to sign in to this account: connect another one before removing it.',
  });

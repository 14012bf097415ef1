import { errorMessage } from '@sheaf/contracts/errors';
import { createApiError } from '../../shared/errors';

export const createIntakeEmailsDisabledError = (message?: string) =>
  createApiError('intake_emails.disabled', { message });

export const createIntakeEmailNotFoundError = () => createApiError('intake_emails.not_found');

export const createIntakeEmailLimitReachedError = (limit: number) =>
  createApiError('intake_email.limit_reached', {
    message: errorMessage('intake_email.limit_reached', limit),
  });

export const createIntakeEmailAlreadyExistsError = () => createApiError('intake-emails.already_exists');

export const createSignatureMissingError = () => createApiError('intake_emails.signature_missing');

export const createInvalidSignatureError = () => createApiError('intake_emails.invalid_signature');

import { HttpError } from '../../shared/errors';

export const createIntakeEmailsDisabledError = (
  message = 'Intake e-mail is switched off on this server (INTAKE_EMAILS_IS_ENABLED).',
) => new HttpError({ code: 'intake_emails.disabled', message, status: 403 });

export const createIntakeEmailNotFoundError = () =>
  new HttpError({
    code: 'intake_emails.not_found',
    message: 'No intake e-mail address with this id in this organization.',
    status: 404,
  });

export const createIntakeEmailLimitReachedError = (limit: number) =>
  new HttpError({
    code: 'intake_email.limit_reached',
    message: `The maximum number of intake emails for this organization (${limit}) has been reached, upgrade the plan.`,
    status: 403,
  });

export const createIntakeEmailAlreadyExistsError = () =>
  new HttpError({
    code: 'intake-emails.already_exists',
    message: 'An intake email with this address already exists.',
    status: 409,
  });

export const createSignatureMissingError = () =>
  new HttpError({
    code: 'intake_emails.signature_missing',
    message: 'The X-Signature header is missing: sign the body with the intake webhook secret.',
    status: 400,
  });

export const createInvalidSignatureError = () =>
  new HttpError({
    code: 'intake_emails.invalid_signature',
    message: 'The X-Signature header does not match the body.',
    status: 401,
  });

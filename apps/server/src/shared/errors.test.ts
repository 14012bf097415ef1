import {
  type CataloguedErrorCode,
  ERROR_CATALOGUE,
  ERROR_CODES,
  errorMessage,
  errorStatus,
  UNCATALOGUED_ERROR_CODES,
} from '@sheaf/contracts/errors';
import type { APIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { createApiKeyNotFoundError } from '../modules/api-keys/api-keys.errors';
import * as authErrors from '../modules/auth/auth.errors';
import * as documentsErrors from '../modules/documents/documents.errors';
import * as intakeEmailsErrors from '../modules/intake-emails/intake-emails.errors';
import * as invitationsErrors from '../modules/invitations/invitations.errors';
import { createMemberNotFoundError } from '../modules/members/members.errors';
import * as organizationsErrors from '../modules/organizations/organizations.errors';
import { createInsufficientSpaceError } from '../modules/storage/storage.errors';
import * as subscriptionsErrors from '../modules/subscriptions/subscriptions.errors';
import * as taggingRulesErrors from '../modules/tagging-rules/tagging-rules.errors';
import * as tagsErrors from '../modules/tags/tags.errors';
import { createUserNotFoundError } from '../modules/users/users.errors';
import * as webhooksErrors from '../modules/webhooks/webhooks.errors';
import type { HttpError } from './errors';
import * as sharedErrors from './errors';

describe('the error catalogue', () => {
  it('gives every error code a status, but those it lists as having none (provider redirects, better-auth)', () => {
    const catalogued = Object.keys(ERROR_CATALOGUE);
    const uncatalogued: readonly string[] = UNCATALOGUED_ERROR_CODES;
    expect(catalogued.filter((code) => uncatalogued.includes(code))).toEqual([]);
    expect([...catalogued, ...uncatalogued].sort()).toEqual([...ERROR_CODES].sort());
    for (const { status } of Object.values(ERROR_CATALOGUE)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('makes messages from the values they name', () => {
    expect(errorMessage('tags.already_exists')).toBe(
      'A tag with this name already exists for this organization.',
    );
    expect(errorMessage('document.size_too_large', 1024)).toBe(
      'The file size is too large: the limit is 1024 bytes.',
    );
    expect(errorMessage('webhooks.url_not_allowed', { host: 'intranet', address: '10.0.0.1' })).toMatch(
      /^intranet resolves to 10\.0\.0\.1, which is not a public address/,
    );
  });

  it("is where the server's error factories take their status and default message", () => {
    const factories: HttpError[] = [
      sharedErrors.createValidationError([]),
      sharedErrors.createNotFoundRouteError(),
      sharedErrors.createMethodNotAllowedError(['GET', 'POST']),
      sharedErrors.createInvalidJsonError(),
      sharedErrors.createRateLimitedError(30),
      sharedErrors.createPayloadTooLargeError(1000),
      createApiKeyNotFoundError(),
      documentsErrors.createDocumentNotFoundError(),
      documentsErrors.createDocumentAlreadyExistsError(),
      documentsErrors.createDocumentSizeTooLargeError(5),
      documentsErrors.createStorageLimitReachedError(),
      documentsErrors.createRangeNotSatisfiableError(),
      documentsErrors.createUploadValidationError('The file is empty.'),
      documentsErrors.createExtractionInProgressError(),
      intakeEmailsErrors.createIntakeEmailsDisabledError(),
      intakeEmailsErrors.createIntakeEmailNotFoundError(),
      intakeEmailsErrors.createIntakeEmailLimitReachedError(3),
      intakeEmailsErrors.createIntakeEmailAlreadyExistsError(),
      intakeEmailsErrors.createSignatureMissingError(),
      intakeEmailsErrors.createInvalidSignatureError(),
      invitationsErrors.createInvitationNotFoundError(),
      invitationsErrors.createInvitationInvalidStatusError(
        'This invitation is expired; it cannot be accepted.',
      ),
      invitationsErrors.createInvitationAlreadyExistsError(),
      invitationsErrors.createUserAlreadyInOrganizationError(),
      invitationsErrors.createInvitationLimitReachedError(10),
      invitationsErrors.createMaxMembersCountReachedError(10),
      createMemberNotFoundError(),
      organizationsErrors.createMaxOrganizationCountReachedError(10),
      organizationsErrors.createOrganizationNotRestorableError(),
      organizationsErrors.createOrganizationNotDeletedError(),
      createInsufficientSpaceError(),
      ...Object.values(subscriptionsErrors).map((create) => create()),
      ...Object.values(taggingRulesErrors).map((create) => create()),
      ...Object.values(tagsErrors).map((create) => create()),
      createUserNotFoundError(),
      webhooksErrors.createWebhookNotFoundError(),
      webhooksErrors.createWebhookDeliveryNotFoundError(),
      webhooksErrors.createWebhooksLimitReachedError(),
      webhooksErrors.createWebhookUrlNotAllowedError({ host: 'localhost', address: '127.0.0.1' }),
    ];
    for (const error of factories) {
      expect(error.status, error.code).toBe(errorStatus(error.code as CataloguedErrorCode));
    }
    expect(tagsErrors.createTagAlreadyExistsError()).toMatchObject({
      status: 409,
      message: 'A tag with this name already exists for this organization.',
    });
    expect(intakeEmailsErrors.createIntakeEmailsDisabledError().message).toBe(
      errorMessage('intake_emails.disabled'),
    );
    expect(sharedErrors.createMethodNotAllowedError(['GET']).headers).toEqual({ allow: 'GET' });
  });

  it("gives better-auth's errors the catalogue's status and message", () => {
    const errors = Object.values(authErrors).map((create) => create()) as APIError[];
    for (const error of errors) {
      const { code, message } = error.body as { code: CataloguedErrorCode; message: string };
      expect(error.statusCode, code).toBe(errorStatus(code));
      if (code !== 'api.validation_error') expect(message).toBe(errorMessage(code as 'auth.forbidden'));
    }
  });
});

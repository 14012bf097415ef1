import {
  PROPERTIES_PER_ORGANIZATION_LIMIT,
  SAVED_VIEWS_LIMIT,
  WEBHOOKS_PER_ORGANIZATION_LIMIT,
} from './limits';

/**
 * Error codes the API answers with, as `{ error: { code, message } }`.
 * The spec's two catalogues come first; the codes after them are Sheaf's own,
 * documented in the README's API section. The web app maps every code to `api-errors.<code>`.
 */
export const SPEC_ERROR_CODES = [
  'user.max_organization_count_reached',
  'organization.invitation_already_exists',
  'user.already_in_organization',
  'user.organization_invitation_limit_reached',
  'organization.max_members_count_reached',
  'intake_email.limit_reached',
  'intake-emails.already_exists',
  'auth.invalid_origin',
  'demo.not_available',
  'internal.error',
  'document.already_exists',
  'document.size_too_large',
  'tags.already_exists',
] as const;

export const SHEAF_ERROR_CODES = [
  /** The request body, query or params did not pass the shared schema; `details` lists the issues. */
  'api.validation_error',
  /** No route answers this method and path. */
  'api.not_found',
  /** The path exists but does not take this method; the `Allow` header lists those it takes. */
  'api.method_not_allowed',
  /** The body is not valid JSON. */
  'api.invalid_json',
  /** No session or API key, or an expired one. */
  'auth.unauthorized',
  /** Authenticated, but not allowed to do this. */
  'auth.forbidden',
  /** Too many requests in a short time. */
  'api.rate_limited',
  /** A request body that is not `application/json` (charset allowed) on a JSON route. */
  'api.unsupported_media_type',
  /** A JSON body larger than API_JSON_BODY_LIMIT, refused before it is read in full. */
  'api.payload_too_large',
  /** Sign-up is switched off on this server (AUTH_IS_REGISTRATION_ENABLED=false), for every method. */
  'auth.registration_disabled',
  /** Password reset is switched off on this server. */
  'auth.password_reset_disabled',
  /**
   * Sign-in with an identity provider refused: a Sheaf account already has this e-mail address and the
   * provider is not trusted for account linking (or one side has not verified the address). Sign in
   * another way and connect the provider in account settings.
   */
  'auth.account_not_linked',
  /** The provider did not verify the e-mail address, and this server requires verified addresses (a verification e-mail is sent for new accounts). */
  'auth.provider_email_not_verified',
  /** The provider did not share an e-mail address (scope `email` missing, or no e-mail at the provider). */
  'auth.provider_email_missing',
  /** The user cancelled, or the provider refused, the authorization (OAuth `access_denied`). */
  'auth.provider_access_denied',
  /** The provider could not be reached (discovery, token or user-info endpoint down or timing out). */
  'auth.provider_unavailable',
  /** The provider refused Sheaf's client (client id or secret, redirect URL, scopes) or answered something unusable: an administrator must fix the configuration. */
  'auth.provider_misconfigured',
  /** Linking refused: this provider account is already connected to another Sheaf user. */
  'auth.provider_account_in_use',
  /** Any other failed provider sign-in (expired or replayed attempt, state mismatch…): starting again usually works. */
  'auth.provider_sign_in_failed',
  /** Sign-in refused: no account with this e-mail address and password. */
  'auth.invalid_credentials',
  /** Sign-in refused until the e-mail address is verified (a new verification e-mail can be asked for). */
  'auth.email_not_verified',
  /** The e-mail address is not a valid one. */
  'auth.invalid_email',
  /** The current password given to confirm a change is wrong. */
  'auth.invalid_password',
  /** Sign-up or an e-mail change refused: an account already has this e-mail address. */
  'auth.email_already_in_use',
  /** The new password is shorter than the minimum length. */
  'auth.password_too_short',
  /** The new password is longer than the maximum length. */
  'auth.password_too_long',
  /** A verification or password-reset link that is invalid, already used or expired. */
  'auth.invalid_token',
  /** No account matches (e.g. a verification e-mail asked for an unknown address). */
  'auth.user_not_found',
  /** The account has no password (it signs in with an identity provider). */
  'auth.no_password',
  /** The session is too old for this action: sign in again. */
  'auth.session_not_fresh',
  /** No sign-in provider with this id on this server. */
  'auth.provider_not_found',
  /** The e-mail address is already verified. */
  'auth.email_already_verified',
  /** Unlinking refused: it is the account's last way to sign in. */
  'auth.last_sign_in_method',
  /** The two-factor code (authenticator app or backup code) is wrong, or was already used. */
  'auth.invalid_two_factor_code',
  /** The two-factor step of this sign-in has expired or was already completed: sign in again. */
  'auth.two_factor_challenge_expired',
  /** Five wrong two-factor codes in ten minutes for this account: wait for the time `Retry-After` gives. */
  'auth.two_factor_attempts_exceeded',
  /** The account has no two-factor sign-in to confirm, disable or take codes from. */
  'auth.two_factor_not_enabled',
  /** Two-factor sign-in is already on for this account: disable it first to start again. */
  'auth.two_factor_already_enabled',
  /** An account without a password must have signed in less than ten minutes ago for this: sign in again. */
  'auth.fresh_sign_in_required',
  /** The account was disabled by the server's administrator: it cannot sign in. */
  'auth.account_disabled',
  /** The passkey was not recognised (unknown, removed, or the browser's answer did not verify). */
  'auth.passkey_failed',
  /** No passkey with this id belongs to the signed-in user. */
  'auth.passkey_not_found',
  /** The organization requires a second factor (two-factor sign-in or a passkey) of its members, and this account has none. */
  'organization.two_factor_required',
  /** The policy cannot be turned on by someone who has no second factor themselves. */
  'organization.two_factor_not_set_up',
  /** Account deletion refused: the user owns an organization that has other members. */
  'user.owns_organizations_with_members',
  /** No API key with this id belongs to the caller. */
  'api_keys.not_found',
  /** No organization with this id can be restored: it was purged or its purge date has passed. */
  'organizations.not_found',
  /** Restore was asked for an organization that is not deleted. */
  'organizations.not_deleted',
  /** No member with this id in this organization. */
  'members.not_found',
  /** No invitation with this id in this organization, or addressed to the caller. */
  'invitations.not_found',
  /** The invitation's status does not allow this (accept, reject and cancel need a pending one; resend a rejected, expired or cancelled one). */
  'invitations.invalid_status',
  /** No document with this id in this organization (or not in its trash, for trash routes). */
  'documents.not_found',
  /** The upload would take the organization's stored documents past its plan's storage limit. */
  'documents.storage_limit_reached',
  /** The server's document storage is full (disk or quota: ENOSPC/EDQUOT); nothing was stored. */
  'storage.insufficient_space',
  /** The Range header asks for bytes outside the file. */
  'documents.range_not_satisfiable',
  /** A text extraction of this document is already pending or running: retry once it has ended. */
  'documents.extraction_in_progress',
  /** The document has no thumbnail (not made yet, or its type gives no rendering): show a type icon. */
  'documents.thumbnail_not_found',
  /** The document has no rendered preview (not an Office file, or none made yet): show its text. */
  'documents.preview_not_found',
  /** No tag with this id in this organization (tag routes, attaching a tag, a tagging rule's tagIds). */
  'tags.not_found',
  /** No tagging rule with this id in this organization. */
  'tagging_rules.not_found',
  /** No custom property with this id in this organization. */
  'properties.not_found',
  /** The organization already has a custom property of this name (case ignored). */
  'properties.already_exists',
  /** The organization already has PROPERTIES_PER_ORGANIZATION_LIMIT custom properties. */
  'properties.limit_reached',
  /** No note with this id on this document. */
  'notes.not_found',
  /** No saved view with this id that the caller can see (another member's personal view is not found either). */
  'saved_views.not_found',
  /** The member already has SAVED_VIEWS_LIMIT personal views, or the organization that many shared ones. */
  'saved_views.limit_reached',
  /** No run with this id for this tagging rule. */
  'tagging_rule_runs.not_found',
  /** No task with this id in this organization, or a zip download past its expiry. */
  'tasks.not_found',
  /** The task was undone already (POST /tasks/{taskId}/undo runs once per task). */
  'tasks.already_undone',
  /** The task cannot be undone: not an `add_tags`, `remove_tags` or `trash` task, not finished, or it changed nothing. */
  'tasks.not_undoable',
  /** No webhook with this id in this organization. */
  'webhooks.not_found',
  /** The organization already has WEBHOOKS_PER_ORGANIZATION_LIMIT webhooks. */
  'webhooks.limit_reached',
  /** The webhook URL's host is or resolves to a loopback, private, link-local, CGNAT, multicast or unspecified address (allowed with WEBHOOKS_ALLOW_PRIVATE_TARGETS=true), or does not resolve. */
  'webhooks.url_not_allowed',
  /** No delivery with this id for this webhook. */
  'webhooks.delivery_not_found',
  /** Intake e-mail is switched off on this server (INTAKE_EMAILS_IS_ENABLED=false, or the HTTP ingest without INTAKE_EMAILS_WEBHOOK_SECRET). */
  'intake_emails.disabled',
  /** No intake e-mail address with this id in this organization. */
  'intake_emails.not_found',
  /** POST /api/intake-emails/ingest without an X-Signature header. */
  'intake_emails.signature_missing',
  /** POST /api/intake-emails/ingest whose X-Signature is not the HMAC-SHA256 of its body with INTAKE_EMAILS_WEBHOOK_SECRET. */
  'intake_emails.invalid_signature',
  /** Billing is switched off on this server (SUBSCRIPTIONS_IS_ENABLED=false): checkout, portal and the Stripe webhook answer 404. */
  'subscriptions.disabled',
  /** Checkout refused: the organization already has an active subscription; change it in the customer portal (GET …/customer-portal). */
  'subscriptions.already_subscribed',
  /** Customer portal refused: the organization has never been a Stripe customer (no checkout yet). */
  'subscriptions.customer_not_found',
  /** POST /api/stripe/webhook whose Stripe-Signature header is missing or does not verify with STRIPE_WEBHOOK_SECRET; nothing was changed. */
  'subscriptions.invalid_webhook_signature',
  /** Stripe could not be reached or refused the request (checkout, portal); try again later. */
  'subscriptions.provider_unavailable',
  /** No share link with this id in this organization (revoked, or never there). */
  'share_links.not_found',
  /** The organization's owners turned share links off: no link opens and none can be made. */
  'share_links.disabled',
  /** Watched folders are off on this server (INGESTION_FOLDERS_ROOT unset). */
  'ingestion_folders.disabled',
  /** Another organization's watched folder has this name (compared without case). */
  'ingestion_folders.name_taken',
  /** No Paperless-ngx import with this id in this organization. */
  'paperless_imports.not_found',
  /** The Paperless-ngx export was encrypted (`document_exporter --passphrase`): export again without a passphrase. */
  'paperless_imports.encrypted_export',
  /** A manifest of the export (`manifest.json`, a `*-manifest.json`, `metadata.json`) does not parse or is not an export manifest; the message names the file and the position. */
  'paperless_imports.invalid_manifest',
  /** An entry of the zip leaves its folder (an absolute path, `..`, a symbolic link): nothing of it is read. */
  'paperless_imports.unsafe_path',
  /** The uploaded file (or the path given) is not a zip archive. */
  'paperless_imports.not_a_zip',
  /** No folder or .zip at the path given on the server, or not readable. */
  'paperless_imports.folder_not_found',
  /** Importing from a path on the server is for the server's administrators only. */
  'paperless_imports.forbidden_folder',
  /** The import has not ended yet: its report is made when it does. */
  'paperless_imports.report_not_ready',
  /** The import has already ended (done, failed or cancelled): nothing to cancel. */
  'paperless_imports.already_finished',
] as const;

export const ERROR_CODES = [...SPEC_ERROR_CODES, ...SHEAF_ERROR_CODES] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    details?: unknown;
  };
};

/**
 * Error codes without one status of their own, left out of ERROR_CATALOGUE:
 * - a failed sign-in with an identity provider ends on a redirect to `/login?error=<code>` (or
 *   `/settings?error=…`), not on an error answer (`auth.provider_unavailable` is also a 503 when the
 *   provider's discovery failed);
 * - better-auth's own refusals, renamed to our codes (auth.responses), keep better-auth's status,
 *   which is its route's (`auth.session_not_fresh` is a 401 or a 403; `auth.invalid_token` a 400 or
 *   a redirect).
 */
export const UNCATALOGUED_ERROR_CODES = [
  'auth.account_not_linked',
  'auth.provider_email_not_verified',
  'auth.provider_email_missing',
  'auth.provider_access_denied',
  'auth.provider_unavailable',
  'auth.provider_misconfigured',
  'auth.provider_account_in_use',
  'auth.provider_sign_in_failed',
  'auth.invalid_credentials',
  'auth.email_not_verified',
  'auth.invalid_email',
  'auth.invalid_password',
  'auth.email_already_in_use',
  'auth.password_too_short',
  'auth.password_too_long',
  'auth.invalid_token',
  'auth.user_not_found',
  'auth.no_password',
  'auth.session_not_fresh',
  'auth.provider_not_found',
  'auth.email_already_verified',
  'auth.invalid_two_factor_code',
  'auth.two_factor_challenge_expired',
  'auth.two_factor_not_enabled',
  'auth.two_factor_already_enabled',
  'auth.passkey_failed',
] as const satisfies readonly ErrorCode[];

type CatalogueEntry = {
  status: number;
  /** The server's English message: fixed, or made from the values it names. */
  message: string | ((...values: never[]) => string);
};

/**
 * Every error code answered with one status, with that status and the server's default English
 * message (the web app shows `api-errors.<code>` instead). The server's error factories and the
 * demo's error answers take the status from here, so the two answer alike; a factory may say more
 * than the default message (`auth.forbidden`: which permission is missing).
 */
export const ERROR_CATALOGUE = {
  'organization.two_factor_required': {
    status: 403,
    message:
      'This organization requires two-factor sign-in: set up an authenticator app or a passkey in your account settings.',
  },
  'organization.two_factor_not_set_up': {
    status: 409,
    message: 'Set up two-factor sign-in or a passkey on your own account before requiring it of the members.',
  },
  'auth.two_factor_attempts_exceeded': {
    status: 429,
    message: 'Too many wrong codes: try again in a few minutes.',
  },
  'auth.fresh_sign_in_required': {
    status: 403,
    message: 'For this, sign in again (your sign-in must be less than ten minutes old).',
  },
  'auth.account_disabled': {
    status: 403,
    message: 'This account is disabled: contact the administrator of this server.',
  },
  'auth.passkey_not_found': {
    status: 404,
    message: 'No passkey with this id in your account.',
  },
  'user.max_organization_count_reached': {
    status: 403,
    message: (max: number) =>
      `You have reached the maximum number of organizations (${max}), contact support.`,
  },
  'organization.invitation_already_exists': {
    status: 409,
    message: 'An invitation for this email already exists in this organization.',
  },
  'user.already_in_organization': { status: 409, message: 'This user is already in this organization.' },
  'user.organization_invitation_limit_reached': {
    status: 429,
    message: (max: number) =>
      `The maximum number of invitations (${max} per 24 hours) has been reached, try again tomorrow.`,
  },
  'organization.max_members_count_reached': {
    status: 403,
    message: (max: number) =>
      `The maximum number of members and pending invitations (${max}) has been reached, upgrade the plan.`,
  },
  'intake_email.limit_reached': {
    status: 403,
    message: (limit: number) =>
      `The maximum number of intake emails for this organization (${limit}) has been reached, upgrade the plan.`,
  },
  'intake-emails.already_exists': {
    status: 409,
    message: 'An intake email with this address already exists.',
  },
  'auth.invalid_origin': {
    status: 403,
    message: 'This request comes from a page on another origin; it is refused.',
  },
  'demo.not_available': { status: 501, message: 'This feature is not available in demo.' },
  'internal.error': { status: 500, message: 'An error occurred, try again later.' },
  'document.already_exists': { status: 409, message: 'The document already exists.' },
  'document.size_too_large': {
    status: 413,
    message: (maxFileSize: number) => `The file size is too large: the limit is ${maxFileSize} bytes.`,
  },
  'tags.already_exists': {
    status: 409,
    message: 'A tag with this name already exists for this organization.',
  },

  'api.validation_error': { status: 400, message: 'The request is invalid.' },
  'api.not_found': { status: 404, message: 'This API route does not exist.' },
  'api.method_not_allowed': {
    status: 405,
    message: (allowed: readonly string[]) =>
      `This API route does not take this method; it takes ${allowed.join(', ')}.`,
  },
  'api.invalid_json': { status: 400, message: 'The request body is not valid JSON.' },
  'auth.unauthorized': { status: 401, message: 'Sign in or send a valid API key.' },
  'auth.forbidden': { status: 403, message: 'You are not allowed to do this.' },
  'api.rate_limited': {
    status: 429,
    message: (retryAfterSeconds: number) => `Too many requests, try again in ${retryAfterSeconds} s.`,
  },
  'api.unsupported_media_type': { status: 415, message: 'Send the request body as application/json.' },
  'api.payload_too_large': {
    status: 413,
    message: (limit: number) => `The request body is larger than ${limit} bytes.`,
  },
  'auth.registration_disabled': { status: 403, message: 'Registration is disabled on this server.' },
  'auth.password_reset_disabled': { status: 403, message: 'Password reset is disabled on this server.' },
  'auth.last_sign_in_method': {
    status: 400,
    message: 'This is the last way to sign in to this account: connect another one before removing it.',
  },
  'user.owns_organizations_with_members': {
    status: 409,
    message:
      'You own an organization that has other members. Transfer it or remove its members before deleting your account.',
  },
  'api_keys.not_found': { status: 404, message: 'No API key with this id.' },
  'organizations.not_found': {
    status: 404,
    message: 'This organization can no longer be restored: its purge date has passed.',
  },
  'organizations.not_deleted': {
    status: 409,
    message: 'This organization is not deleted: there is nothing to restore.',
  },
  'members.not_found': { status: 404, message: 'No member with this id in this organization.' },
  'invitations.not_found': { status: 404, message: 'No invitation with this id.' },
  'invitations.invalid_status': { status: 409, message: 'This invitation is no longer pending.' },
  'documents.not_found': { status: 404, message: 'No document with this id in this organization.' },
  'documents.storage_limit_reached': {
    status: 413,
    message: "This upload would exceed the organization's storage limit.",
  },
  'storage.insufficient_space': {
    status: 507,
    message: 'The server has no storage space left for this file. Nothing was stored; ask an administrator.',
  },
  'documents.range_not_satisfiable': { status: 416, message: 'The requested range is outside the file.' },
  'documents.extraction_in_progress': {
    status: 409,
    message: "This document's text extraction is already queued or running.",
  },
  'documents.thumbnail_not_found': { status: 404, message: 'This document has no thumbnail.' },
  'documents.preview_not_found': { status: 404, message: 'This document has no rendered preview.' },
  'tags.not_found': { status: 404, message: 'No tag with this id in this organization.' },
  'tagging_rules.not_found': { status: 404, message: 'No tagging rule with this id in this organization.' },
  'properties.not_found': { status: 404, message: 'No property with this id in this organization.' },
  'properties.already_exists': {
    status: 409,
    message: 'A property with this name already exists in this organization.',
  },
  'properties.limit_reached': {
    status: 403,
    message: `This organization already has ${PROPERTIES_PER_ORGANIZATION_LIMIT} properties, the most it can have.`,
  },
  'notes.not_found': { status: 404, message: 'No note with this id on this document.' },
  'saved_views.not_found': { status: 404, message: 'No saved view with this id in this organization.' },
  'saved_views.limit_reached': {
    status: 403,
    message: `There are already ${SAVED_VIEWS_LIMIT} saved views here, the most there can be: delete one first.`,
  },
  'tagging_rule_runs.not_found': { status: 404, message: 'No run with this id for this tagging rule.' },
  'tasks.not_found': {
    status: 404,
    message: 'No task with this id in this organization, or it has expired.',
  },
  'tasks.already_undone': { status: 409, message: 'This task was undone already.' },
  'tasks.not_undoable': {
    status: 409,
    message: 'Only a finished task that added or removed tags or moved documents to the trash can be undone.',
  },
  'webhooks.not_found': { status: 404, message: 'No webhook with this id in this organization.' },
  'webhooks.limit_reached': {
    status: 403,
    message: `This organization already has ${WEBHOOKS_PER_ORGANIZATION_LIMIT} webhooks, the most it can have.`,
  },
  'webhooks.url_not_allowed': {
    status: 400,
    message: ({ host, address }: { host: string; address: string }) =>
      `${host === address ? host : `${host} resolves to ${address}, which`} is not a public address: webhooks cannot target loopback, private, link-local or other internal addresses on this server.`,
  },
  'webhooks.delivery_not_found': { status: 404, message: 'No delivery with this id for this webhook.' },
  'intake_emails.disabled': {
    status: 403,
    message: 'Intake e-mail is switched off on this server (INTAKE_EMAILS_IS_ENABLED).',
  },
  'intake_emails.not_found': {
    status: 404,
    message: 'No intake e-mail address with this id in this organization.',
  },
  'intake_emails.signature_missing': {
    status: 400,
    message: 'The X-Signature header is missing: sign the body with the intake webhook secret.',
  },
  'intake_emails.invalid_signature': {
    status: 401,
    message: 'The X-Signature header does not match the body.',
  },
  'subscriptions.disabled': {
    status: 404,
    message: 'Billing is switched off on this server (SUBSCRIPTIONS_IS_ENABLED).',
  },
  'subscriptions.already_subscribed': {
    status: 409,
    message:
      'This organization already has an active subscription: change or cancel it in the customer portal.',
  },
  'subscriptions.customer_not_found': {
    status: 404,
    message: 'This organization has no billing account yet: subscribe to a plan first.',
  },
  'subscriptions.invalid_webhook_signature': {
    status: 400,
    message: 'The Stripe-Signature header is missing or does not match the body.',
  },
  'subscriptions.provider_unavailable': {
    status: 502,
    message: 'The payment provider could not be reached, try again later.',
  },
  'share_links.not_found': { status: 404, message: 'No share link with this id in this organization.' },
  'share_links.disabled': {
    status: 403,
    message: 'Share links are turned off for this organization by its owners.',
  },
  'ingestion_folders.disabled': {
    status: 403,
    message: 'Watched folders are switched off on this server (INGESTION_FOLDERS_ROOT).',
  },
  'ingestion_folders.name_taken': {
    status: 409,
    message: "Another organization's watched folder already has this name.",
  },
  'paperless_imports.not_found': {
    status: 404,
    message: 'No Paperless-ngx import with this id in this organization.',
  },
  'paperless_imports.encrypted_export': {
    status: 400,
    message: 'This Paperless-ngx export is encrypted (--passphrase): export again without a passphrase.',
  },
  'paperless_imports.invalid_manifest': {
    status: 400,
    message: 'A manifest of the Paperless-ngx export does not parse.',
  },
  'paperless_imports.unsafe_path': {
    status: 400,
    message: 'The zip has an entry that leaves its folder (absolute path, "..", or a link).',
  },
  'paperless_imports.not_a_zip': { status: 400, message: 'This file is not a zip archive.' },
  'paperless_imports.folder_not_found': {
    status: 400,
    message: 'No readable folder or .zip at this path on the server.',
  },
  'paperless_imports.forbidden_folder': {
    status: 403,
    message: "Importing from a folder on the server is for the server's administrators only.",
  },
  'paperless_imports.report_not_ready': {
    status: 409,
    message: 'The import has not ended yet: its report is not ready.',
  },
  'paperless_imports.already_finished': { status: 409, message: 'This import has already ended.' },
} as const satisfies { [Code in ErrorCode]?: CatalogueEntry };

/** A code with one status: every code but the provider sign-in ones (UNCATALOGUED_ERROR_CODES). */
export type CataloguedErrorCode = keyof typeof ERROR_CATALOGUE;

/** What `code`'s message is made from: nothing for a fixed message. */
export type ErrorMessageValues<Code extends CataloguedErrorCode> =
  (typeof ERROR_CATALOGUE)[Code]['message'] extends (...values: infer Values) => string ? Values : [];

/** The codes whose default message is fixed (takes no values). */
export type FixedMessageErrorCode = {
  [Code in CataloguedErrorCode]: ErrorMessageValues<Code> extends [] ? Code : never;
}[CataloguedErrorCode];

/** The status `code` is answered with. */
export const errorStatus = <Code extends CataloguedErrorCode>(
  code: Code,
): (typeof ERROR_CATALOGUE)[Code]['status'] => ERROR_CATALOGUE[code].status;

/** `code`'s default English message, made from `values` where it names some (a limit, a host…). */
export function errorMessage<Code extends CataloguedErrorCode>(
  code: Code,
  ...values: ErrorMessageValues<Code>
): string {
  const { message } = ERROR_CATALOGUE[code] as CatalogueEntry;
  return typeof message === 'string' ? message : (message as (...values: unknown[]) => string)(...values);
}

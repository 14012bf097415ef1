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
  /** Unlinking refused: it is the account's last way to sign in. */
  'auth.last_sign_in_method',
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
  /** No tag with this id in this organization (tag routes, attaching a tag, a tagging rule's tagIds). */
  'tags.not_found',
  /** No tagging rule with this id in this organization. */
  'tagging_rules.not_found',
  /** No run with this id for this tagging rule. */
  'tagging_rule_runs.not_found',
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

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

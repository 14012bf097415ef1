import { z } from 'zod';
import { INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT } from './limits';
import { emailAddressSchema } from './text';

/**
 * Intake e-mail addresses (accounts spec §3, §5, §7): mail sent to one by an allowed sender turns
 * each of its attachments into a document of the address's organization.
 *
 * Routes (owners and admins manage, members read; sessions only, API keys get 403; every route
 * answers 403 `intake_emails.disabled` when INTAKE_EMAILS_IS_ENABLED is off):
 * - GET    /api/organizations/{organizationId}/intake-emails                              → ListIntakeEmailsResponse
 * - POST   /api/organizations/{organizationId}/intake-emails  (no body)                   → 201 IntakeEmailResponse
 * - PUT    /api/organizations/{organizationId}/intake-emails/{intakeEmailId}  UpdateIntakeEmailInput → IntakeEmailResponse
 * - DELETE /api/organizations/{organizationId}/intake-emails/{intakeEmailId}              → 204
 * - GET    /api/organizations/{organizationId}/intake-emails/{intakeEmailId}/messages     → ListIntakeEmailMessagesResponse
 */

/** An allowed origin's issue when it is already in the list: the spec's 'exists' error. */
export const ALLOWED_ORIGIN_EXISTS_MESSAGE = 'This email address is already in the list';
const ALLOWED_ORIGIN_EXISTS_PARAMS = { reason: 'exists' } as const;

/** Whether a zod issue (or an API validation detail with `params`) is the 'exists' error of an allowed origin. */
export function isAllowedOriginExistsIssue(issue: { code: string; params?: unknown; message?: string }) {
  if (issue.code !== 'custom') return false;
  if (typeof issue.params === 'object' && issue.params !== null) {
    return (issue.params as { reason?: unknown }).reason === ALLOWED_ORIGIN_EXISTS_PARAMS.reason;
  }
  // API validation details carry the message, not the params.
  return issue.message === ALLOWED_ORIGIN_EXISTS_MESSAGE;
}

/** One allowed sender: a valid e-mail address of at most 254 characters, trimmed and lower-cased. */
export const allowedOriginSchema = emailAddressSchema;

/**
 * The allowed senders of an address: each valid, at most INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT,
 * no duplicates (compared lower-cased; a duplicate gets the 'exists' issue at its index). An empty
 * list accepts nobody.
 */
export const allowedOriginsSchema = z
  .array(allowedOriginSchema)
  .max(INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT, {
    message: `At most ${INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT} allowed senders`,
  })
  .superRefine((origins, ctx) => {
    const seen = new Set<string>();
    origins.forEach((origin, index) => {
      if (seen.has(origin)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: ALLOWED_ORIGIN_EXISTS_MESSAGE,
          params: ALLOWED_ORIGIN_EXISTS_PARAMS,
        });
      }
      seen.add(origin);
    });
  });

/**
 * The web form's "add an allowed sender" field: a valid address that is not in `current` yet
 * (the 'exists' error otherwise).
 */
export const newAllowedOriginSchema = (current: readonly string[]) =>
  allowedOriginSchema.superRefine((origin, ctx) => {
    if (current.map((entry) => entry.toLowerCase()).includes(origin)) {
      ctx.addIssue({
        code: 'custom',
        message: ALLOWED_ORIGIN_EXISTS_MESSAGE,
        params: ALLOWED_ORIGIN_EXISTS_PARAMS,
      });
    }
  });

/** POST …/intake-emails takes no body: the address is generated on INTAKE_EMAILS_DOMAIN. */

/** PUT …/intake-emails/{intakeEmailId}: either field or both; a field left out keeps its value. */
export const updateIntakeEmailSchema = z.strictObject({
  isEnabled: z.boolean().optional(),
  allowedOrigins: allowedOriginsSchema.optional(),
});
export type UpdateIntakeEmailInput = z.input<typeof updateIntakeEmailSchema>;

export type IntakeEmailDto = {
  /** `ie_` + 24 lowercase alphanumerics. */
  id: string;
  /** `<12 lowercase alphanumerics>@<INTAKE_EMAILS_DOMAIN>`. */
  emailAddress: string;
  isEnabled: boolean;
  /** Lower-cased senders whose mail is taken; empty = nobody's. */
  allowedOrigins: string[];
  organizationId: string;
  createdAt: string;
  updatedAt: string;
};

export type ListIntakeEmailsResponse = { intakeEmails: IntakeEmailDto[] };
export type IntakeEmailResponse = { intakeEmail: IntakeEmailDto };

/** How a message reached Sheaf. */
export const INTAKE_EMAIL_SOURCES = ['smtp', 'ingest', 'imap'] as const;
export type IntakeEmailSource = (typeof INTAKE_EMAIL_SOURCES)[number];

/**
 * What became of a message for one intake address:
 * - `processed`: its attachments were handled (see `documents` and `skippedParts`);
 * - `no_attachments`: it had no attachment (nor inline PDF or image): nothing to do;
 * - `sender_not_allowed`: its sender is not in the address's allowed senders;
 * - `address_disabled`: the address is turned off;
 * - `too_large`: it was over INTAKE_EMAILS_MAX_MESSAGE_SIZE and was not taken in (only the IMAP
 *   poller logs it: SMTP and the ingest refuse such mail to the sender instead).
 */
export const INTAKE_EMAIL_MESSAGE_STATUSES = [
  'processed',
  'no_attachments',
  'sender_not_allowed',
  'address_disabled',
  'too_large',
] as const;
export type IntakeEmailMessageStatus = (typeof INTAKE_EMAIL_MESSAGE_STATUSES)[number];

/**
 * Why an attachment made no document:
 * - `type_not_accepted`: its type is not in INTAKE_EMAIL_ACCEPTED_MIME_TYPES;
 * - `too_large`: over the plan's (or server's) maximum file size;
 * - `storage_limit_reached`: the organization's storage is full;
 * - `already_exists`: the same content is already a document of the organization;
 * - `empty`: zero bytes;
 * - `failed`: an unexpected error (the server log has it).
 */
export const INTAKE_EMAIL_SKIP_REASONS = [
  'type_not_accepted',
  'too_large',
  'storage_limit_reached',
  'already_exists',
  'empty',
  'failed',
] as const;
export type IntakeEmailSkipReason = (typeof INTAKE_EMAIL_SKIP_REASONS)[number];

/** One processed message in an address's log (GET …/intake-emails/{intakeEmailId}/messages, newest first, last 50). */
export type IntakeEmailMessageDto = {
  id: string;
  intakeEmailId: string;
  source: IntakeEmailSource;
  /** When Sheaf took the message in (SMTP 250, ingest 202, IMAP fetch). */
  receivedAt: string;
  processedAt: string;
  /** The From header's address, else the envelope sender; null when neither is known. */
  from: string | null;
  subject: string | null;
  /** The Message-ID header, or null when the message had none. */
  messageId: string | null;
  status: IntakeEmailMessageStatus;
  /** Documents made (or restored from the trash) from its attachments. */
  documents: { id: string; name: string }[];
  skippedParts: { name: string; mimeType: string; size: number; reason: IntakeEmailSkipReason }[];
};

export type ListIntakeEmailMessagesResponse = { messages: IntakeEmailMessageDto[] };

/**
 * Attachment types that become documents: PDF, images, plain-text types and office documents.
 * Anything else (calendar invites, signatures, archives, executables…) is skipped and recorded.
 */
export const INTAKE_EMAIL_ACCEPTED_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/bmp',
  'image/heic',
  'image/heif',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/rtf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
] as const;

export function isAcceptedIntakeMimeType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (INTAKE_EMAIL_ACCEPTED_MIME_TYPES as readonly string[]).includes(type);
}

/** This domain's endpoints (see endpoint.ts). */
export const intakeEmailsEndpoints = {};

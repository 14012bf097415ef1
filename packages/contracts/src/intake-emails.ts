import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT, INTAKE_EMAIL_MESSAGES_LOG_SIZE } from './limits';
import { PLAN_IDS, PLANS } from './plans';
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressSchema } from './text';

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

export const intakeEmailSchema = z.strictObject({
  /** `ie_` + 24 lowercase alphanumerics. */
  id: z.string(),
  /** `<12 lowercase alphanumerics>@<INTAKE_EMAILS_DOMAIN>`. */
  emailAddress: z.string(),
  isEnabled: z.boolean(),
  /** Lower-cased senders whose mail is taken; empty = nobody's. */
  allowedOrigins: z.array(z.string()),
  organizationId: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type IntakeEmailDto = z.infer<typeof intakeEmailSchema>;

const listIntakeEmailsAnswerSchema = z.strictObject({ intakeEmails: z.array(intakeEmailSchema) });
const intakeEmailAnswerSchema = z.strictObject({ intakeEmail: intakeEmailSchema });

export type ListIntakeEmailsResponse = z.infer<typeof listIntakeEmailsAnswerSchema>;
export type IntakeEmailResponse = z.infer<typeof intakeEmailAnswerSchema>;

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
export const intakeEmailMessageSchema = z.strictObject({
  id: z.string(),
  intakeEmailId: z.string(),
  source: z.enum(INTAKE_EMAIL_SOURCES),
  /** When Sheaf took the message in (SMTP 250, ingest 202, IMAP fetch). */
  receivedAt: isoDateTime(),
  processedAt: isoDateTime(),
  /** The From header's address, else the envelope sender; null when neither is known. */
  from: z.string().nullable(),
  subject: z.string().nullable(),
  /** The Message-ID header, or null when the message had none. */
  messageId: z.string().nullable(),
  status: z.enum(INTAKE_EMAIL_MESSAGE_STATUSES),
  /** Documents made (or restored from the trash) from its attachments. */
  documents: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  skippedParts: z.array(
    z.strictObject({
      name: z.string(),
      mimeType: z.string(),
      size: z.number().int().nonnegative(),
      reason: z.enum(INTAKE_EMAIL_SKIP_REASONS),
    }),
  ),
});

export type IntakeEmailMessageDto = z.infer<typeof intakeEmailMessageSchema>;

const listIntakeEmailMessagesAnswerSchema = z.strictObject({ messages: z.array(intakeEmailMessageSchema) });

export type ListIntakeEmailMessagesResponse = z.infer<typeof listIntakeEmailMessagesAnswerSchema>;

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

/** The ingest's 202: the message is stored with its processing job (`receivedId` names it in the server's logs). */
const ingestAcceptedAnswerSchema = z.strictObject({
  accepted: z.literal(true),
  receivedId: z.string(),
});

const INTAKE_EMAILS = '/api/organizations/:organizationId/intake-emails';
const TAG = 'Intake e-mail';
const READERS =
  'Every member, signed in (API keys get 403); 403 `intake_emails.disabled` when intake is off (INTAKE_EMAILS_IS_ENABLED), after the membership check.';
const MANAGERS =
  'Owners and admins, signed in (members and API keys get 403); 403 `intake_emails.disabled` when intake is off (INTAKE_EMAILS_IS_ENABLED), after the membership check.';
/** `free 1, plus 10, pro 100`: the intake addresses each plan allows. */
const PLAN_ADDRESS_LIMITS = PLAN_IDS.map(
  (planId) => `${planId} ${PLANS[planId].limits.maxIntakeEmailsCount ?? 'unlimited'}`,
).join(', ');
const exampleIntakeEmail = {
  id: 'ie_0123456789abcdefghijklmn',
  emailAddress: 'k3v9x2m7q1wz@intake.example.com',
  isEnabled: true,
  allowedOrigins: ['scanner@office.example'],
  organizationId: 'org_0123456789abcdefghijklmn',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};

/**
 * The organization's intake addresses: the membership is checked first (a non-member gets 403
 * `auth.forbidden` and learns nothing), then whether intake is on.
 */
export const intakeEmailsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: INTAKE_EMAILS,
    tag: TAG,
    summary: "The organization's intake addresses",
    description: `Oldest first. ${READERS}`,
    auth: 'session',
    answers: { 200: listIntakeEmailsAnswerSchema },
    errors: { 403: ['intake_emails.disabled'] },
    example: { answer: { intakeEmails: [exampleIntakeEmail] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: INTAKE_EMAILS,
    tag: TAG,
    summary: 'Create an intake address',
    description: `No body: a new enabled address \`<12 random lowercase alphanumerics>@INTAKE_EMAILS_DOMAIN\`, with no allowed sender yet. 403 \`intake_email.limit_reached\` at the plan's limit (${PLAN_ADDRESS_LIMITS}; no limit while SUBSCRIPTIONS_IS_ENABLED is off), counted in the inserting transaction under a lock on the organization; 409 \`intake-emails.already_exists\` when fresh random addresses kept colliding. ${MANAGERS}`,
    auth: 'session',
    roles: ['owner', 'admin'],
    answers: { 201: intakeEmailAnswerSchema },
    errors: {
      403: ['intake_emails.disabled', 'intake_email.limit_reached'],
      409: ['intake-emails.already_exists'],
    },
    example: { answer: { intakeEmail: { ...exampleIntakeEmail, allowedOrigins: [] } } },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${INTAKE_EMAILS}/:intakeEmailId`,
    tag: TAG,
    summary: 'Update an intake address',
    description: `\`isEnabled\` and/or \`allowedOrigins\`; a field left out keeps its value. \`allowedOrigins\` are the senders whose mail is taken (an empty list takes nobody's): at most ${INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT} e-mail addresses, each valid and at most ${EMAIL_ADDRESS_MAX_LENGTH} characters, stored lower-cased; a duplicate is a 400 \`api.validation_error\` whose detail at its index says '${ALLOWED_ORIGIN_EXISTS_MESSAGE}'. ${MANAGERS}`,
    auth: 'session',
    roles: ['owner', 'admin'],
    body: updateIntakeEmailSchema,
    answers: { 200: intakeEmailAnswerSchema },
    errors: { 403: ['intake_emails.disabled'], 404: ['intake_emails.not_found'] },
    example: {
      body: { allowedOrigins: ['scanner@office.example'] },
      answer: { intakeEmail: exampleIntakeEmail },
    },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${INTAKE_EMAILS}/:intakeEmailId`,
    tag: TAG,
    summary: 'Delete an intake address',
    description: `Its message log goes with it; the documents it made stay. ${MANAGERS}`,
    auth: 'session',
    roles: ['owner', 'admin'],
    answers: { 204: null },
    errors: { 403: ['intake_emails.disabled'], 404: ['intake_emails.not_found'] },
  }),
  listMessages: defineEndpoint({
    method: 'GET',
    path: `${INTAKE_EMAILS}/:intakeEmailId/messages`,
    tag: TAG,
    summary: 'Messages the address received',
    description: `The address's ${INTAKE_EMAIL_MESSAGES_LOG_SIZE} newest processed messages, newest first. \`source\`: ${INTAKE_EMAIL_SOURCES.map((source) => `\`${source}\``).join(', ')}. \`status\`: \`processed\` (see \`documents\` and \`skippedParts\`), \`no_attachments\`, \`sender_not_allowed\`, \`address_disabled\` or \`too_large\` (over INTAKE_EMAILS_MAX_MESSAGE_SIZE; IMAP only, since SMTP and the ingest refuse such mail to its sender). A skipped part's \`reason\`: ${INTAKE_EMAIL_SKIP_REASONS.map((reason) => `\`${reason}\``).join(', ')}. ${READERS}`,
    auth: 'session',
    answers: { 200: listIntakeEmailMessagesAnswerSchema },
    errors: { 403: ['intake_emails.disabled'], 404: ['intake_emails.not_found'] },
    example: {
      answer: {
        messages: [
          {
            id: 'iem_0123456789abcdefghijklmn',
            intakeEmailId: 'ie_0123456789abcdefghijklmn',
            source: 'smtp',
            receivedAt: '2026-01-31T09:16:00.000Z',
            processedAt: '2026-01-31T09:16:01.000Z',
            from: 'scanner@office.example',
            subject: 'Scan',
            messageId: 'scan-0042@office.example',
            status: 'processed',
            documents: [{ id: 'doc_0123456789abcdefghijklmn', name: 'scan.pdf' }],
            skippedParts: [],
          },
        ],
      },
    },
  }),
  ingest: defineEndpoint({
    method: 'POST',
    path: '/api/intake-emails/ingest',
    tag: TAG,
    summary: 'Mail from an e-mail worker or relay',
    description:
      'The OwlRelay / Papra format, signed: header `X-Signature` is the base64 HMAC-SHA256 of the raw body with INTAKE_EMAILS_WEBHOOK_SECRET. The message is stored with its processing job before the 202. No session and no Origin check. 403 `intake_emails.disabled` when intake is off or no secret is set; 400 `intake_emails.signature_missing` without the header; 413 over INTAKE_EMAILS_MAX_MESSAGE_SIZE; 401 `intake_emails.invalid_signature` when the signature does not match; 400 `api.validation_error` for a body that is not such a multipart message.',
    auth: 'signature',
    rawBody: {
      mediaType: 'multipart/form-data',
      description:
        'A field `email` holding JSON (`from`, `to`, `cc`, `subject`, `messageId`) and files under `attachments[]`.',
      fields: {
        email: {
          type: 'string',
          description:
            'JSON: `{ from: { address }, to?: [{ address }], cc?: [{ address }], subject?, messageId? }`.',
        },
        'attachments[]': { type: 'string', format: 'binary', description: 'One file per part (repeatable).' },
      },
      required: ['email'],
    },
    answers: { 202: ingestAcceptedAnswerSchema },
    errors: {
      400: ['intake_emails.signature_missing'],
      // 401 is not among EndpointDefinition's error keys (only sessions and API keys were thought to give it), yet a wrong signature answers it.
      401: ['intake_emails.invalid_signature'],
      403: ['intake_emails.disabled'],
      413: ['api.payload_too_large'],
    },
    example: { answer: { accepted: true, receivedId: 'ier_0123456789abcdefghijklmn' } },
  }),
};

/**
 * Table types for Kysely. Timestamps follow one convention in both dialects: ISO-8601 UTC
 * strings with millisecond precision (`2026-01-31T09:15:00.000Z`), produced by the injected
 * clock. They sort and compare correctly as text, so the same SQL works on SQLite and PostgreSQL.
 */
import type {
  DocumentPreviewKind,
  ExtractionErrorCode,
  ExtractionNoticeCode,
  ExtractionStatus,
} from '@sheaf/contracts/documents';
import type { PropertyType } from '@sheaf/contracts/properties';
import type { ColumnType } from 'kysely';

export type Timestamp = string;

export type JobStatus = 'pending' | 'running' | 'failed';

export type JobsTable = {
  id: string;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type JobSchedulesTable = {
  name: string;
  next_run_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * better-auth's tables hold real dates and booleans on PostgreSQL and ISO text and 0/1 on
 * SQLite (it converts on its side); read them through `toIsoTimestamp` / `Boolean`.
 */
export type AuthDate = Date | string;
export type AuthBoolean = boolean | number;

export type UsersTable = {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBoolean;
  image: string | null;
  locale: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
  two_factor_enabled: AuthBoolean;
  /** Set by the admin command `users:disable`: no sign-in, no session, no API key. */
  disabled_at: Timestamp | null;
};

/** better-auth's ways to sign in: `credential` (the password hash) or a provider's account. */
export type AuthAccountsTable = {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthDate | null;
  refresh_token_expires_at: AuthDate | null;
  scope: string | null;
  password: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
};

/** better-auth's short-lived values (trusted devices: `trust-device-…` → the user's id). */
export type AuthVerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthDate;
  created_at: AuthDate;
  updated_at: AuthDate;
};

/** better-auth's two-factor plugin row (secret and backup codes encrypted), plus our replay guard. */
export type AuthTwoFactorsTable = {
  id: string;
  secret: string;
  backup_codes: string;
  user_id: string;
  verified: AuthBoolean;
  failed_verification_count: number;
  locked_until: AuthDate | null;
  /** The TOTP time step (unix seconds / 30) last accepted: a code of it or an earlier one is refused. */
  last_accepted_step: ColumnType<number | null, number | null, number | null>;
};

/** The passkey plugin's credentials, plus when each last signed someone in (ours). */
export type AuthPasskeysTable = {
  id: string;
  name: string | null;
  public_key: string;
  user_id: string;
  credential_id: string;
  counter: number;
  device_type: string;
  backed_up: AuthBoolean;
  transports: string | null;
  aaguid: string | null;
  created_at: AuthDate | null;
  last_used_at: Timestamp | null;
};

export type TwoFactorFailuresTable = {
  id: string;
  user_id: string;
  failed_at: Timestamp;
};

export type UserKnownDevicesTable = {
  user_id: string;
  /** SHA-256 of the user-agent family and the coarse address (IPv4 /24, IPv6 /48). */
  fingerprint: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
};

export type AuthSessionsTable = {
  id: string;
  token: string;
  user_id: string;
  expires_at: AuthDate;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
};

export type OrganizationsTable = {
  id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  scheduled_purge_at: Timestamp | null;
  /** 1 when members must have a second factor (TOTP or a passkey) to use it with a session. */
  requires_two_factor: number;
};

export type OrganizationMembersTable = {
  id: string;
  organization_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'member';
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type InvitationStatusColumn = 'pending' | 'accepted' | 'rejected' | 'expired' | 'cancelled';

export type OrganizationInvitationsTable = {
  id: string;
  organization_id: string;
  /** Lowercased. */
  email: string;
  role: 'admin' | 'member';
  status: InvitationStatusColumn;
  /** Who sent it last (creation or resend); null once that account is deleted. */
  inviter_id: string | null;
  sent_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** Flags in our own tables are 0/1 integers on both databases. */
export type Flag = 0 | 1;

export type ApiKeysTable = {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON array of permission names. */
  permissions: string;
  all_organizations: Flag;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ApiKeyOrganizationsTable = {
  api_key_id: string;
  organization_id: string;
};

export type DocumentsTable = {
  id: string;
  organization_id: string;
  name: string;
  original_name: string;
  /** bigint: a string when read from PostgreSQL; read through Number(). */
  original_size: number | string;
  original_sha256: string;
  mime_type: string;
  storage_key: string;
  content: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp | null;
  is_deleted: Flag;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  scheduled_purge_at: Timestamp | null;
  /** pending | processing | done | failed (ExtractionStatus); `pending` when not given on insert. */
  extraction_status: ColumnType<ExtractionStatus, ExtractionStatus | undefined, ExtractionStatus>;
  /** An ExtractionErrorCode when failed, else null. */
  extraction_error_code: ColumnType<ExtractionErrorCode | null, ExtractionErrorCode | null | undefined>;
  /** The stored preview's kind (`html` | `pdf`), null when there is none (migration 0029). */
  preview_kind: ColumnType<DocumentPreviewKind | null, DocumentPreviewKind | null | undefined>;
  /** The stored preview's version (its ETag), null when there is none (migration 0029). */
  preview_etag: ColumnType<string | null, string | null | undefined>;
  /** An ExtractionNoticeCode when the last extraction is done with something to know, else null (0029). */
  extraction_notice_code: ColumnType<ExtractionNoticeCode | null, ExtractionNoticeCode | null | undefined>;
  extraction_notice_message: ColumnType<string | null, string | null | undefined>;
  /** The stored thumbnail's version (its ETag), null when there is none (migration 0031). */
  thumbnail_etag: ColumnType<string | null, string | null | undefined>;
  extraction_error_message: ColumnType<string | null, string | null | undefined>;
  /** A calendar date `YYYY-MM-DD`, or null (migration 0021). */
  document_date: ColumnType<string | null, string | null | undefined>;
  /** How document_date was set: `detected` at extraction (replaceable) or by a `user` (kept); null without a date. */
  document_date_source: ColumnType<DocumentDateSource | null, DocumentDateSource | null | undefined>;
};

export type DocumentDateSource = 'detected' | 'user';

export type PropertyDefinitionsTable = {
  id: string;
  organization_id: string;
  name: string;
  /** `tagNameKey(name)`: unique per organization. */
  name_key: string;
  /** A PropertyType. */
  type: PropertyType;
  description: string | null;
  /** JSON: the select options `[{ id, name, color }]`, `[]` for other types. */
  options: ColumnType<string, string | undefined, string>;
  /** A monetary property's default ISO 4217 currency. */
  currency: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One value of a document's property; a multi select has one row per chosen option. */
export type DocumentPropertyValuesTable = {
  document_id: string;
  property_id: string;
  /** '' for a single value; the option id for a multi-select row. */
  value_key: string;
  organization_id: string;
  value_text: string | null;
  value_number: number | null;
  value_currency: string | null;
  /** `YYYY-MM-DD`. */
  value_date: string | null;
  value_boolean: Flag | null;
  value_option_id: string | null;
  value_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DocumentNotesTable = {
  id: string;
  organization_id: string;
  document_id: string;
  /** Null once the author's account is deleted. */
  author_id: string | null;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp | null;
};

export type TagsTable = {
  id: string;
  organization_id: string;
  name: string;
  /** `tagNameKey(name)`: what makes names unique per organization, and orders the list. */
  name_key: string;
  color: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DocumentsTagsTable = {
  id: string;
  document_id: string;
  tag_id: string;
  created_at: Timestamp;
};

export type DocumentActivityEventColumn =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'restored'
  | 'tagged'
  | 'untagged'
  | 'note_added'
  | 'note_deleted'
  | 'share_link_created'
  | 'share_link_opened'
  | 'share_link_revoked';

export type DocumentActivitiesTable = {
  id: string;
  organization_id: string;
  document_id: string;
  event: DocumentActivityEventColumn;
  /** JSON object or null. */
  event_data: string | null;
  user_id: string | null;
  tag_id: string | null;
  created_at: Timestamp;
};

export type TaggingRulesTable = {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  /** JSON array of `{ field, operator, value }`. */
  conditions: string;
  match_mode: 'all' | 'any';
  enabled: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type TaggingRuleActionsTable = {
  id: string;
  tagging_rule_id: string;
  tag_id: string;
  created_at: Timestamp;
};

/** A tagging rule's "set property to value" action (migration 0024). */
export type TaggingRulePropertyActionsTable = {
  id: string;
  tagging_rule_id: string;
  property_id: string;
  /** JSON: the value to set (a PropertyValue). */
  value: string;
  /** The action's place in the rule's list. */
  position: number;
  created_at: Timestamp;
};

export type TaggingRuleRunsTable = {
  id: string;
  organization_id: string;
  tagging_rule_id: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed';
  processed_documents_count: number;
  tagged_documents_count: number;
  /** The run's cursor: the last document (by id) it went through. */
  last_document_id: string | null;
  error: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
};

export type BulkTaskState = 'queued' | 'running' | 'done' | 'failed';

/** A background bulk action (migration 0025). */
export type BulkTasksTable = {
  id: string;
  organization_id: string;
  created_by: string | null;
  action: string;
  /** JSON: the bulk request. */
  request: string;
  state: BulkTaskState;
  total: number | null;
  changed_count: ColumnType<number, number | undefined, number>;
  unchanged_count: ColumnType<number, number | undefined, number>;
  skipped_count: ColumnType<number, number | undefined, number>;
  error_code: string | null;
  error_message: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
  /** The task that undid this one. */
  undone_by_task_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type BulkTaskItemOutcome = 'changed' | 'unchanged' | 'skipped';

/** A document of a task's selection, marked in the transaction that handles it. */
export type BulkTaskItemsTable = {
  task_id: string;
  position: number;
  document_id: string;
  outcome: BulkTaskItemOutcome | null;
  skip_reason: string | null;
};

/** Kept by triggers on documents (migration 0014): read by the documents list for its total. */
export type OrganizationDocumentsCountsTable = {
  organization_id: string;
  active_count: number;
  deleted_count: number;
};

export type WebhookDeliveryStatusColumn = 'success' | 'failure';

export type WebhooksTable = {
  id: string;
  organization_id: string;
  name: string;
  url: string;
  /** Write-only: never answered nor logged. */
  secret: string | null;
  enabled: Flag;
  /** JSON array of WebhookEvent. */
  events: string;
  last_triggered_at: Timestamp | null;
  last_delivery_status: WebhookDeliveryStatusColumn | null;
  /** First failed attempt since the last success; null while deliveries succeed. */
  failing_since: Timestamp | null;
  disabled_automatically_at: Timestamp | null;
  /** Run time of the delivery job queued for this webhook and not started yet. */
  drain_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WebhookMessageStatusColumn = 'pending' | 'succeeded' | 'failed';

export type WebhookMessagesTable = {
  /** Insertion order (bigint: a string when read from PostgreSQL). */
  seq: ColumnType<number | string, never, never>;
  /** `msg_…`: the webhook-id header. */
  id: string;
  webhook_id: string;
  organization_id: string;
  document_id: string | null;
  event_type: string;
  body: string;
  status: WebhookMessageStatusColumn;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WebhookDeliveriesTable = {
  id: string;
  webhook_id: string;
  message_id: string;
  organization_id: string;
  event_type: string;
  attempt: number;
  status: WebhookDeliveryStatusColumn;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  created_at: Timestamp;
};

export type IntakeEmailsTable = {
  id: string;
  organization_id: string;
  /** Lower-cased, unique across the server. */
  email_address: string;
  is_enabled: number;
  /** JSON array of lower-cased sender addresses. */
  allowed_origins: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A message an intake entry took in, kept until its processing job has run. */
export type IntakeEmailReceivedTable = {
  id: string;
  source: 'smtp' | 'ingest' | 'imap';
  envelope_from: string | null;
  /** JSON array of the accepted RCPT TO addresses (SMTP only). */
  envelope_to: string | null;
  /** The ingest's multipart Content-Type; null for a raw RFC 5322 message. */
  content_type: string | null;
  raw: Buffer;
  received_at: Timestamp;
};

/** The processed-message log of an intake address. */
export type IntakeEmailMessagesTable = {
  id: string;
  intake_email_id: string;
  organization_id: string;
  message_key: string;
  message_id: string | null;
  source: 'smtp' | 'ingest' | 'imap';
  from_address: string | null;
  subject: string | null;
  status: 'processed' | 'no_attachments' | 'sender_not_allowed' | 'address_disabled' | 'too_large';
  /** JSON: [{ id, name }]. */
  documents: string;
  /** JSON: [{ name, mimeType, size, reason }]. */
  skipped_parts: string;
  received_at: Timestamp;
  processed_at: Timestamp;
};

/** The Stripe customer of an organization (billing). */
export type OrganizationStripeCustomersTable = {
  organization_id: string;
  customer_id: string;
  created_at: Timestamp;
};

/** A Stripe subscription of an organization, as the webhook last saw it. */
export type OrganizationSubscriptionsTable = {
  id: string;
  organization_id: string;
  customer_id: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete… */
  status: string;
  /** 'plus' | 'pro' */
  plan_id: string;
  /** 'monthly' | 'annual' */
  billing_interval: string;
  price_id: string;
  seats_count: number;
  current_period_end: Timestamp | null;
  cancel_at_period_end: number;
  /** bigint unix seconds: a string when read from PostgreSQL; read through Number(). */
  stripe_event_created: number | string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A Stripe event already processed (webhook idempotency). */
export type StripeEventsTable = {
  id: string;
  type: string;
  processed_at: Timestamp;
};

/** A named lease one process holds until it expires (the IMAP poller's). */
export type ProcessLeasesTable = {
  name: string;
  holder: string;
  expires_at: Timestamp;
};

/** An attachment of an e-mail file and the document it became (migration 0030). */
export type DocumentEmailAttachmentsTable = {
  message_document_id: string;
  /** The attachment's position among the message's attachments, from 0. */
  position: number;
  organization_id: string;
  attachment_document_id: string;
  /** The attachment's file name in the message. */
  name: string;
  created_at: Timestamp;
};

/** A public link to one document (migration 0027); revoking deletes the row. */
export type ShareLinksTable = {
  id: string;
  organization_id: string;
  document_id: string;
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  /** better-auth's password hash; null: no password. */
  password_hash: string | null;
  allow_download: number;
  expires_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  last_accessed_at: Timestamp | null;
  failed_attempts: number;
  failed_window_started_at: Timestamp | null;
};

/** An organization's share links switch; no row: on. */
export type ShareLinkSettingsTable = {
  organization_id: string;
  is_enabled: number;
  updated_at: Timestamp;
};

/** The folder name an owner set for the organization's watched folder (migration 0032). */
export type IngestionFolderSettingsTable = {
  organization_id: string;
  folder_name: string;
  /** folder_name lower-cased (unique). */
  folder_name_key: string;
  updated_at: Timestamp;
};

/** A file taken from a watched folder (migration 0032). */
export type IngestionFolderFilesTable = {
  id: string;
  organization_id: string;
  /** The path inside the organization's folder, `/`-separated. */
  path: string;
  sha256: string;
  /** bigint: a string when read from PostgreSQL; read through Number(). */
  size: number | string;
  /** 'processing' | 'imported' | 'duplicate' | 'failed' */
  outcome: string;
  reason: string | null;
  document_id: string | null;
  processed_at: Timestamp;
  /** When the file left the folder (deleted or moved); null until then. */
  removed_at: Timestamp | null;
};

/** A saved view of the documents list (migration 0026). */
export type SavedViewsTable = {
  id: string;
  organization_id: string;
  /** `personal` | `organization`. */
  visibility: string;
  /** A personal view's member (a shared one's creator); null once that account is deleted. */
  owner_id: string | null;
  name: string;
  /** JSON: the list's filter parameters. */
  filters: string;
  sort: string | null;
  sort_order: string | null;
  /** JSON: the optional columns shown. */
  columns: string;
  /** JSON: `{ [tagOrPropertyId]: name }` when saved. */
  reference_names: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A view a member pinned to their sidebar. */
export type SavedViewPinsTable = {
  saved_view_id: string;
  user_id: string;
  organization_id: string;
  created_at: Timestamp;
};

/** A member's default documents view in an organization. */
export type SavedViewDefaultsTable = {
  organization_id: string;
  user_id: string;
  saved_view_id: string;
};

export type Database = {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  auth_two_factors: AuthTwoFactorsTable;
  auth_verifications: AuthVerificationsTable;
  auth_accounts: AuthAccountsTable;
  auth_passkeys: AuthPasskeysTable;
  two_factor_failures: TwoFactorFailuresTable;
  user_known_devices: UserKnownDevicesTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
  api_keys: ApiKeysTable;
  api_key_organizations: ApiKeyOrganizationsTable;
  documents: DocumentsTable;
  property_definitions: PropertyDefinitionsTable;
  document_property_values: DocumentPropertyValuesTable;
  document_notes: DocumentNotesTable;
  tags: TagsTable;
  documents_tags: DocumentsTagsTable;
  document_activities: DocumentActivitiesTable;
  tagging_rules: TaggingRulesTable;
  tagging_rule_actions: TaggingRuleActionsTable;
  tagging_rule_property_actions: TaggingRulePropertyActionsTable;
  tagging_rule_runs: TaggingRuleRunsTable;
  organization_documents_counts: OrganizationDocumentsCountsTable;
  webhooks: WebhooksTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  intake_emails: IntakeEmailsTable;
  intake_email_received: IntakeEmailReceivedTable;
  intake_email_messages: IntakeEmailMessagesTable;
  process_leases: ProcessLeasesTable;
  organization_stripe_customers: OrganizationStripeCustomersTable;
  organization_subscriptions: OrganizationSubscriptionsTable;
  stripe_events: StripeEventsTable;
  saved_views: SavedViewsTable;
  saved_view_pins: SavedViewPinsTable;
  saved_view_defaults: SavedViewDefaultsTable;
  share_links: ShareLinksTable;
  document_email_attachments: DocumentEmailAttachmentsTable;
  share_link_settings: ShareLinkSettingsTable;
  ingestion_folder_settings: IngestionFolderSettingsTable;
  ingestion_folder_files: IngestionFolderFilesTable;
  paperless_imports: PaperlessImportsTable;
  paperless_import_documents: PaperlessImportDocumentsTable;
  bulk_tasks: BulkTasksTable;
  bulk_task_items: BulkTaskItemsTable;
};

/** A Paperless-ngx import (migration 0033). */
export type PaperlessImportsTable = {
  id: string;
  organization_id: string;
  created_by: string | null;
  /** 'upload' | 'folder' */
  source: string;
  source_name: string;
  /** The stored zip (upload) or the folder or zip on the server (folder). */
  source_path: string;
  /** 'queued' | 'running' | 'done' | 'failed' | 'cancelled' */
  status: string;
  error_code: string | null;
  error_message: string | null;
  total: number | null;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  /** PaperlessImportSummary as JSON, once known. */
  summary: string | null;
  /** PaperlessImportReport as JSON, once ended. */
  report: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
};

/** A document imported from Paperless-ngx, by its Paperless id (migration 0033). */
export type PaperlessImportDocumentsTable = {
  organization_id: string;
  paperless_id: number;
  document_id: string;
  import_id: string;
  created_at: Timestamp;
};

/** A connection or a transaction: repositories take either, so callers choose the transaction. */
export type DatabaseOrTransaction =
  | import('kysely').Kysely<Database>
  | import('kysely').Transaction<Database>;

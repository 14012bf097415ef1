import path from 'node:path';
import type { Config } from '../config/config';
import type { AppDatabase } from '../db/database';
import { createAccountSecurityUsecases } from '../modules/account-security/account-security.usecases';
import { createActivityUsecases } from '../modules/activity/activity.usecases';
import { createApiKeysUsecases } from '../modules/api-keys/api-keys.usecases';
import { createAuth } from '../modules/auth/auth';
import { createRequireAuth } from '../modules/auth/auth.middleware';
import { registerBulkJobs } from '../modules/bulk/bulk.jobs';
import { createBulkUsecases } from '../modules/bulk/bulk.usecases';
import { createDocumentEventsUsecases } from '../modules/document-events/document-events.usecases';
import { registerDocumentsJobs } from '../modules/documents/documents.jobs';
import { createDocumentsReadPort } from '../modules/documents/documents.port';
import { createDocumentsUsecases } from '../modules/documents/documents.usecases';
import type { EmailDriver } from '../modules/emails/emails.driver';
import { createEmailsService } from '../modules/emails/emails.service';
import { registerExtractionJobs } from '../modules/extraction/extraction.jobs';
import { createExtractionPool, type ExtractionPool } from '../modules/extraction/extraction.pool';
import { createIngestionFoldersUsecases } from '../modules/ingestion-folders/ingestion-folders.usecases';
import { registerIntakeEmailsJobs } from '../modules/intake-emails/intake-emails.jobs';
import { createIntakeEmailsUsecases } from '../modules/intake-emails/intake-emails.usecases';
import { registerInvitationsJobs } from '../modules/invitations/invitations.jobs';
import { createInvitationsUsecases } from '../modules/invitations/invitations.usecases';
import type { JobQueue } from '../modules/jobs/jobs.queue';
import { createMembersUsecases } from '../modules/members/members.usecases';
import { createNotesReadPort } from '../modules/notes/notes.port';
import { createNotesUsecases } from '../modules/notes/notes.usecases';
import { registerOrganizationsJobs } from '../modules/organizations/organizations.jobs';
import { createRequireOrganizationMember } from '../modules/organizations/organizations.middleware';
import { createOrganizationsUsecases } from '../modules/organizations/organizations.usecases';
import { registerPaperlessImportsJobs } from '../modules/paperless-imports/paperless-imports.jobs';
import { createPaperlessImportsUsecases } from '../modules/paperless-imports/paperless-imports.usecases';
import { createPlansUsecases } from '../modules/plans/plans.usecases';
import { createPropertiesUsecases } from '../modules/properties/properties.usecases';
import { createSavedViewsUsecases } from '../modules/saved-views/saved-views.usecases';
import { createSearchUsecases } from '../modules/search/search.usecases';
import { createShareLinksUsecases } from '../modules/share-links/share-links.usecases';
import { createStorageDriver } from '../modules/storage/storage';
import { registerStorageJobs } from '../modules/storage/storage.jobs';
import { createStorageSweep } from '../modules/storage/storage.sweep';
import type { StorageDriver } from '../modules/storage/storage.types';
import {
  createPriceTable,
  createStripeClient,
  type StripeClient,
} from '../modules/subscriptions/subscriptions.stripe';
import { createSubscriptionsUsecases } from '../modules/subscriptions/subscriptions.usecases';
import { registerTaggingRulesJobs } from '../modules/tagging-rules/tagging-rules.jobs';
import { createTaggingRulesUsecases } from '../modules/tagging-rules/tagging-rules.usecases';
import { createTagsUsecases } from '../modules/tags/tags.usecases';
import { createUsersUsecases } from '../modules/users/users.usecases';
import { createWebhookSender } from '../modules/webhooks/webhooks.delivery';
import { registerWebhooksJobs } from '../modules/webhooks/webhooks.jobs';
import { createWebhookOutbox } from '../modules/webhooks/webhooks.outbox';
import { createWebhooksUsecases } from '../modules/webhooks/webhooks.usecases';
import type { Clock } from '../shared/clock';
import { createEndpointRoutes } from '../shared/endpoint-routes';
import type { Logger } from '../shared/logger';

/**
 * Builds every domain service once, from the process's (or a test's) database, clock, queue
 * and mailer. createApp routes requests to them; workers run their jobs.
 */
export function createServices({
  config,
  database,
  logger,
  clock,
  jobQueue,
  authSecret,
  emailDriver,
  storage = createStorageDriver({ config }),
  extractionPool,
}: {
  config: Config;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  jobQueue: JobQueue;
  authSecret: string;
  emailDriver?: EmailDriver;
  /** The document storage; DOCUMENTS_STORAGE_DRIVER's when absent. */
  storage?: StorageDriver;
  /** The text extraction workers; a pool sized from EXTRACTION_CONCURRENCY when absent. */
  extractionPool?: ExtractionPool;
}) {
  const emails = createEmailsService({
    config,
    jobQueue,
    logger: logger.child({ component: 'emails' }),
    ...(emailDriver ? { driver: emailDriver } : {}),
  });
  // The server's administrators (SERVER_ADMIN_EMAILS): the `admin` role of their user answer.
  const serverAdminEmails = (config.env.SERVER_ADMIN_EMAILS ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');
  const users = createUsersUsecases({
    database,
    clock,
    serverAdminEmails,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
    // Called per request, once apiKeys (made below, after auth which needs users) exists.
    listApiKeys: (query) => apiKeys.listApiKeys(query),
  });
  const accountSecurity = createAccountSecurityUsecases({
    database,
    clock,
    emails,
    logger: logger.child({ component: 'account-security' }),
  });
  const auth = createAuth({ config, database, secret: authSecret, emails, users, accountSecurity, logger });
  const apiKeys = createApiKeysUsecases({
    database,
    clock,
    lacksRequiredSecondFactor: async ({ userId, organizationIds }) =>
      (await organizations.listRequiringTwoFactor({ organizationIds })).length > 0 &&
      !(await accountSecurity.hasSecondFactor({ userId })),
  });
  const requireAuth = createRequireAuth({ auth, apiKeys });
  const organizations = createOrganizationsUsecases({
    database,
    clock,
    maxOrganizationsPerUser: config.env.MAX_ORGANIZATIONS_PER_USER,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
    hasSecondFactor: accountSecurity.hasSecondFactor,
  });
  registerOrganizationsJobs({ jobQueue, organizations });
  const plans = createPlansUsecases({
    database,
    isSubscriptionsEnabled: config.env.SUBSCRIPTIONS_IS_ENABLED,
    maxUploadSize: config.env.DOCUMENTS_MAX_UPLOAD_SIZE,
  });
  // What other modules read of documents (tags, search, billing's usage), never its repository.
  const documentsReadPort = createDocumentsReadPort({ database });
  // Billing: Stripe Checkout, the customer portal and the webhook that keeps each plan (SUBSCRIPTIONS_IS_ENABLED).
  // Made on first use: billing off, the routes answer 404 before any call, and there is no key.
  let stripeClient: StripeClient | undefined;
  const subscriptions = createSubscriptionsUsecases({
    database,
    plans,
    documents: documentsReadPort,
    clock,
    logger: logger.child({ component: 'subscriptions' }),
    isEnabled: config.env.SUBSCRIPTIONS_IS_ENABLED,
    getStripe: () => {
      stripeClient ??= createStripeClient(config.env);
      return stripeClient;
    },
    prices: createPriceTable(config.env),
    webhookSecret: config.env.STRIPE_WEBHOOK_SECRET,
    appBaseUrl: config.env.APP_BASE_URL,
  });
  // The activity log's port: documents and tags record each change's entry in its transaction, and
  // the webhook outbox writes the entry's webhook events there too.
  const webhookOutbox = createWebhookOutbox({ jobQueue, notes: createNotesReadPort() });
  // The live documents list: every activity entry, and the extraction's status changes, tell the
  // organization's open lists (GET …/documents/events) once committed, across processes on PostgreSQL.
  const documentEvents = createDocumentEventsUsecases({
    database,
    logger: logger.child({ component: 'document-events' }),
  });
  const activity = createActivityUsecases({
    database,
    onRecorded: async (trx, entry) => {
      await webhookOutbox.onActivityRecorded(trx, entry);
      await documentEvents.onActivityRecorded(trx, entry);
    },
  });
  const documents = createDocumentsUsecases({
    database,
    clock,
    storage,
    plans,
    jobQueue,
    deletedRetentionDays: config.env.DOCUMENTS_DELETED_RETENTION_DAYS,
    logger: logger.child({ component: 'documents' }),
    activity,
    onDocumentsChanged: documentEvents.notify,
  });
  registerDocumentsJobs({ jobQueue, documents, organizations });
  // Intake e-mail: every entry (SMTP, HTTP ingest, IMAP) stores the message, a job makes the documents.
  const intakeEmails = createIntakeEmailsUsecases({
    database,
    clock,
    jobQueue,
    plans,
    documents,
    domain: config.env.INTAKE_EMAILS_DOMAIN,
    logger: logger.child({ component: 'intake-emails' }),
  });
  registerIntakeEmailsJobs({ jobQueue, intakeEmails });
  const storageSweep = createStorageSweep({
    database,
    storage,
    clock,
    graceMinutes: config.env.DOCUMENTS_ORPHAN_GRACE_MINUTES,
    logger: logger.child({ component: 'storage' }),
  });
  const storageJobs = registerStorageJobs({ jobQueue, sweep: storageSweep });
  const search = createSearchUsecases({ database, documents: documentsReadPort });
  const tags = createTagsUsecases({ database, clock, activity, documents: documentsReadPort });
  // Notes: `note_added`/`note_deleted` activity entries; their words are indexed by the search triggers.
  const notes = createNotesUsecases({ database, clock, activity, documents: documentsReadPort });
  // Custom properties: definitions, and values whose changes are `updated` activity entries.
  const properties = createPropertiesUsecases({ database, clock, activity, documents: documentsReadPort });
  // Share links: a public page per link (`/s/:token`), the visitor's password cookie signed with AUTH_SECRET.
  const shareLinks = createShareLinksUsecases({
    database,
    clock,
    activity,
    documents,
    appBaseUrl: config.env.APP_BASE_URL,
    secret: authSecret,
  });
  // Saved views of the documents list: personal or shared, each member's pins and default.
  // A view's filters and sort are checked as the list checks them (a condition that does not fit
  // its property is refused when saved, not when the view is opened).
  const savedViews = createSavedViewsUsecases({
    database,
    clock,
    checkDocumentQuery: documents.checkDocumentQuery,
  });
  // Bulk actions: by ids in the request, by filter as a resumable task (the jobs queue), zip downloads.
  const bulk = createBulkUsecases({
    database,
    clock,
    jobQueue,
    documents,
    tags,
    properties,
    search,
    logger: logger.child({ component: 'bulk' }),
  });
  registerBulkJobs({ jobQueue, bulk });
  const taggingRules = createTaggingRulesUsecases({ database, clock, jobQueue, tags, properties });
  registerTaggingRulesJobs({ jobQueue, taggingRules });
  // Tagging rules run where extracted text is saved, in its transaction.
  documents.addContentExtractedListener((event) => taggingRules.applyRulesToDocument(event));
  const pool =
    extractionPool ??
    createExtractionPool({
      size: config.env.EXTRACTION_CONCURRENCY,
      ocr: { languages: config.env.DOCUMENTS_OCR_LANGUAGES.split(/[,+]/) },
      taskTimeoutMs: config.env.EXTRACTION_TIMEOUT_SECONDS * 1000,
      keepReady: 1,
      limits: { maxFileBytes: config.env.EXTRACTION_MAX_FILE_SIZE, ocrMaxPages: config.env.OCR_MAX_PAGES },
      logger: logger.child({ component: 'extraction' }),
    });
  const extraction = registerExtractionJobs({
    jobQueue,
    documents,
    pool,
    database,
    maxFileSize: config.env.EXTRACTION_MAX_FILE_SIZE,
    logger: logger.child({ component: 'extraction' }),
  });
  const requireOrganizationMember = createRequireOrganizationMember({
    requireAuth,
    organizations,
    hasSecondFactor: accountSecurity.hasSecondFactor,
  });
  const members = createMembersUsecases({ database, clock });
  const invitations = createInvitationsUsecases({
    database,
    clock,
    emails,
    organizations,
    maxInvitationsPerDay: config.env.MAX_INVITATIONS_PER_DAY,
    invitationExpirationDays: config.env.INVITATION_EXPIRATION_DAYS,
    isSubscriptionsEnabled: config.env.SUBSCRIPTIONS_IS_ENABLED,
    getMembersLimit: plans.getMembersLimit,
  });
  registerInvitationsJobs({ jobQueue, invitations });
  const webhookSender = createWebhookSender({
    timeoutMs: config.env.WEBHOOKS_TIMEOUT_MS,
    allowPrivateTargets: config.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
  });
  const webhooks = createWebhooksUsecases({
    database,
    clock,
    outbox: webhookOutbox,
    sender: webhookSender,
    emails,
    timeoutMs: config.env.WEBHOOKS_TIMEOUT_MS,
    allowPrivateTargets: config.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    appBaseUrl: config.env.APP_BASE_URL,
    logger: logger.child({ component: 'webhooks' }),
  });
  registerWebhooksJobs({ jobQueue, webhooks });
  // Watched folders (INGESTION_FOLDERS_ROOT): each file imported through the documents' use case;
  // the watcher itself is background work started by the server (startIngestionFoldersWatcher).
  const ingestionFolders = createIngestionFoldersUsecases({
    database,
    clock,
    documents,
    tags,
    organizations,
    settings: {
      root: config.env.INGESTION_FOLDERS_ROOT,
      after: config.env.INGESTION_FOLDERS_AFTER,
      duplicates: config.env.INGESTION_FOLDERS_DUPLICATES,
      subfoldersAsTags: config.env.INGESTION_FOLDERS_SUBFOLDERS_AS_TAGS,
    },
    logger: logger.child({ component: 'ingestion-folders' }),
  });
  // Paperless-ngx imports: a background job per import; uploaded zips and extracted exports are
  // kept under the data folder until the import ends.
  const paperlessImports = createPaperlessImportsUsecases({
    database,
    clock,
    jobQueue,
    documents,
    tags,
    properties,
    notes,
    taggingRules,
    savedViews,
    listMemberEmails: (organizationId) => members.memberUserIdsByEmail({ organizationId }),
    findOrganizationOwnerId: (organizationId) => members.ownerUserId({ organizationId }),
    workDir: path.join(config.dataDir, 'paperless-imports'),
    adminEmails: serverAdminEmails,
    logger: logger.child({ component: 'paperless-imports' }),
  });
  registerPaperlessImportsJobs({ jobQueue, paperlessImports });
  return {
    emails,
    auth,
    apiKeys,
    users,
    accountSecurity,
    organizations,
    members,
    invitations,
    plans,
    subscriptions,
    documents,
    documentEvents,
    intakeEmails,
    search,
    tags,
    notes,
    properties,
    shareLinks,
    savedViews,
    bulk,
    taggingRules,
    storage,
    storageSweep,
    storageJobs,
    extractionPool: pool,
    extraction,
    requireAuth,
    requireOrganizationMember,
    /** A router whose routes are bound to catalogue endpoints, guarded by the two above. */
    endpointRoutes: createEndpointRoutes({ requireAuth, requireOrganizationMember }),
    webhooks,
    webhookSender,
    ingestionFolders,
    paperlessImports,
  };
}

export type Services = ReturnType<typeof createServices>;

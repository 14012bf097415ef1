import type { Config } from '../config/config';
import type { AppDatabase } from '../db/database';
import { createApiKeysUsecases } from '../modules/api-keys/api-keys.usecases';
import { createAuth } from '../modules/auth/auth';
import { createRequireAuth } from '../modules/auth/auth.middleware';
import { registerDocumentsJobs } from '../modules/documents/documents.jobs';
import { createDocumentsUsecases } from '../modules/documents/documents.usecases';
import type { EmailDriver } from '../modules/emails/emails.driver';
import { createEmailsService } from '../modules/emails/emails.service';
import { registerExtractionJobs } from '../modules/extraction/extraction.jobs';
import { createExtractionPool, type ExtractionPool } from '../modules/extraction/extraction.pool';
import { registerInvitationsJobs } from '../modules/invitations/invitations.jobs';
import { createInvitationsUsecases } from '../modules/invitations/invitations.usecases';
import type { JobQueue } from '../modules/jobs/jobs.queue';
import { createMembersUsecases } from '../modules/members/members.usecases';
import { registerOrganizationsJobs } from '../modules/organizations/organizations.jobs';
import { createRequireOrganizationMember } from '../modules/organizations/organizations.middleware';
import { createOrganizationsUsecases } from '../modules/organizations/organizations.usecases';
import { createPlansUsecases } from '../modules/plans/plans.usecases';
import { createSearchUsecases } from '../modules/search/search.usecases';
import { createStorageDriver } from '../modules/storage/storage';
import { registerStorageJobs } from '../modules/storage/storage.jobs';
import { createStorageSweep } from '../modules/storage/storage.sweep';
import type { StorageDriver } from '../modules/storage/storage.types';
import { createSubscriptionsUsecases } from '../modules/subscriptions/subscriptions.usecases';
import { registerTaggingRulesJobs } from '../modules/tagging-rules/tagging-rules.jobs';
import { createTaggingRulesUsecases } from '../modules/tagging-rules/tagging-rules.usecases';
import { createTagsUsecases } from '../modules/tags/tags.usecases';
import { createUsersUsecases } from '../modules/users/users.usecases';
import type { Clock } from '../shared/clock';
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
  const users = createUsersUsecases({
    database,
    clock,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
  });
  const auth = createAuth({ config, database, secret: authSecret, emails, users, logger });
  const apiKeys = createApiKeysUsecases({ database, clock });
  const requireAuth = createRequireAuth({ auth, apiKeys });
  const organizations = createOrganizationsUsecases({
    database,
    clock,
    maxOrganizationsPerUser: config.env.MAX_ORGANIZATIONS_PER_USER,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
  });
  registerOrganizationsJobs({ jobQueue, organizations });
  const plans = createPlansUsecases({
    isSubscriptionsEnabled: config.env.SUBSCRIPTIONS_IS_ENABLED,
    maxUploadSize: config.env.DOCUMENTS_MAX_UPLOAD_SIZE,
  });
  const subscriptions = createSubscriptionsUsecases({ database, plans });
  const documents = createDocumentsUsecases({
    database,
    clock,
    storage,
    plans,
    jobQueue,
    deletedRetentionDays: config.env.DOCUMENTS_DELETED_RETENTION_DAYS,
    logger: logger.child({ component: 'documents' }),
  });
  registerDocumentsJobs({ jobQueue, documents, organizations });
  const storageSweep = createStorageSweep({
    database,
    storage,
    clock,
    graceMinutes: config.env.DOCUMENTS_ORPHAN_GRACE_MINUTES,
    logger: logger.child({ component: 'storage' }),
  });
  const storageJobs = registerStorageJobs({ jobQueue, sweep: storageSweep });
  const search = createSearchUsecases({ database });
  const tags = createTagsUsecases({ database, clock });
  const taggingRules = createTaggingRulesUsecases({ database, clock, jobQueue });
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
  const requireOrganizationMember = createRequireOrganizationMember({ requireAuth, organizations });
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
  return {
    emails,
    auth,
    apiKeys,
    users,
    organizations,
    members,
    invitations,
    plans,
    subscriptions,
    documents,
    search,
    tags,
    taggingRules,
    storage,
    storageSweep,
    storageJobs,
    extractionPool: pool,
    extraction,
    requireAuth,
    requireOrganizationMember,
  };
}

export type Services = ReturnType<typeof createServices>;

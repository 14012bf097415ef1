import type { JobQueue } from '../jobs/jobs.queue';
import type { OrganizationsUsecases } from '../organizations/organizations.usecases';
import type { DocumentsUsecases } from './documents.usecases';

export const DOCUMENTS_PURGE_JOB_TYPE = 'documents.purge-trash';
export const DOCUMENTS_PURGE_SCHEDULE = 'documents.purge-trash';
export const DOCUMENTS_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly: permanently deletes trashed documents past DOCUMENTS_DELETED_RETENTION_DAYS, files
 * included. Also makes the organization purge remove the organization's stored files and documents.
 */
export function registerDocumentsJobs({
  jobQueue,
  documents,
  organizations,
}: {
  jobQueue: JobQueue;
  documents: DocumentsUsecases;
  organizations: Pick<OrganizationsUsecases, 'addPurgeStep'>;
}) {
  jobQueue.register(DOCUMENTS_PURGE_JOB_TYPE, async (_payload, { logger }) => {
    await documents.purgeDueDocuments({ logger });
  });
  jobQueue.schedule({
    name: DOCUMENTS_PURGE_SCHEDULE,
    type: DOCUMENTS_PURGE_JOB_TYPE,
    intervalMs: DOCUMENTS_PURGE_INTERVAL_MS,
  });
  organizations.addPurgeStep(async ({ organizationId, logger }) => {
    await documents.deleteOrganizationFiles({ organizationId });
    const deleted = await documents.deleteOrganizationDocuments({ organizationId });
    logger.info({ organizationId, documents: deleted }, "Organization's documents and their files removed");
  });
}

import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { NewDocumentActivity } from './activity.models';
import { createActivityRepository } from './activity.repository';

/**
 * Runs in the transaction that records an activity entry, right after it: the webhook outbox
 * writes the event for the organization's subscribed webhooks there, so the event exists exactly
 * when the change commits.
 */
export type ActivityRecordedHook = (
  trx: Transaction<Database>,
  activity: NewDocumentActivity,
) => Promise<void>;

/**
 * The activity module's port, the only way other modules reach the documents activity log (never
 * activity.repository). The composition root (app/services.ts) makes it once, with the webhook
 * outbox as its hook, and hands it to the modules that record changes (documents, tags).
 */
export type ActivityPort = {
  /**
   * Records one entry in `trx`, the transaction of the change it records, then runs the hook in
   * that same transaction: the change, its entry and its webhook events commit together or not at
   * all. There is no variant without a transaction on purpose.
   */
  recordActivity: (trx: Transaction<Database>, activity: NewDocumentActivity) => Promise<void>;
  /** A document's entries, newest first, with the user's name and the tag of tag events. */
  listDocumentActivities: (query: {
    organizationId: string;
    documentId: string;
    pageIndex: number;
    pageSize: number;
  }) => Promise<DocumentActivityDto[]>;
};

/** What a module that only writes the log needs of the port. */
export type ActivityRecorder = Pick<ActivityPort, 'recordActivity'>;

export function createActivityUsecases({
  database,
  onRecorded,
}: {
  database: AppDatabase;
  /** Runs in the transaction of each entry, after it (the webhook outbox). */
  onRecorded?: ActivityRecordedHook;
}): ActivityPort {
  const repository = createActivityRepository({ db: database.db });
  return {
    async recordActivity(trx, activity) {
      await createActivityRepository({ db: trx }).insert(activity);
      await onRecorded?.(trx, activity);
    },

    listDocumentActivities: (query) => repository.list(query),
  };
}

export type ActivityUsecases = ReturnType<typeof createActivityUsecases>;

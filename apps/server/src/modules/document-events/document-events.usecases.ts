import type { DocumentsChangedEvent } from '@sheaf/contracts/document-events';
import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { Logger } from '../../shared/logger';
import type { NewDocumentActivity } from '../activity/activity.models';
import {
  changeKey,
  DOCUMENTS_CHANGED_CHANNEL,
  decodeDocumentsChanged,
  encodeDocumentsChanged,
  eventKindOfActivity,
} from './document-events.models';

export type DocumentsChangedListener = (event: DocumentsChangedEvent) => void;

/**
 * The "documents changed" notifier behind the live documents list. Changes come in two ways: from
 * the activity log's hook, in the transaction of the change (a document created, edited, tagged,
 * trashed, restored — by a person, an intake e-mail, a watched folder or a bulk task), and from the
 * documents use cases after a change that has no activity entry (an extraction's status). They
 * reach the listeners of the organization once committed, never before (a list asked again at once
 * must see the change):
 *
 * - PostgreSQL: `pg_notify` in the change's transaction, which PostgreSQL delivers at commit (and
 *   drops on rollback) to every process that listens, this one included; identical notifications
 *   of one transaction arrive once, so a bulk task of thousands of documents is one event. A
 *   process listens (one connection) only while one of its streams is open.
 * - SQLite (one process): in memory. SQLite has one connection, so a query queued during a
 *   transaction runs after it ends: the changes of a transaction are handed out then, folded.
 */
export function createDocumentEventsUsecases({
  database,
  logger,
}: {
  database: AppDatabase;
  logger: Logger;
}) {
  const listenersByOrganization = new Map<string, Set<DocumentsChangedListener>>();
  let subscribersCount = 0;
  /** The PostgreSQL LISTEN, while some stream is open: resolves to its closer. */
  let listening: Promise<() => Promise<void>> | undefined;
  /** SQLite: the changes of each open transaction, handed out when it ends. */
  const pendingByTransaction = new WeakMap<Transaction<Database>, Map<string, DocumentsChangedEvent>>();

  function dispatch(event: DocumentsChangedEvent) {
    for (const listener of listenersByOrganization.get(event.organizationId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error }, 'A documents events listener failed');
      }
    }
  }

  function onNotification(payload: string | undefined) {
    if (payload === undefined) {
      // The listener connection came back: what was sent meanwhile is lost, so every open list
      // asks again.
      for (const organizationId of listenersByOrganization.keys())
        dispatch({ organizationId, kind: 'updated' });
      return;
    }
    const event = decodeDocumentsChanged(payload);
    if (event) dispatch(event);
  }

  async function startListening() {
    const listen = database.listen;
    if (!listen) return;
    listening ??= listen(DOCUMENTS_CHANGED_CHANNEL, onNotification, {
      onError: (error) =>
        logger.warn({ err: error }, 'Documents events listener lost its connection, reconnecting'),
    });
    const current = listening;
    try {
      await current;
    } catch (error) {
      if (listening === current) listening = undefined;
      throw error;
    }
  }

  function stopListeningWhenUnused() {
    if (subscribersCount > 0 || !listening) return;
    const current = listening;
    listening = undefined;
    current.then((close) => close()).catch(() => undefined);
  }

  /** A change committed already (or outside any transaction): to every process's listeners. */
  async function notify(event: DocumentsChangedEvent): Promise<void> {
    if (database.dialect === 'postgres') {
      await sql`select pg_notify(${DOCUMENTS_CHANGED_CHANNEL}, ${encodeDocumentsChanged(event)})`.execute(
        database.db,
      );
      return;
    }
    dispatch(event);
  }

  /** A change made in `trx`: handed out when it commits. */
  async function notifyInTransaction(trx: Transaction<Database>, event: DocumentsChangedEvent) {
    if (database.dialect === 'postgres') {
      await sql`select pg_notify(${DOCUMENTS_CHANGED_CHANNEL}, ${encodeDocumentsChanged(event)})`.execute(
        trx,
      );
      return;
    }
    let pending = pendingByTransaction.get(trx);
    if (!pending) {
      const changes = new Map<string, DocumentsChangedEvent>();
      pending = changes;
      pendingByTransaction.set(trx, changes);
      // Waits for the one connection, which the transaction holds until its commit or rollback.
      // A rolled back change is handed out too: a list asked again for nothing is harmless.
      sql`select 1`
        .execute(database.db)
        .catch(() => undefined)
        .then(() => {
          for (const event of changes.values()) dispatch(event);
        });
    }
    pending.set(changeKey(event), event);
  }

  return {
    notify,
    notifyInTransaction,

    /** The activity log's hook: each entry is a change of its document. */
    onActivityRecorded: (trx: Transaction<Database>, activity: NewDocumentActivity) =>
      notifyInTransaction(trx, {
        organizationId: activity.organizationId,
        kind: eventKindOfActivity(activity.event),
      }),

    /**
     * Calls `listener` for each change of the organization's documents from now on; resolves once
     * listening (PostgreSQL: the LISTEN is in place) with the function that stops it.
     */
    async subscribe(organizationId: string, listener: DocumentsChangedListener): Promise<() => void> {
      subscribersCount++;
      try {
        await startListening();
      } catch (error) {
        subscribersCount--;
        throw error;
      }
      const listeners = listenersByOrganization.get(organizationId) ?? new Set();
      listeners.add(listener);
      listenersByOrganization.set(organizationId, listeners);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        listeners.delete(listener);
        if (listeners.size === 0 && listenersByOrganization.get(organizationId) === listeners)
          listenersByOrganization.delete(organizationId);
        subscribersCount--;
        stopListeningWhenUnused();
      };
    },

    /** Open streams of this process (for tests and the start-up summary). */
    get subscribersCount() {
      return subscribersCount;
    },
  };
}

export type DocumentEventsUsecases = ReturnType<typeof createDocumentEventsUsecases>;

import { describe, expect, it } from 'vitest';
import type { DatabaseOrTransaction } from '../../db/database.types';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { insertOrganization } from '../../test/test-organizations';
import type { NewDocumentActivity } from './activity.models';
import { createActivityUsecases } from './activity.usecases';

const ORGANIZATION_ID = 'org_activityactivityactivit';
const DOCUMENT_ID = 'doc_activityactivityactivit';

const entry = (at: string, event: NewDocumentActivity['event'] = 'updated'): NewDocumentActivity => ({
  organizationId: ORGANIZATION_ID,
  documentId: DOCUMENT_ID,
  event,
  eventData: event === 'updated' ? { updatedFields: ['name'] } : null,
  userId: null,
  now: at,
});

describe.each(testDialects)('the activity port on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  const countEntries = async (db: DatabaseOrTransaction) =>
    Number(
      (
        await db
          .selectFrom('document_activities')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('document_id', '=', DOCUMENT_ID)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('records an entry in the transaction of the change, runs the hook in it, and lists the entries', async () => {
    await insertOrganization(testDatabase.db, { id: ORGANIZATION_ID, members: [] });
    await insertDocument(testDatabase.db, { id: DOCUMENT_ID, organizationId: ORGANIZATION_ID });
    const seen: Array<{ isTransaction: boolean; entriesSeen: number; event: string }> = [];
    const activity = createActivityUsecases({
      database: testDatabase.database,
      onRecorded: async (trx, recorded) => {
        seen.push({
          isTransaction: trx.isTransaction,
          entriesSeen: await countEntries(trx),
          event: recorded.event,
        });
      },
    });

    await testDatabase.db
      .transaction()
      .execute((trx) => activity.recordActivity(trx, entry('2026-03-01T10:00:00.000Z')));

    expect(seen).toEqual([{ isTransaction: true, entriesSeen: 1, event: 'updated' }]);
    expect(
      await activity.listDocumentActivities({
        organizationId: ORGANIZATION_ID,
        documentId: DOCUMENT_ID,
        pageIndex: 0,
        pageSize: 10,
      }),
    ).toEqual([
      {
        id: expect.stringMatching(/^act_[a-z0-9]{24}$/),
        event: 'updated',
        eventData: { updatedFields: ['name'] },
        tag: null,
        user: null,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ]);
  });

  it('leaves no entry when the change rolls back, nor when the hook fails', async () => {
    const before = await countEntries(testDatabase.db);
    const activity = createActivityUsecases({ database: testDatabase.database });
    await expect(
      testDatabase.db.transaction().execute(async (trx) => {
        await activity.recordActivity(trx, entry('2026-03-01T11:00:00.000Z', 'deleted'));
        throw new Error('The change failed');
      }),
    ).rejects.toThrow('The change failed');

    const failingHook = createActivityUsecases({
      database: testDatabase.database,
      onRecorded: async () => {
        throw new Error('The outbox failed');
      },
    });
    await expect(
      testDatabase.db
        .transaction()
        .execute((trx) => failingHook.recordActivity(trx, entry('2026-03-01T12:00:00.000Z'))),
    ).rejects.toThrow('The outbox failed');

    expect(await countEntries(testDatabase.db)).toBe(before);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, createDocument, request } from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { createTag } from '../tags/tags.test-helpers';
import { createWebhook, startTestReceiver, type TestReceiver } from '../webhooks/webhooks.test-helpers';
import { runBulk, runBulkTask, taskPath } from './bulk.test-helpers';

describe.each(testDialects)('bulk actions and webhooks on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  // Real time: the deliveries' timestamps are checked as recent.
  const clock = createTestClock(new Date());
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', UPLOADS_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let owner: TestUser;
  let receiver: TestReceiver;
  const as = (user: TestUser): Credentials => ({ cookie: user.cookie });
  /** The background jobs: bulk tasks first, then the deliveries they queued. */
  const runJobs = async () => {
    await server.jobQueue.runDueJobs();
    await server.jobQueue.runDueJobs();
  };

  beforeAll(async () => {
    receiver = await startTestReceiver();
    owner = await createUser('bulk-hooks-owner@example.com', 'Olivia Owner');
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(() => receiver.reset());

  it('delivers one tag event per document, by ids and by a filter task (and its undo), as if tagged one by one', async () => {
    const { id: organizationId } = await createOrganization(server, owner, 'Bulk hooks');
    const documents = [];
    for (let index = 0; index < 6; index++)
      documents.push(
        await createDocument(server, as(owner), organizationId, {
          name: `Statement ${index}.txt`,
          data: `Statement ${index}`,
          type: 'text/plain',
        }),
      );
    const ids = documents.map((document) => document.id);
    const tag = await createTag(server, as(owner), organizationId, { name: 'Statements' });
    await runJobs();
    await createWebhook(server, owner, organizationId, {
      url: `${receiver.url}/bulk`,
      events: ['document:tag:added', 'document:tag:removed'],
    });

    const byIds = await runBulk(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [tag.id],
      documentIds: ids.slice(0, 3),
    });
    expect(byIds.changedDocumentIds).toHaveLength(3);
    await runJobs();
    const added = () => receiver.ofType('document:tag:added').map(({ json }) => json.data);
    expect(
      added()
        .map((data) => data.documentId)
        .sort(),
    ).toEqual(ids.slice(0, 3).sort());
    for (const data of added())
      expect(data).toMatchObject({ organizationId, tagId: tag.id, tagName: 'Statements' });

    // The three without the tag, selected by a filter: a background task.
    const task = await runBulkTask(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [tag.id],
      filter: { excludedTags: [tag.id] },
    });
    expect(task).toMatchObject({ state: 'done', changedCount: 3 });
    await runJobs();
    const byTask = added().slice(3);
    expect(byTask.map((data) => data.documentId).sort()).toEqual(ids.slice(3).sort());
    expect(added()).toHaveLength(6);
    expect(new Set(added().map((data) => data.documentId)).size).toBe(6);

    // Undoing the task removes the tag from its three documents: one event each.
    const undo = await request(server, 'POST', `${taskPath(organizationId, task.id)}/undo`, as(owner));
    expect(undo.status).toBe(202);
    await runJobs();
    const removed = receiver.ofType('document:tag:removed').map(({ json }) => json.data);
    expect(removed.map((data) => data.documentId).sort()).toEqual(ids.slice(3).sort());
    for (const data of removed) expect(data).toMatchObject({ organizationId, tagId: tag.id });
    for (const { path } of receiver.received) expect(path).toBe('/bulk');
  });
});

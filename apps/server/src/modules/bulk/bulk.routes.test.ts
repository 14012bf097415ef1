import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BulkRequest, TaskDto } from '@sheaf/contracts/bulk';
import type { DocumentDto } from '@sheaf/contracts/documents';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { createProperty } from '../properties/properties.test-helpers';
import { attachTag, createTag } from '../tags/tags.test-helpers';
import { getTask, postBulk, runBulk, runBulkTask, taskPath } from './bulk.test-helpers';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(testDialects)('bulk actions API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100', UPLOADS_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  const as = (user: TestUser): Credentials => ({ cookie: user.cookie });
  let uploads = 0;

  /** A fresh organization of the owner (the member in it), so each test counts its own documents. */
  const newOrganization = async () => {
    const { id } = await createOrganization(server, owner, `Bulk ${++uploads}`);
    await addMember(server, owner, id, member, 'member');
    return id;
  };
  const newDocument = async (organizationId: string, name?: string, data?: string) => {
    clock.advance(1000);
    uploads += 1;
    const document = await createDocument(server, as(owner), organizationId, {
      name: name ?? `Document ${uploads}.txt`,
      data: data ?? `Bulk content (upload ${uploads})`,
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();
    return document;
  };
  const newDocuments = async (organizationId: string, count: number) => {
    const documents: DocumentDto[] = [];
    for (let index = 0; index < count; index++) documents.push(await newDocument(organizationId));
    return documents;
  };
  const tagIdsOf = async (organizationId: string, documentId: string) =>
    (await getDocument(server, as(owner), organizationId, documentId)).tags.map((tag) => tag.id).sort();
  const trash = (organizationId: string, documentId: string) =>
    request(server, 'DELETE', `/api/organizations/${organizationId}/documents/${documentId}`, as(owner));

  beforeAll(async () => {
    owner = await createUser('bulk-owner@example.com', 'Olivia Owner');
    member = await createUser('bulk-member@example.com', 'Mia Member');
    outsider = await createUser('bulk-outsider@example.com', 'Otto Outsider');
  });

  it('adds tags to documents by id, one activity entry each, reports what was already tagged or gone, and undoes it', async () => {
    const organizationId = await newOrganization();
    const [first, second, third, trashed] = await newDocuments(organizationId, 4);
    const invoices = await createTag(server, as(owner), organizationId, { name: 'Invoices' });
    const paid = await createTag(server, as(owner), organizationId, { name: 'Paid' });
    await attachTag(server, as(owner), organizationId, first!.id, invoices.id);
    await trash(organizationId, trashed!.id);
    const foreign = await newDocument(await newOrganization());

    const result = await runBulk(server, as(member), organizationId, {
      action: 'add_tags',
      tagIds: [invoices.id, paid.id],
      documentIds: [first!.id, second!.id, third!.id, trashed!.id, foreign.id, 'doc_unknown'],
    });
    expect(result.changedDocumentIds.sort()).toEqual([first!.id, second!.id, third!.id].sort());
    expect(result.skipped).toEqual([
      { documentId: trashed!.id, reason: 'in_trash' },
      { documentId: foreign.id, reason: 'not_found' },
      { documentId: 'doc_unknown', reason: 'not_found' },
    ]);
    expect(await tagIdsOf(organizationId, second!.id)).toEqual([invoices.id, paid.id].sort());
    const activities = await listActivities(server, as(owner), organizationId, second!.id);
    expect(activities.filter((entry) => entry.event === 'tagged')).toHaveLength(2);
    expect(activities[0]?.user?.name).toBe('Mia Member');
    // The foreign document is untouched.
    expect(await tagIdsOf(foreign.organizationId, foreign.id)).toEqual([]);

    // Undo removes only what this request added: the first document keeps its earlier tag.
    expect(result.undo).toHaveLength(2);
    for (const undo of result.undo) await runBulk(server, as(member), organizationId, undo);
    expect(await tagIdsOf(organizationId, first!.id)).toEqual([invoices.id]);
    expect(await tagIdsOf(organizationId, second!.id)).toEqual([]);

    // Adding what is there changes nothing.
    const again = await runBulk(server, as(member), organizationId, {
      action: 'add_tags',
      tagIds: [invoices.id],
      documentIds: [first!.id],
    });
    expect(again).toMatchObject({ changedDocumentIds: [], unchangedCount: 1, undo: [] });
  });

  it('removes tags, sets and clears a property and sets the document date by id', async () => {
    const organizationId = await newOrganization();
    const documents = await newDocuments(organizationId, 3);
    const ids = documents.map((document) => document.id);
    const tag = await createTag(server, as(owner), organizationId, { name: 'Old' });
    for (const id of ids) await attachTag(server, as(owner), organizationId, id, tag.id);
    const removed = await runBulk(server, as(owner), organizationId, {
      action: 'remove_tags',
      tagIds: [tag.id],
      documentIds: ids,
    });
    expect(removed.changedDocumentIds).toHaveLength(3);
    expect(removed.undo).toEqual([{ action: 'add_tags', tagIds: [tag.id], documentIds: ids }]);
    expect(await tagIdsOf(organizationId, ids[0]!)).toEqual([]);

    const amount = await createProperty(server, as(owner), organizationId, {
      name: 'Amount',
      type: 'number',
    });
    const set = await runBulk(server, as(owner), organizationId, {
      action: 'set_property',
      propertyId: amount.id,
      value: 42,
      documentIds: ids,
    });
    expect(set.changedDocumentIds).toHaveLength(3);
    expect((await getDocument(server, as(owner), organizationId, ids[1]!)).properties).toEqual([
      { propertyId: amount.id, value: 42 },
    ]);
    // A value that does not fit the property is 400 and changes nothing.
    const invalid = await postBulk(server, as(owner), organizationId, {
      action: 'set_property',
      propertyId: amount.id,
      value: 'many',
      documentIds: ids,
    });
    expect(invalid.status).toBe(400);
    const unknown = await postBulk(server, as(owner), organizationId, {
      action: 'clear_property',
      propertyId: 'prop_unknown',
      documentIds: ids,
    });
    expect(unknown.status).toBe(404);
    expect((await readError(unknown)).error.code).toBe('properties.not_found');
    const cleared = await runBulk(server, as(owner), organizationId, {
      action: 'clear_property',
      propertyId: amount.id,
      documentIds: [ids[0]!],
    });
    expect(cleared.changedDocumentIds).toEqual([ids[0]]);
    expect((await getDocument(server, as(owner), organizationId, ids[0]!)).properties).toEqual([]);

    const dated = await runBulk(server, as(owner), organizationId, {
      action: 'set_document_date',
      documentDate: '2025-12-31',
      documentIds: ids,
    });
    expect(dated.changedDocumentIds).toHaveLength(3);
    const document = await getDocument(server, as(owner), organizationId, ids[2]!);
    expect(document).toMatchObject({ documentDate: '2025-12-31', documentDateIsDetected: false });
    const entries = await listActivities(server, as(owner), organizationId, ids[2]!);
    expect(entries).toContainEqual(
      expect.objectContaining({ event: 'updated', eventData: { updatedFields: ['documentDate'] } }),
    );
  });

  it('trashes, restores and deletes for good (from the trash only), and re-runs extractions', async () => {
    const organizationId = await newOrganization();
    const [first, second] = await newDocuments(organizationId, 2);
    const ids = [first!.id, second!.id];
    const trashed = await runBulk(server, as(member), organizationId, { action: 'trash', documentIds: ids });
    expect(trashed.changedDocumentIds).toEqual(ids);
    expect(trashed.undo).toEqual([{ action: 'restore', documentIds: ids }]);
    expect((await getDocument(server, as(owner), organizationId, first!.id)).isDeleted).toBe(true);
    await runBulk(server, as(member), organizationId, trashed.undo[0]!);
    expect((await getDocument(server, as(owner), organizationId, first!.id)).isDeleted).toBe(false);

    // Active documents are not deleted for good.
    const refused = await runBulk(server, as(owner), organizationId, {
      action: 'delete_permanently',
      documentIds: ids,
    });
    expect(refused.skipped.map((item) => item.reason)).toEqual(['not_in_trash', 'not_in_trash']);
    await trash(organizationId, second!.id);
    const deleted = await runBulk(server, as(owner), organizationId, {
      action: 'delete_permanently',
      documentIds: ids,
    });
    expect(deleted.changedDocumentIds).toEqual([second!.id]);
    const gone = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/${second!.id}`,
      as(owner),
    );
    expect(gone.status).toBe(404);

    const retried = await runBulk(server, as(owner), organizationId, {
      action: 'retry_extraction',
      documentIds: [first!.id],
    });
    expect(retried.changedDocumentIds).toEqual([first!.id]);
    // Queued and not run yet: a second request skips it.
    const busy = await runBulk(server, as(owner), organizationId, {
      action: 'retry_extraction',
      documentIds: [first!.id],
    });
    expect(busy.skipped).toEqual([{ documentId: first!.id, reason: 'extraction_in_progress' }]);
    await server.jobQueue.runDueJobs();
    expect((await getDocument(server, as(owner), organizationId, first!.id)).extractionStatus).toBe('done');
  });

  it('runs a selection by filter as a task, for every action, and lists the tasks', async () => {
    const organizationId = await newOrganization();
    const documents = await newDocuments(organizationId, 5);
    const ids = documents.map((document) => document.id);
    const selected = await createTag(server, as(owner), organizationId, { name: 'Selected' });
    const added = await createTag(server, as(owner), organizationId, { name: 'Added' });
    for (const id of ids.slice(0, 3)) await attachTag(server, as(owner), organizationId, id, selected.id);
    const filter = { tags: [selected.id] };

    const response = await postBulk(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [added.id],
      filter,
    });
    expect(response.status).toBe(202);
    const { task: queued } = await readJson<{ task: TaskDto }>(response);
    expect(queued).toMatchObject({ state: 'queued', total: null, processedCount: 0, action: 'add_tags' });
    await server.jobQueue.runDueJobs();
    const done = await getTask(server, as(member), organizationId, queued.id);
    expect(done).toMatchObject({
      state: 'done',
      total: 3,
      processedCount: 3,
      changedCount: 3,
      skippedCount: 0,
    });
    expect(done.createdBy?.name).toBe('Olivia Owner');
    expect(await tagIdsOf(organizationId, ids[0]!)).toEqual([selected.id, added.id].sort());
    expect(await tagIdsOf(organizationId, ids[4]!)).toEqual([]);

    const amount = await createProperty(server, as(owner), organizationId, {
      name: 'Amount',
      type: 'number',
    });
    const steps = [
      { action: 'remove_tags', tagIds: [added.id] },
      { action: 'set_property', propertyId: amount.id, value: 7 },
      { action: 'clear_property', propertyId: amount.id },
      { action: 'set_document_date', documentDate: '2024-01-02' },
      { action: 'retry_extraction' },
      { action: 'trash' },
    ] as const;
    for (const step of steps) {
      clock.advance(1000);
      const task = await runBulkTask(server, as(owner), organizationId, { ...step, filter } as BulkRequest);
      expect(task, step.action).toMatchObject({ state: 'done', total: 3, changedCount: 3 });
    }
    expect((await getDocument(server, as(owner), organizationId, ids[1]!)).isDeleted).toBe(true);
    clock.advance(1000);
    const restored = await runBulkTask(server, as(owner), organizationId, {
      action: 'restore',
      filter: { scope: 'trash' },
    });
    expect(restored).toMatchObject({ state: 'done', total: 3, changedCount: 3 });
    clock.advance(1000);
    await runBulkTask(server, as(owner), organizationId, {
      action: 'trash',
      filter: { tags: [selected.id] },
    });
    clock.advance(1000);
    const purged = await runBulkTask(server, as(owner), organizationId, {
      action: 'delete_permanently',
      filter: { scope: 'trash', tags: [selected.id] },
    });
    expect(purged).toMatchObject({ state: 'done', changedCount: 3 });
    const left = await request(server, 'GET', `/api/organizations/${organizationId}/documents`, as(owner));
    expect((await readJson<{ documentsCount: number }>(left)).documentsCount).toBe(2);

    const list = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/tasks?pageSize=5`,
      as(member),
    );
    const { tasks, tasksCount } = await readJson<{ tasks: TaskDto[]; tasksCount: number }>(list);
    expect(tasksCount).toBe(10);
    expect(tasks).toHaveLength(5);
    expect(tasks[0]?.action).toBe('delete_permanently');
  });

  it('leaves a consistent state when two tasks run on the same documents at once', async () => {
    const organizationId = await newOrganization();
    const documents = await newDocuments(organizationId, 12);
    const tag = await createTag(server, as(owner), organizationId, { name: 'Twice' });
    const queue = async (body: BulkRequest) => {
      const response = await postBulk(server, as(owner), organizationId, body);
      expect(response.status).toBe(202);
      return (await readJson<{ task: TaskDto }>(response)).task.id;
    };
    const first = await queue({ action: 'add_tags', tagIds: [tag.id], filter: {} });
    const second = await queue({ action: 'add_tags', tagIds: [tag.id], filter: {} });
    // Both run together (on PostgreSQL, truly at once), besides the queue.
    await Promise.all([first, second].map((taskId) => server.services.bulk.runTask({ taskId })));
    await Promise.all([first, second].map((taskId) => server.services.bulk.runTask({ taskId })));
    const tasks = await Promise.all(
      [first, second].map((taskId) => getTask(server, as(owner), organizationId, taskId)),
    );
    for (const task of tasks) expect(task).toMatchObject({ state: 'done', total: 12, processedCount: 12 });
    expect(tasks[0]!.changedCount + tasks[1]!.changedCount).toBe(12);
    for (const document of documents) {
      expect(await tagIdsOf(organizationId, document.id)).toEqual([tag.id]);
      const entries = await listActivities(server, as(owner), organizationId, document.id);
      expect(entries.filter((entry) => entry.event === 'tagged')).toHaveLength(1);
    }
    // The queue's own runs of them find nothing left to do.
    await server.jobQueue.runDueJobs();
    const again = await getTask(server, as(owner), organizationId, first);
    expect(again.processedCount).toBe(12);
  });

  it('skips and reports the documents changed or deleted between the selection and their turn', async () => {
    const organizationId = await newOrganization();
    const [untagged, trashed, purged, kept] = await newDocuments(organizationId, 4);
    const selected = await createTag(server, as(owner), organizationId, { name: 'Selected' });
    const date = await createTag(server, as(owner), organizationId, { name: 'Dated' });
    for (const document of [untagged, trashed, purged, kept])
      await attachTag(server, as(owner), organizationId, document!.id, selected.id);
    const response = await postBulk(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [date.id],
      filter: { tags: [selected.id] },
    });
    const { task } = await readJson<{ task: TaskDto }>(response);
    // The selection is taken (a worker stopped right after), then the documents change.
    await server.services.bulk.runTask({ taskId: task.id, signal: AbortSignal.abort() });
    expect(await getTask(server, as(owner), organizationId, task.id)).toMatchObject({
      state: 'running',
      total: 4,
      processedCount: 0,
    });
    await request(
      server,
      'DELETE',
      `/api/organizations/${organizationId}/documents/${untagged!.id}/tags/${selected.id}`,
      as(owner),
    );
    await trash(organizationId, trashed!.id);
    await trash(organizationId, purged!.id);
    await request(
      server,
      'DELETE',
      `/api/organizations/${organizationId}/documents/trash/${purged!.id}`,
      as(owner),
    );
    await server.jobQueue.runDueJobs();
    const done = await getTask(server, as(owner), organizationId, task.id);
    expect(done).toMatchObject({
      state: 'done',
      total: 4,
      processedCount: 4,
      changedCount: 1,
      skippedCount: 3,
    });
    expect(done.skipped).toEqual(
      expect.arrayContaining([
        { documentId: untagged!.id, reason: 'no_longer_matches' },
        { documentId: trashed!.id, reason: 'in_trash' },
        { documentId: purged!.id, reason: 'not_found' },
      ]),
    );
    expect(await tagIdsOf(organizationId, kept!.id)).toEqual([selected.id, date.id].sort());
    expect(await tagIdsOf(organizationId, untagged!.id)).toEqual([]);
  });

  it('selects the search results by their query', async () => {
    const organizationId = await newOrganization();
    await newDocument(organizationId, 'alpha.txt', 'zebracorn one');
    await newDocument(organizationId, 'beta.txt', 'zebracorn two');
    const other = await newDocument(organizationId, 'gamma.txt', 'nothing here');
    const tag = await createTag(server, as(owner), organizationId, { name: 'Found' });
    const task = await runBulkTask(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [tag.id],
      filter: { searchQuery: 'zebracorn' },
    });
    expect(task).toMatchObject({ state: 'done', total: 2, changedCount: 2 });
    expect(await tagIdsOf(organizationId, other.id)).toEqual([]);
  });

  it('checks the permission of each action for API keys, and refuses outsiders, changing nothing', async () => {
    const organizationId = await newOrganization();
    const [document] = await newDocuments(organizationId, 1);
    const reader = await createApiKey(server, owner, {
      permissions: ['documents:read'],
      organizationIds: [organizationId],
    });
    const denied = await postBulk(server, { token: reader }, organizationId, {
      action: 'trash',
      documentIds: [document!.id],
    });
    expect(denied.status).toBe(403);
    expect((await readError(denied)).error.code).toBe('auth.forbidden');
    const deniedByFilter = await postBulk(server, { token: reader }, organizationId, {
      action: 'delete_permanently',
      filter: { scope: 'trash' },
    });
    expect(deniedByFilter.status).toBe(403);
    expect((await getDocument(server, as(owner), organizationId, document!.id)).isDeleted).toBe(false);
    // Reading is enough to download.
    const download = await postBulk(server, { token: reader }, organizationId, {
      action: 'download_zip',
      documentIds: [document!.id],
    });
    expect(download.status).toBe(201);
    const deleter = await createApiKey(server, owner, {
      permissions: ['documents:read', 'documents:delete'],
      organizationIds: [organizationId],
    });
    const allowed = await postBulk(server, { token: deleter }, organizationId, {
      action: 'trash',
      documentIds: [document!.id],
    });
    expect(allowed.status).toBe(200);

    const intruder = await postBulk(server, as(outsider), organizationId, {
      action: 'restore',
      documentIds: [document!.id],
    });
    expect(intruder.status).toBe(403);
    expect((await getDocument(server, as(owner), organizationId, document!.id)).isDeleted).toBe(true);
    const { task } = await readJson<{ task: TaskDto }>(download);
    expect((await request(server, 'GET', taskPath(organizationId, task.id), as(outsider))).status).toBe(403);
    const otherOrganization = await newOrganization();
    const elsewhere = await request(server, 'GET', taskPath(otherOrganization, task.id), as(owner));
    expect(elsewhere.status).toBe(404);
    expect((await readError(elsewhere)).error.code).toBe('tasks.not_found');
  });

  it('undoes a finished task by filter once: tags back, trash restored, permissions checked', async () => {
    const organizationId = await newOrganization();
    const documents = await newDocuments(organizationId, 4);
    const ids = documents.map((document) => document.id);
    const selected = await createTag(server, as(owner), organizationId, { name: 'Selected' });
    const extra = await createTag(server, as(owner), organizationId, { name: 'Extra' });
    for (const id of ids.slice(0, 3)) await attachTag(server, as(owner), organizationId, id, selected.id);
    await attachTag(server, as(owner), organizationId, ids[0]!, extra.id);
    const filter = { tags: [selected.id] };
    const undo = (taskId: string, credentials: Credentials = as(member)) =>
      request(server, 'POST', `${taskPath(organizationId, taskId)}/undo`, credentials);
    const runUndo = async (taskId: string) => {
      const response = await undo(taskId);
      expect(response.status).toBe(202);
      const { task } = await readJson<{ task: TaskDto }>(response);
      await server.jobQueue.runDueJobs();
      return getTask(server, as(member), organizationId, task.id);
    };

    const tagged = await runBulkTask(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [extra.id],
      filter,
    });
    expect(tagged).toMatchObject({ changedCount: 2, unchangedCount: 1, canUndo: true, undoneByTaskId: null });
    const untagged = await runUndo(tagged.id);
    expect(untagged).toMatchObject({ action: 'remove_tags', state: 'done', total: 2, changedCount: 2 });
    // Only the documents the task changed: the first had the tag before and keeps it.
    expect(await tagIdsOf(organizationId, ids[0]!)).toEqual([selected.id, extra.id].sort());
    expect(await tagIdsOf(organizationId, ids[1]!)).toEqual([selected.id]);
    expect(await getTask(server, as(owner), organizationId, tagged.id)).toMatchObject({
      canUndo: false,
      undoneByTaskId: untagged.id,
    });
    const twice = await undo(tagged.id);
    expect(twice.status).toBe(409);
    expect((await readError(twice)).error.code).toBe('tasks.already_undone');

    const removed = await runBulkTask(server, as(owner), organizationId, {
      action: 'remove_tags',
      tagIds: [extra.id],
      filter,
    });
    expect(removed.changedCount).toBe(1);
    await runUndo(removed.id);
    expect(await tagIdsOf(organizationId, ids[0]!)).toEqual([selected.id, extra.id].sort());
    expect(await tagIdsOf(organizationId, ids[2]!)).toEqual([selected.id]);

    const trashed = await runBulkTask(server, as(owner), organizationId, { action: 'trash', filter });
    expect(trashed).toMatchObject({ changedCount: 3, canUndo: true });
    // The permission of the action undone, for API keys; outsiders and other organizations refused.
    const updater = await createApiKey(server, owner, {
      permissions: ['documents:read', 'documents:update'],
      organizationIds: [organizationId],
    });
    const denied = await undo(trashed.id, { token: updater });
    expect(denied.status).toBe(403);
    expect((await readError(denied)).error.code).toBe('auth.forbidden');
    expect((await undo(trashed.id, as(outsider))).status).toBe(403);
    const otherOrganization = await newOrganization();
    const elsewhere = await request(
      server,
      'POST',
      `${taskPath(otherOrganization, trashed.id)}/undo`,
      as(owner),
    );
    expect(elsewhere.status).toBe(404);
    for (const id of ids.slice(0, 3))
      expect((await getDocument(server, as(owner), organizationId, id)).isDeleted).toBe(true);
    const restored = await runUndo(trashed.id);
    expect(restored).toMatchObject({ action: 'restore', state: 'done', changedCount: 3 });
    for (const id of ids)
      expect((await getDocument(server, as(owner), organizationId, id)).isDeleted).toBe(false);

    // Another action, or a task that changed nothing, cannot be undone.
    const dated = await runBulkTask(server, as(owner), organizationId, {
      action: 'set_document_date',
      documentDate: '2026-01-01',
      filter,
    });
    expect(dated.canUndo).toBe(false);
    const refused = await undo(dated.id);
    expect(refused.status).toBe(409);
    expect((await readError(refused)).error.code).toBe('tasks.not_undoable');
  });

  it('refuses a request with both or neither selection, or too many ids', async () => {
    const organizationId = await newOrganization();
    const both = await postBulk(server, as(owner), organizationId, {
      action: 'trash',
      documentIds: ['doc_a'],
      filter: {},
    });
    expect(both.status).toBe(400);
    const neither = await postBulk(server, as(owner), organizationId, { action: 'trash' });
    expect(neither.status).toBe(400);
    const tooMany = await postBulk(server, as(owner), organizationId, {
      action: 'trash',
      documentIds: Array.from({ length: 1001 }, (_, index) => `doc_${index}`),
    });
    expect(tooMany.status).toBe(400);
    const unknownTag = await postBulk(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: ['tag_unknown'],
      filter: {},
    });
    expect(unknownTag.status).toBe(404);
  });

  it('zips documents with safe, unique names and a manifest, which a real unzip extracts intact', async () => {
    const organizationId = await newOrganization();
    const names = [
      '../../escape.txt',
      'folder/inner.txt',
      'same.txt',
      'SAME.txt',
      'Fäktura 日本 ✓.txt',
      'CON.txt',
      'what?<are>:these|.txt',
      '..',
    ];
    const documents: DocumentDto[] = [];
    for (const [index, name] of names.entries()) {
      const document = await newDocument(
        organizationId,
        `upload-${index}.txt`,
        `zip content ${index} ${name}`,
      );
      const renamed = await request(
        server,
        'PATCH',
        `/api/organizations/${organizationId}/documents/${document.id}`,
        as(owner),
        {
          body: { name },
        },
      );
      expect(renamed.status, name).toBe(200);
      documents.push(document);
    }
    const tag = await createTag(server, as(owner), organizationId, { name: 'Zipped' });
    await attachTag(server, as(owner), organizationId, documents[0]!.id, tag.id);

    const response = await postBulk(server, as(owner), organizationId, {
      action: 'download_zip',
      documentIds: documents.map((document) => document.id),
    });
    expect(response.status).toBe(201);
    const { task } = await readJson<{ task: TaskDto }>(response);
    expect(task).toMatchObject({ state: 'done', action: 'download_zip' });
    const zipResponse = await request(server, 'GET', task.downloadUrl ?? '', as(owner));
    expect(zipResponse.status).toBe(200);
    expect(zipResponse.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await zipResponse.arrayBuffer());

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-zip-'));
    try {
      const zipPath = path.join(folder, 'documents.zip');
      fs.writeFileSync(zipPath, zip);
      const target = path.join(folder, 'out');
      fs.mkdirSync(target);
      execFileSync('unzip', ['-q', zipPath, '-d', target]);
      const extracted = fs.readdirSync(target, { recursive: true }) as string[];
      // Nothing outside the target, no folder inside it.
      expect(fs.readdirSync(folder).sort()).toEqual(['documents.zip', 'out']);
      expect(extracted.every((entry) => !entry.includes(path.sep))).toBe(true);
      expect(extracted).toHaveLength(names.length + 1);
      expect(new Set(extracted.map((entry) => entry.toLowerCase())).size).toBe(extracted.length);
      expect(extracted).toContain('Fäktura 日本 ✓.txt');
      expect(extracted).toContain('_CON.txt');
      expect(extracted.some((entry) => /[<>:"|?*]/.test(entry))).toBe(false);

      const manifest = fs.readFileSync(path.join(target, 'manifest.csv'), 'utf8').replace(/^\uFEFF/, '');
      const lines = manifest.trim().split('\r\n');
      expect(lines[0]).toBe('file,id,name,document_date,tags,properties,sha256');
      expect(lines).toHaveLength(names.length + 1);
      for (const document of documents) {
        const line = lines.find((entry) => entry.includes(document.id));
        expect(line, document.id).toBeDefined();
        const fileName = line!.startsWith('"') ? line!.slice(1, line!.indexOf('"', 1)) : line!.split(',')[0]!;
        const bytes = fs.readFileSync(path.join(target, fileName));
        expect(sha256(bytes)).toBe(document.originalSha256);
        expect(line!.endsWith(document.originalSha256)).toBe(true);
      }
      expect(lines.find((entry) => entry.includes(documents[0]!.id))).toContain('Zipped');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }

    // The link expires.
    clock.advance(25 * 60 * 60 * 1000);
    expect((await request(server, 'GET', task.downloadUrl ?? '', as(owner))).status).toBe(404);
  });

  it('purges the tasks ended over 30 days ago with their documents list, keeping the others', async () => {
    const organizationId = await newOrganization();
    await newDocuments(organizationId, 2);
    const tag = await createTag(server, as(owner), organizationId, { name: 'Old task' });
    const old = await runBulkTask(server, as(owner), organizationId, {
      action: 'add_tags',
      tagIds: [tag.id],
      filter: { tags: [] },
    });
    const recent = await runBulkTask(server, as(owner), organizationId, {
      action: 'remove_tags',
      tagIds: [tag.id],
      filter: { tags: [tag.id] },
    });
    expect([old.state, recent.state]).toEqual(['done', 'done']);
    const { db } = testDatabase.database;
    const itemsOf = async (taskId: string) =>
      (await db.selectFrom('bulk_task_items').select('document_id').where('task_id', '=', taskId).execute())
        .length;
    expect(await itemsOf(old.id)).toBe(2);
    expect(await server.services.bulk.purgeTasks()).toBe(0);

    // One ended 30 days and a second before now, the other 30 days less a second before.
    const daysAgo = (milliseconds: number) => new Date(clock.now().getTime() - milliseconds).toISOString();
    const month = 30 * 24 * 60 * 60 * 1000;
    await db
      .updateTable('bulk_tasks')
      .set({ finished_at: daysAgo(month + 1000) })
      .where('id', '=', old.id)
      .execute();
    await db
      .updateTable('bulk_tasks')
      .set({ finished_at: daysAgo(month - 1000) })
      .where('id', '=', recent.id)
      .execute();
    expect(await server.services.bulk.purgeTasks()).toBe(1);
    const left = await db
      .selectFrom('bulk_tasks')
      .select('id')
      .where('id', 'in', [old.id, recent.id])
      .execute();
    expect(left.map(({ id }) => id)).toEqual([recent.id]);
    expect(await itemsOf(old.id)).toBe(0);
    expect((await request(server, 'GET', taskPath(organizationId, old.id), as(owner))).status).toBe(404);
  });
});

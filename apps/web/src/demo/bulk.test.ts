import type { BulkResultDto, TaskDto } from '@sheaf/contracts/bulk';
import type { DocumentActivityDto, DocumentListItemDto } from '@sheaf/contracts/documents';
import type { TagDto } from '@sheaf/contracts/tags';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo, type DemoAnswerBody } from './demo-test-helpers';
import { createSeed, DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence } from './state';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const BULK = `${ORG}/documents/bulk`;

let api: DemoApi;

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);
const errorCode = (body: DemoAnswerBody) => (body.error as { code?: string } | undefined)?.code;
const resultOf = (body: DemoAnswerBody) => body.result as BulkResultDto;

async function documents(path = `${ORG}/documents?pageSize=100`) {
  return (await call('GET', path)).body.documents as DocumentListItemDto[];
}

async function tagNamed(name: string) {
  const tags = (await call('GET', `${ORG}/tags`)).body.tags as TagDto[];
  const tag = tags.find((entry) => entry.name === name);
  if (!tag) throw new Error(`No tag ${name}`);
  return tag;
}

describe('demo bulk actions', () => {
  beforeEach(async () => {
    const persistence = createMemoryPersistence();
    const seed = await createSeed(NOW);
    await persistence.saveFiles(seed.files);
    await persistence.saveState(seed.state);
    api = await createDemoApi({ persistence, now: () => NOW, sleep: async () => {} });
  });

  test('tags documents by id, says which already had the tag, and undoes only what it added', async () => {
    const receipts = await tagNamed('Receipts');
    const all = await documents();
    const tagged = all.filter((document) => document.tags.some(({ id }) => id === receipts.id));
    const untagged = all.filter((document) => !document.tags.some(({ id }) => id === receipts.id));
    const ids = [...tagged.slice(0, 1), ...untagged.slice(0, 3)].map(({ id }) => id);

    const { status, body } = await call('POST', BULK, {
      action: 'add_tags',
      tagIds: [receipts.id],
      documentIds: [...ids, 'doc_unknown000000000000000'],
    });
    expect(status).toBe(200);
    const result = resultOf(body);
    expect(result.changedDocumentIds.sort()).toEqual(
      untagged
        .slice(0, 3)
        .map(({ id }) => id)
        .sort(),
    );
    expect(result.unchangedCount).toBe(1);
    expect(result.skipped).toEqual([{ documentId: 'doc_unknown000000000000000', reason: 'not_found' }]);
    const [firstChanged] = result.changedDocumentIds;
    const activities = (await call('GET', `${ORG}/documents/${firstChanged}/activity`)).body
      .activities as DocumentActivityDto[];
    expect(activities.some((entry) => entry.event === 'tagged')).toBe(true);

    for (const undo of result.undo) expect((await call('POST', BULK, undo)).status).toBe(200);
    const after = await documents();
    const withTag = after.filter((document) => document.tags.some(({ id }) => id === receipts.id));
    expect(withTag.map(({ id }) => id).sort()).toEqual(tagged.map(({ id }) => id).sort());
  });

  test('runs a selection by filter as a task, already done, that GET /tasks lists', async () => {
    const receipts = await tagNamed('Receipts');
    const matching = await documents(`${ORG}/documents?pageSize=100&fileTypes=pdf`);
    const { status, body } = await call('POST', BULK, {
      action: 'add_tags',
      tagIds: [receipts.id],
      filter: { fileTypes: ['pdf'] },
    });
    expect(status).toBe(202);
    const task = body.task as TaskDto;
    expect(task).toMatchObject({ state: 'done', total: matching.length, processedCount: matching.length });
    expect(task.changedCount + task.unchangedCount).toBe(matching.length);
    expect((await call('GET', `${ORG}/tasks/${task.id}`)).body.task).toEqual(task);
    expect(((await call('GET', `${ORG}/tasks`)).body.tasks as TaskDto[]).map(({ id }) => id)).toEqual([
      task.id,
    ]);
    const pdfs = await documents(`${ORG}/documents?pageSize=100&fileTypes=pdf`);
    expect(pdfs.every((document) => document.tags.some(({ id }) => id === receipts.id))).toBe(true);
  });

  test('undoes a task by filter once: the tags it added come off, the trash it filled is restored', async () => {
    const receipts = await tagNamed('Receipts');
    const before = await documents(`${ORG}/documents?pageSize=100&fileTypes=pdf`);
    const hadTag = new Set(
      before.filter((document) => document.tags.some(({ id }) => id === receipts.id)).map(({ id }) => id),
    );
    const task = (
      await call('POST', BULK, { action: 'add_tags', tagIds: [receipts.id], filter: { fileTypes: ['pdf'] } })
    ).body.task as TaskDto;
    expect(task.canUndo).toBe(task.changedCount > 0);
    const undo = await call('POST', `${ORG}/tasks/${task.id}/undo`);
    expect(undo.status).toBe(202);
    expect(undo.body.task).toMatchObject({
      action: 'remove_tags',
      state: 'done',
      changedCount: task.changedCount,
    });
    const after = await documents(`${ORG}/documents?pageSize=100&fileTypes=pdf`);
    for (const document of after)
      expect(document.tags.some(({ id }) => id === receipts.id)).toBe(hadTag.has(document.id));
    expect((await call('GET', `${ORG}/tasks/${task.id}`)).body.task).toMatchObject({
      canUndo: false,
      undoneByTaskId: (undo.body.task as TaskDto).id,
    });
    const twice = await call('POST', `${ORG}/tasks/${task.id}/undo`);
    expect(twice.status).toBe(409);
    expect(errorCode(twice.body)).toBe('tasks.already_undone');

    const trashed = (await call('POST', BULK, { action: 'trash', filter: { fileTypes: ['pdf'] } })).body
      .task as TaskDto;
    expect(trashed.changedCount).toBe(before.length);
    expect((await call('POST', `${ORG}/tasks/${trashed.id}/undo`)).status).toBe(202);
    expect(await documents(`${ORG}/documents?pageSize=100&fileTypes=pdf`)).toHaveLength(before.length);
  });

  test('moves to the trash and back, and deletes from the trash only', async () => {
    const [first, second] = await documents();
    const ids = [first?.id ?? '', second?.id ?? ''];
    const trashed = resultOf((await call('POST', BULK, { action: 'trash', documentIds: ids })).body);
    expect(trashed.changedDocumentIds).toEqual(ids);
    expect(trashed.undo).toEqual([{ action: 'restore', documentIds: ids }]);

    // Trashing again: already in the trash, skipped.
    const again = resultOf((await call('POST', BULK, { action: 'trash', documentIds: ids })).body);
    expect(again.skipped.map(({ reason }) => reason)).toEqual(['in_trash', 'in_trash']);

    const restored = resultOf((await call('POST', BULK, { action: 'restore', documentIds: ids })).body);
    expect(restored.changedDocumentIds).toEqual(ids);
    const notInTrash = resultOf(
      (await call('POST', BULK, { action: 'delete_permanently', documentIds: ids })).body,
    );
    expect(notInTrash.skipped.map(({ reason }) => reason)).toEqual(['not_in_trash', 'not_in_trash']);

    await call('POST', BULK, { action: 'trash', documentIds: ids });
    const deleted = await call('POST', BULK, { action: 'delete_permanently', filter: { scope: 'trash' } });
    expect(deleted.status).toBe(202);
    expect((deleted.body.task as TaskDto).changedCount).toBe(2);
    expect((await call('GET', `${ORG}/documents/deleted`)).body.documentsCount).toBe(0);
  });

  test('sets and clears the document date', async () => {
    const [first] = await documents();
    const id = first?.id ?? '';
    const set = resultOf(
      (
        await call('POST', BULK, {
          action: 'set_document_date',
          documentDate: '2024-02-29',
          documentIds: [id],
        })
      ).body,
    );
    expect(set.changedDocumentIds).toEqual([id]);
    expect((await call('GET', `${ORG}/documents/${id}`)).body.document).toMatchObject({
      documentDate: '2024-02-29',
    });
    await call('POST', BULK, { action: 'set_document_date', documentDate: null, documentIds: [id] });
    expect((await call('GET', `${ORG}/documents/${id}`)).body.document).toMatchObject({ documentDate: null });
  });

  test('refuses an unknown tag and a value of the wrong type, changing nothing', async () => {
    const before = await documents();
    const unknownTag = await call('POST', BULK, {
      action: 'add_tags',
      tagIds: ['tag_unknown000000000000000'],
      documentIds: [before[0]?.id],
    });
    expect(unknownTag.status).toBe(404);
    expect(errorCode(unknownTag.body)).toBe('tags.not_found');

    const properties = (await call('GET', `${ORG}/properties`)).body.properties as {
      id: string;
      type: string;
    }[];
    const paid = properties.find((property) => property.type === 'boolean');
    const wrongValue = await call('POST', BULK, {
      action: 'set_property',
      propertyId: paid?.id,
      value: 'yes',
      documentIds: before.map(({ id }) => id),
    });
    expect(wrongValue.status).toBe(400);
    expect(await documents()).toEqual(before);
  });

  test('says zip downloads are not available in the demo', async () => {
    const [first] = await documents();
    const zip = await call('POST', BULK, { action: 'download_zip', documentIds: [first?.id] });
    expect(zip.status).toBe(501);
    expect(errorCode(zip.body)).toBe('demo.not_available');
  });
});

import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import type { NoteDto } from '@sheaf/contracts/notes';
import type { MemberRole } from '@sheaf/contracts/permissions';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo, type DemoAnswerBody } from './demo-test-helpers';
import { notesCountOf } from './notes';
import { createSeed, DEMO_ORGANIZATION_ID, DEMO_USER } from './seed';
import { createMemoryPersistence, type DemoState } from './state';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
/** The seed's first document carries a note by the demo user, then one by Alex (an admin). */
const DOCUMENT = 'doc_demo00000000000000000001';
const NOTES = `${ORG}/documents/${DOCUMENT}/notes`;

let api: DemoApi;

/** The demo as seeded, with the demo user's membership changed to `role` when given. */
async function startDemo({ role }: { role?: MemberRole } = {}) {
  const persistence = createMemoryPersistence();
  const seed = await createSeed(NOW);
  if (role) {
    for (const member of seed.state.members) {
      if (member.userId === DEMO_USER.id) member.role = role;
    }
  }
  await persistence.saveFiles(seed.files);
  await persistence.saveState(seed.state);
  api = await createDemoApi({ persistence, now: () => NOW, sleep: async () => {} });
  // What the demo saved after its last change.
  return async () => (await persistence.loadState()) as DemoState;
}

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);
const errorCode = (body: DemoAnswerBody) => (body.error as { code?: string } | undefined)?.code;
const notesOf = (body: DemoAnswerBody) => body.notes as NoteDto[];

async function activitiesOf(documentPath: string) {
  return (await call('GET', `${documentPath}/activity`)).body.activities as DocumentActivityDto[];
}

describe('demo notes', () => {
  let readState: () => Promise<DemoState>;
  beforeEach(async () => {
    readState = await startDemo();
  });

  test('lists the seeded notes oldest first, with their authors, one of them with a link', async () => {
    const { status, body } = await call('GET', NOTES);
    expect(status).toBe(200);
    const notes = notesOf(body);
    expect(body.notesCount).toBe(2);
    expect(notes.map((note) => note.author?.name)).toEqual(['Demo user', 'Alex Martin']);
    expect(notes[0]?.createdAt.localeCompare(notes[1]?.createdAt ?? '')).toBeLessThan(0);
    expect(notes[1]?.content).toMatch(/https:\/\/\S+/);
    expect(notesCountOf(await readState(), DOCUMENT)).toBe(2);
  });

  test('pages the notes with the count of them all', async () => {
    const { body } = await call('GET', `${NOTES}?pageIndex=1&pageSize=1`);
    expect(notesOf(body).map((note) => note.author?.name)).toEqual(['Alex Martin']);
    expect(body.notesCount).toBe(2);
  });

  test('adds a trimmed note by the demo user, with a note_added activity entry', async () => {
    const { status, body } = await call('POST', NOTES, { content: '  Call the plumber\nabout the valve ' });
    expect(status).toBe(201);
    const note = body.note as NoteDto;
    expect(note).toMatchObject({
      documentId: DOCUMENT,
      content: 'Call the plumber\nabout the valve',
      author: { id: DEMO_USER.id, name: DEMO_USER.name },
      createdAt: NOW.toISOString(),
      updatedAt: null,
    });
    expect(note.id).toMatch(/^note_[a-z0-9]{24}$/);
    expect(notesOf((await call('GET', NOTES)).body).at(-1)?.id).toBe(note.id);
    expect(notesCountOf(await readState(), DOCUMENT)).toBe(3);
    const [latest] = await activitiesOf(`${ORG}/documents/${DOCUMENT}`);
    expect(latest).toMatchObject({
      event: 'note_added',
      eventData: { noteId: note.id },
      user: { id: DEMO_USER.id },
    });
  });

  test('refuses an empty note and one past the maximum length', async () => {
    for (const content of ['   ', 'x'.repeat(10_001)]) {
      const { status, body } = await call('POST', NOTES, { content });
      expect(status).toBe(400);
      expect(errorCode(body)).toBe('api.validation_error');
    }
  });

  test("edits the demo user's own note, marked as edited, and leaves it as it was when the text is the same", async () => {
    const [own] = notesOf((await call('GET', NOTES)).body);
    const same = await call('PATCH', `${NOTES}/${own?.id}`, { content: own?.content });
    expect(same.status).toBe(200);
    expect((same.body.note as NoteDto).updatedAt).toBeNull();

    const { status, body } = await call('PATCH', `${NOTES}/${own?.id}`, { content: 'Paid on the 15th' });
    expect(status).toBe(200);
    expect(body.note).toMatchObject({ content: 'Paid on the 15th', updatedAt: NOW.toISOString() });
  });

  test("refuses to edit another member's note, even for an owner", async () => {
    const [, alexs] = notesOf((await call('GET', NOTES)).body);
    const { status, body } = await call('PATCH', `${NOTES}/${alexs?.id}`, { content: 'Rewritten' });
    expect(status).toBe(403);
    expect(errorCode(body)).toBe('auth.forbidden');
    expect(notesOf((await call('GET', NOTES)).body)[1]?.content).toBe(alexs?.content);
  });

  test("an owner deletes another member's note, with a note_deleted activity entry", async () => {
    const [, alexs] = notesOf((await call('GET', NOTES)).body);
    const { status } = await call('DELETE', `${NOTES}/${alexs?.id}`);
    expect(status).toBe(204);
    expect(notesOf((await call('GET', NOTES)).body).map((note) => note.id)).not.toContain(alexs?.id);
    expect(notesCountOf(await readState(), DOCUMENT)).toBe(1);
    const [latest] = await activitiesOf(`${ORG}/documents/${DOCUMENT}`);
    expect(latest).toMatchObject({ event: 'note_deleted', eventData: { noteId: alexs?.id } });
  });

  test('answers 404 notes.not_found for an unknown note or one of another document', async () => {
    const [own] = notesOf((await call('GET', NOTES)).body);
    const unknown = await call('PATCH', `${NOTES}/note_000000000000000000000000`, { content: 'x' });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('notes.not_found');
    const otherDocument = await call(
      'DELETE',
      `${ORG}/documents/doc_demo00000000000000000002/notes/${own?.id}`,
    );
    expect(otherDocument.status).toBe(404);
    expect(errorCode(otherDocument.body)).toBe('notes.not_found');
  });

  test('a document in the trash shows its notes but takes no new one', async () => {
    expect((await call('DELETE', `${ORG}/documents/${DOCUMENT}`)).status).toBe(204);
    expect(notesOf((await call('GET', NOTES)).body)).toHaveLength(2);
    const { status, body } = await call('POST', NOTES, { content: 'Too late' });
    expect(status).toBe(404);
    expect(errorCode(body)).toBe('documents.not_found');
  });

  test('answers 404 for an unknown document and 403 for an unknown organization', async () => {
    const unknownDocument = await call('GET', `${ORG}/documents/doc_000000000000000000000000/notes`);
    expect(unknownDocument.status).toBe(404);
    expect(errorCode(unknownDocument.body)).toBe('documents.not_found');
    const unknownOrganization = await call(
      'GET',
      `/api/organizations/org_000000000000000000000000/documents/${DOCUMENT}/notes`,
    );
    expect(unknownOrganization.status).toBe(403);
    expect(errorCode(unknownOrganization.body)).toBe('auth.forbidden');
  });
});

describe('demo notes for a member', () => {
  beforeEach(async () => {
    await startDemo({ role: 'member' });
  });

  test("a member cannot delete another member's note, and deletes their own", async () => {
    const [own, alexs] = notesOf((await call('GET', NOTES)).body);
    const refused = await call('DELETE', `${NOTES}/${alexs?.id}`);
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe('auth.forbidden');
    expect((await call('DELETE', `${NOTES}/${own?.id}`)).status).toBe(204);
    expect(notesOf((await call('GET', NOTES)).body).map((note) => note.id)).toEqual([alexs?.id]);
  });
});

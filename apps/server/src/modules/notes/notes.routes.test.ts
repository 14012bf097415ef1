import type { NoteDto } from '@sheaf/contracts/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  createOrganizationWithMembers,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { addNote, listNotes, notesPath } from './notes.test-helpers';

describe.each(testDialects)('notes API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, smtp, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100' },
  });
  let owner: TestUser;
  let admin: TestUser;
  let author: TestUser;
  let other: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  const as = (user: TestUser): Credentials => ({ cookie: user.cookie });
  const tick = () => clock.advance(1000);
  let uploads = 0;

  /** A text document of the organization, uploaded by the owner, its text extracted. */
  const newDocument = async (content = 'Nothing in particular', id = organizationId) => {
    tick();
    uploads += 1;
    const document = await createDocument(server, as(owner), id, {
      name: `Document ${uploads}.txt`,
      // Unique: the same bytes twice are one document.
      data: `${content} (upload ${uploads})`,
      type: 'text/plain',
    });
    await server.jobQueue.runDueJobs();
    return document;
  };

  /** Adds a note a second after the previous change, so that notes have an order. */
  const addNoteLater = (...args: Parameters<typeof addNote>) => {
    tick();
    return addNote(...args);
  };
  const editNote = (
    user: Credentials,
    documentId: string,
    noteId: string,
    content: unknown,
    id = organizationId,
  ) => request(server, 'PATCH', notesPath(id, documentId, noteId), user, { body: { content } });
  const deleteNote = (user: Credentials, documentId: string, noteId: string, id = organizationId) =>
    request(server, 'DELETE', notesPath(id, documentId, noteId), user);
  const contentsOf = async (documentId: string, id = organizationId) =>
    (await listNotes(server, as(owner), id, documentId)).notes.map(({ content }) => content);

  beforeAll(async () => {
    ({
      owner,
      admin,
      member: author,
      other,
      outsider,
      organizationId,
    } = await createOrganizationWithMembers(server, smtp, {
      emailPrefix: 'notes',
      organizationName: 'Notebook',
    }));
  });

  describe('adding, listing, editing and deleting', () => {
    it('adds a note with its text trimmed, its author and its time', async () => {
      const document = await newDocument();
      tick();
      const note = await addNoteLater(
        server,
        as(author),
        organizationId,
        document.id,
        '  Paid on 2026-02-03,\tsee https://bank.example/statement/42\nThanks  \n',
      );
      expect(note).toEqual({
        id: expect.stringMatching(/^note_[a-z0-9]{24}$/),
        documentId: document.id,
        content: 'Paid on 2026-02-03,\tsee https://bank.example/statement/42\nThanks',
        author: { id: author.userId, name: 'Mia Member' },
        createdAt: clock.now().toISOString(),
        updatedAt: null,
      });
      expect(await listNotes(server, as(other), organizationId, document.id)).toEqual({
        notes: [note],
        notesCount: 1,
      });
    });

    it('lists the notes oldest first, a page at a time, with the count of all of them', async () => {
      const document = await newDocument();
      const added: NoteDto[] = [];
      for (const content of ['First', 'Second', 'Third']) {
        tick();
        added.push(await addNoteLater(server, as(author), organizationId, document.id, content));
      }
      expect(await listNotes(server, as(owner), organizationId, document.id)).toEqual({
        notes: added,
        notesCount: 3,
      });
      const firstPage = await listNotes(server, as(owner), organizationId, document.id, '?pageSize=2');
      expect(firstPage.notes.map(({ content }) => content)).toEqual(['First', 'Second']);
      expect(firstPage.notesCount).toBe(3);
      const secondPage = await listNotes(
        server,
        as(owner),
        organizationId,
        document.id,
        '?pageSize=2&pageIndex=1',
      );
      expect(secondPage).toEqual({ notes: [added[2]], notesCount: 3 });
      const pastTheEnd = await listNotes(server, as(owner), organizationId, document.id, '?pageIndex=5');
      expect(pastTheEnd).toEqual({ notes: [], notesCount: 3 });
      // Another document's notes are its own.
      expect(await listNotes(server, as(owner), organizationId, (await newDocument()).id)).toEqual({
        notes: [],
        notesCount: 0,
      });
      const badPage = await request(
        server,
        'GET',
        `${notesPath(organizationId, document.id)}?pageSize=0`,
        as(owner),
      );
      expect(badPage.status).toBe(400);
    });

    it('lets the author edit a note, setting updatedAt; the same text again changes nothing', async () => {
      const document = await newDocument();
      tick();
      const note = await addNoteLater(server, as(author), organizationId, document.id, 'Draft');
      tick();
      const edited = await editNote(as(author), document.id, note.id, '  Final  ');
      expect(edited.status).toBe(200);
      const editedAt = clock.now().toISOString();
      expect((await readJson<{ note: NoteDto }>(edited)).note).toEqual({
        ...note,
        content: 'Final',
        updatedAt: editedAt,
      });
      tick();
      const again = await editNote(as(author), document.id, note.id, 'Final');
      expect((await readJson<{ note: NoteDto }>(again)).note.updatedAt).toBe(editedAt);
      expect((await listNotes(server, as(owner), organizationId, document.id)).notes).toEqual([
        { ...note, content: 'Final', updatedAt: editedAt },
      ]);
    });

    it('lets the author delete a note, after which it is not found', async () => {
      const document = await newDocument();
      const kept = await addNoteLater(server, as(author), organizationId, document.id, 'Kept');
      const removed = await addNoteLater(server, as(author), organizationId, document.id, 'Removed');
      expect((await deleteNote(as(author), document.id, removed.id)).status).toBe(204);
      expect(await listNotes(server, as(owner), organizationId, document.id)).toEqual({
        notes: [kept],
        notesCount: 1,
      });
      for (const response of [
        await deleteNote(as(author), document.id, removed.id),
        await editNote(as(author), document.id, removed.id, 'Back'),
      ]) {
        expect(response.status).toBe(404);
        expect((await readError(response)).error.code).toBe('notes.not_found');
      }
    });
  });

  describe('validation', () => {
    it('refuses an empty note, one over 10,000 characters and control characters, adding nothing', async () => {
      const document = await newDocument();
      const invalid: unknown[] = [
        { content: '' },
        { content: ' \n\t ' },
        { content: 'x'.repeat(10_001) },
        { content: 'Bell \u0007 rings' },
        { content: 'Escape \u001b[31m' },
        { content: 'Delete \u007f' },
        { content: 42 },
        {},
      ];
      for (const body of invalid) {
        const response = await request(server, 'POST', notesPath(organizationId, document.id), as(author), {
          body,
        });
        expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
        const { error } = await readError(response);
        expect(error.code).toBe('api.validation_error');
        expect(error.details).toEqual([expect.objectContaining({ path: 'content' })]);
      }
      const unknownField = await request(server, 'POST', notesPath(organizationId, document.id), as(author), {
        body: { content: 'Fine', pinned: true },
      });
      expect(unknownField.status).toBe(400);
      expect(await listNotes(server, as(owner), organizationId, document.id)).toEqual({
        notes: [],
        notesCount: 0,
      });

      // At the limit, and with surrounding blanks that trimming removes.
      const longest = await addNoteLater(
        server,
        as(author),
        organizationId,
        document.id,
        ` ${'y'.repeat(10_000)} `,
      );
      expect(longest.content).toHaveLength(10_000);
      // An edit is checked the same way and leaves the note as it was.
      for (const content of ['   ', 'z'.repeat(10_001), 'Null \u0000 byte']) {
        const response = await editNote(as(author), document.id, longest.id, content);
        expect(response.status).toBe(400);
        expect((await readError(response)).error.code).toBe('api.validation_error');
      }
      expect(await contentsOf(document.id)).toEqual(['y'.repeat(10_000)]);
    });
  });

  describe('permissions', () => {
    const forbidden = async (response: Response) => {
      expect(response.status).toBe(403);
      expect((await readError(response)).error.code).toBe('auth.forbidden');
    };

    it('lets only the author edit a note: other members, admins and owners get 403 and change nothing', async () => {
      const document = await newDocument();
      const note = await addNoteLater(server, as(author), organizationId, document.id, "Mia's words");
      for (const user of [other, admin, owner]) {
        await forbidden(await editNote(as(user), document.id, note.id, 'Rewritten'));
      }
      expect(await contentsOf(document.id)).toEqual(["Mia's words"]);
      const ownersNote = await addNoteLater(server, as(owner), organizationId, document.id, "Olivia's words");
      await forbidden(await editNote(as(admin), document.id, ownersNote.id, 'Rewritten'));
      await forbidden(await editNote(as(author), document.id, ownersNote.id, 'Rewritten'));
      expect((await editNote(as(owner), document.id, ownersNote.id, 'Olivia again')).status).toBe(200);
      expect(await contentsOf(document.id)).toEqual(["Mia's words", 'Olivia again']);
    });

    it('lets the author, admins and owners delete a note, and no other member', async () => {
      const document = await newDocument();
      const byAuthor = await addNoteLater(server, as(author), organizationId, document.id, 'By the author');
      const forAdmin = await addNoteLater(server, as(author), organizationId, document.id, 'For the admin');
      const forOwner = await addNoteLater(server, as(author), organizationId, document.id, 'For the owner');
      const byAdmin = await addNoteLater(server, as(admin), organizationId, document.id, 'By the admin');

      await forbidden(await deleteNote(as(other), document.id, byAuthor.id));
      await forbidden(await deleteNote(as(author), document.id, byAdmin.id));
      expect(await contentsOf(document.id)).toEqual([
        'By the author',
        'For the admin',
        'For the owner',
        'By the admin',
      ]);

      expect((await deleteNote(as(admin), document.id, forAdmin.id)).status).toBe(204);
      expect((await deleteNote(as(owner), document.id, forOwner.id)).status).toBe(204);
      expect((await deleteNote(as(owner), document.id, byAdmin.id)).status).toBe(204);
      expect((await deleteNote(as(author), document.id, byAuthor.id)).status).toBe(204);
      expect(await contentsOf(document.id)).toEqual([]);
    });

    it('lets an API key act as the user who created it, within its permissions', async () => {
      const document = await newDocument();
      const authorsKey = await createApiKey(server, author, {
        permissions: ['documents:read', 'documents:update'],
        organizationIds: [organizationId],
      });
      const readOnlyKey = await createApiKey(server, author, {
        permissions: ['documents:read'],
        organizationIds: [organizationId],
      });
      const viaKey = await addNoteLater(
        server,
        { token: authorsKey },
        organizationId,
        document.id,
        'Sent by a script',
      );
      expect(viaKey.author).toEqual({ id: author.userId, name: 'Mia Member' });
      const othersNote = await addNoteLater(server, as(other), organizationId, document.id, "Oscar's note");

      expect(
        (await editNote({ token: authorsKey }, document.id, viaKey.id, 'Edited by a script')).status,
      ).toBe(200);
      await forbidden(await editNote({ token: authorsKey }, document.id, othersNote.id, 'Rewritten'));
      await forbidden(await deleteNote({ token: authorsKey }, document.id, othersNote.id));
      // documents:update is needed to write, documents:read to list.
      await forbidden(
        await request(
          server,
          'POST',
          notesPath(organizationId, document.id),
          { token: readOnlyKey },
          {
            body: { content: 'Not allowed' },
          },
        ),
      );
      await forbidden(await deleteNote({ token: readOnlyKey }, document.id, viaKey.id));
      expect(await contentsOf(document.id)).toEqual(['Edited by a script', "Oscar's note"]);
      expect((await listNotes(server, { token: readOnlyKey }, organizationId, document.id)).notesCount).toBe(
        2,
      );

      // The owner's key deletes anyone's note, as the owner does.
      const ownersKey = await createApiKey(server, owner, {
        permissions: ['documents:update'],
        organizationIds: [organizationId],
      });
      expect((await deleteNote({ token: ownersKey }, document.id, othersNote.id)).status).toBe(204);
      expect(await contentsOf(document.id)).toEqual(['Edited by a script']);
    });

    it('keeps the note of a deleted account without its author: nobody edits it, an admin deletes it', async () => {
      const leaver = await createUser('notes-leaver@example.com', 'Lea Leaver');
      await addMember(server, owner, organizationId, leaver, 'member');
      const document = await newDocument();
      const note = await addNoteLater(server, as(leaver), organizationId, document.id, 'Left behind');
      await testDatabase.db.deleteFrom('users').where('id', '=', leaver.userId).execute();

      expect((await listNotes(server, as(owner), organizationId, document.id)).notes).toEqual([
        { ...note, author: null },
      ]);
      await forbidden(await editNote(as(owner), document.id, note.id, 'Rewritten'));
      expect((await deleteNote(as(admin), document.id, note.id)).status).toBe(204);
    });
  });

  describe('activity', () => {
    it('records note_added by the author and note_deleted by whoever deleted the note, naming the note', async () => {
      const document = await newDocument();
      tick();
      const note = await addNoteLater(server, as(author), organizationId, document.id, 'Tracked');
      const addedAt = clock.now().toISOString();
      tick();
      // An edit is not an activity entry.
      await editNote(as(author), document.id, note.id, 'Tracked, edited');
      tick();
      expect((await deleteNote(as(admin), document.id, note.id)).status).toBe(204);
      const activities = await listActivities(server, as(owner), organizationId, document.id);
      expect(activities.slice(0, 2)).toEqual([
        {
          id: expect.any(String),
          event: 'note_deleted',
          eventData: { noteId: note.id },
          tag: null,
          user: { id: admin.userId, name: 'Ada Admin' },
          createdAt: clock.now().toISOString(),
        },
        {
          id: expect.any(String),
          event: 'note_added',
          eventData: { noteId: note.id },
          tag: null,
          user: { id: author.userId, name: 'Mia Member' },
          createdAt: addedAt,
        },
      ]);
      expect(activities.filter(({ event }) => event.startsWith('note_'))).toHaveLength(2);
    });

    it('records nothing for a refused change', async () => {
      const document = await newDocument();
      const note = await addNoteLater(server, as(author), organizationId, document.id, 'Guarded');
      const before = await listActivities(server, as(owner), organizationId, document.id);
      await deleteNote(as(other), document.id, note.id);
      await request(server, 'POST', notesPath(organizationId, document.id), as(author), {
        body: { content: '' },
      });
      expect(await listActivities(server, as(owner), organizationId, document.id)).toEqual(before);
    });
  });

  describe('documents and notes that are not there', () => {
    const expectNotFound = async (response: Response, code: string) => {
      expect(response.status).toBe(404);
      expect((await readError(response)).error.code).toBe(code);
    };

    it('answers documents.not_found for an unknown document and notes.not_found for a note of another document', async () => {
      const document = await newDocument();
      const elsewhere = await newDocument();
      const note = await addNoteLater(server, as(author), organizationId, document.id, 'Mine');
      const unknown = 'doc_000000000000000000000000';
      await expectNotFound(
        await request(server, 'GET', notesPath(organizationId, unknown), as(owner)),
        'documents.not_found',
      );
      await expectNotFound(
        await request(server, 'POST', notesPath(organizationId, unknown), as(owner), {
          body: { content: 'x' },
        }),
        'documents.not_found',
      );
      await expectNotFound(await editNote(as(author), unknown, note.id, 'x'), 'documents.not_found');
      await expectNotFound(await deleteNote(as(author), unknown, note.id), 'documents.not_found');
      await expectNotFound(await editNote(as(author), elsewhere.id, note.id, 'x'), 'notes.not_found');
      await expectNotFound(await deleteNote(as(owner), elsewhere.id, note.id), 'notes.not_found');
      await expectNotFound(
        await deleteNote(as(owner), document.id, 'note_000000000000000000000000'),
        'notes.not_found',
      );
      expect(await contentsOf(document.id)).toEqual(['Mine']);
    });

    it('shows the notes of a document in the trash but takes no change there, as tags do', async () => {
      const document = await newDocument();
      const note = await addNoteLater(server, as(author), organizationId, document.id, 'Before the trash');
      const documentPath = `/api/organizations/${organizationId}/documents/${document.id}`;
      expect((await request(server, 'DELETE', documentPath, as(owner))).status).toBe(204);

      expect(await listNotes(server, as(owner), organizationId, document.id)).toEqual({
        notes: [note],
        notesCount: 1,
      });
      await expectNotFound(
        await request(server, 'POST', notesPath(organizationId, document.id), as(author), {
          body: { content: 'x' },
        }),
        'documents.not_found',
      );
      await expectNotFound(await editNote(as(author), document.id, note.id, 'x'), 'documents.not_found');
      await expectNotFound(await deleteNote(as(author), document.id, note.id), 'documents.not_found');

      expect((await request(server, 'POST', `${documentPath}/restore`, as(owner))).status).toBe(200);
      expect((await editNote(as(author), document.id, note.id, 'After the trash')).status).toBe(200);
    });

    it("refuses another organization's document and note through this organization, and non-members", async () => {
      const otherOrganizationId = (await createOrganization(server, owner, 'Second notebook')).id;
      const theirs = await newDocument('Elsewhere', otherOrganizationId);
      const theirNote = await addNoteLater(server, as(owner), otherOrganizationId, theirs.id, 'Theirs');
      const ours = await newDocument();

      // The owner belongs to both: the document is not in this one.
      await expectNotFound(
        await request(server, 'GET', notesPath(organizationId, theirs.id), as(owner)),
        'documents.not_found',
      );
      await expectNotFound(
        await request(server, 'POST', notesPath(organizationId, theirs.id), as(owner), {
          body: { content: 'x' },
        }),
        'documents.not_found',
      );
      await expectNotFound(await editNote(as(owner), theirs.id, theirNote.id, 'x'), 'documents.not_found');
      await expectNotFound(await deleteNote(as(owner), theirs.id, theirNote.id), 'documents.not_found');
      // Nor is the note, on a document of this one.
      await expectNotFound(await editNote(as(owner), ours.id, theirNote.id, 'x'), 'notes.not_found');
      await expectNotFound(await deleteNote(as(owner), ours.id, theirNote.id), 'notes.not_found');

      // A non-member of the organization is refused before anything is looked up.
      for (const response of [
        await request(server, 'GET', notesPath(otherOrganizationId, theirs.id), as(outsider)),
        await request(server, 'POST', notesPath(otherOrganizationId, theirs.id), as(outsider), {
          body: { content: 'x' },
        }),
        await editNote(as(outsider), theirs.id, theirNote.id, 'x', otherOrganizationId),
        await deleteNote(as(outsider), theirs.id, theirNote.id, otherOrganizationId),
        await deleteNote(as(author), theirs.id, theirNote.id, otherOrganizationId),
      ]) {
        expect(response.status).toBe(403);
        expect((await readError(response)).error.code).toBe('auth.forbidden');
      }
      expect(await listNotes(server, as(owner), otherOrganizationId, theirs.id)).toEqual({
        notes: [theirNote],
        notesCount: 1,
      });
    });
  });
});

import { NOTE_MAX_LENGTH } from '@sheaf/contracts/limits';
import type { NoteDto } from '@sheaf/contracts/notes';
import type { MemberRole } from '@sheaf/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { type MockRequest, mockApi } from '../../../test/app';
import { API_DOCUMENTS, documentFixture } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DocumentNotes } from './document-notes';

// A small page, so that paging is tested without rendering a hundred notes in jsdom.
vi.mock('@sheaf/contracts/limits', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@sheaf/contracts/limits')>()),
  NOTES_PAGE_SIZE: 5,
}));

const NOTES = `${API_DOCUMENTS}/doc_1/notes`;
const ADA = { id: 'usr_1', name: 'Ada Lovelace' };
const GRACE = { id: 'usr_2', name: 'Grace Hopper' };

function noteFixture(overrides: Partial<NoteDto> = {}): NoteDto {
  return {
    id: 'note_1',
    documentId: 'doc_1',
    content: 'Paid on the 3rd',
    author: ADA,
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

/**
 * A document with notes kept in memory, answered as the server does (the signed-in user is Ada,
 * usr_1, with `role`): list pages, add, edit, delete.
 */
function notesApi({
  notes: initial = [],
  role = 'member',
  isDeleted = false,
  overrides = {},
}: {
  notes?: NoteDto[];
  role?: MemberRole;
  isDeleted?: boolean;
  overrides?: Record<string, (request: MockRequest) => Response>;
} = {}) {
  let notes = [...initial];
  let created = 0;
  const api = mockApi(
    {
      ...organizationHandlers({ role }),
      [`GET ${API_DOCUMENTS}/doc_1`]: () =>
        jsonResponse({
          document: documentFixture(
            isDeleted ? { isDeleted: true, deletedAt: '2025-03-03T10:00:00.000Z' } : {},
          ),
        }),
      [`GET ${NOTES}`]: ({ url }) => {
        const pageIndex = Number(url.searchParams.get('pageIndex'));
        const pageSize = Number(url.searchParams.get('pageSize'));
        return jsonResponse({
          notes: notes.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
          notesCount: notes.length,
        });
      },
      [`POST ${NOTES}`]: ({ body }) => {
        created += 1;
        const note = noteFixture({
          id: `note_new${created}`,
          content: (body as { content: string }).content.trim(),
          createdAt: new Date().toISOString(),
        });
        notes = [...notes, note];
        return jsonResponse({ note }, { status: 201 });
      },
      ...Object.fromEntries(
        initial.flatMap((note) => [
          [
            `PATCH ${NOTES}/${note.id}`,
            ({ body }: MockRequest) => {
              const updated = {
                ...note,
                content: (body as { content: string }).content.trim(),
                updatedAt: new Date().toISOString(),
              };
              notes = notes.map((existing) => (existing.id === note.id ? updated : existing));
              return jsonResponse({ note: updated });
            },
          ],
          [
            `DELETE ${NOTES}/${note.id}`,
            () => {
              notes = notes.filter(({ id }) => id !== note.id);
              return new Response(null, { status: 204 });
            },
          ],
        ]),
      ),
      ...overrides,
    },
    { signedIn: true },
  );
  return api;
}

const renderNotes = () =>
  renderWithProviders(<DocumentNotes organizationId={ORGANIZATION_ID} documentId="doc_1" />);

describe('document notes', () => {
  test('lists the notes oldest first with their author, and marks an edited one', async () => {
    notesApi({
      notes: [
        noteFixture({ id: 'note_1', content: 'First', author: GRACE }),
        noteFixture({
          id: 'note_2',
          content: 'Second',
          createdAt: '2025-03-03T10:00:00.000Z',
          updatedAt: '2025-03-04T10:00:00.000Z',
        }),
        noteFixture({ id: 'note_3', content: 'By someone gone', author: null }),
      ],
    });
    renderNotes();

    const list = await screen.findByRole('list', { name: /^Notes/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[0]).toHaveTextContent('First');
    expect(items[0]).not.toHaveTextContent('edited');
    expect(items[1]).toHaveTextContent('Ada Lovelace');
    expect(items[1]).toHaveTextContent('edited');
    expect(items[2]).toHaveTextContent('Deleted user');
    expect(
      within(items[0] as HTMLElement)
        .getByText(/ago$/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2025-03-02T10:00:00.000Z');
    expect(screen.getByRole('heading', { name: /^Notes\s*\(3\)$/ })).toBeInTheDocument();
  });

  test('keeps line breaks and makes only web links clickable, opening in a new tab', async () => {
    notesApi({
      notes: [
        noteFixture({
          content:
            'See https://bank.example/statement/42.\nNot a link: javascript:alert(1) or ftp://files.example',
        }),
      ],
    });
    renderNotes();

    const link = await screen.findByRole('link', { name: /https:\/\/bank\.example\/statement\/42/ });
    expect(link).toHaveAttribute('href', 'https://bank.example/statement/42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(/^https:\/\/bank\.example\/statement\/42\s*\(opens in a new tab\)$/);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    const text = link.closest('p');
    expect(text?.textContent).toContain('.\nNot a link: javascript:alert(1) or ftp://files.example');
    expect(text).toHaveClass('whitespace-pre-wrap');
  });

  test('says when there are no notes yet', async () => {
    notesApi();
    renderNotes();
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('says when the notes could not be loaded, and loads them again on Try again', async () => {
    const user = userEvent.setup();
    let fails = true;
    notesApi({
      overrides: {
        [`GET ${NOTES}`]: () =>
          fails
            ? jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 })
            : jsonResponse({ notes: [noteFixture()], notesCount: 1 }),
      },
    });
    renderNotes();

    expect(await screen.findByRole('alert')).toHaveTextContent('The notes could not be loaded.');
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid on the 3rd')).toBeInTheDocument();
  });

  test('adds a note with the button, clears the field and shows the note', async () => {
    const user = userEvent.setup();
    const { calls } = notesApi();
    renderNotes();

    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled();
    await user.type(field, '  Call the plumber{Enter}about the valve  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText('Note added')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      content: '  Call the plumber\nabout the valve  ',
    });
    const list = await screen.findByRole('list', { name: /^Notes/ });
    expect(within(list).getByText(/Call the plumber/)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  test('Ctrl+Enter adds the note, while Enter alone is a line break', async () => {
    const user = userEvent.setup();
    const { calls } = notesApi();
    renderNotes();

    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.type(field, 'Line one{Enter}Line two');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'Line one\nLine two' }),
    );
    expect(await screen.findByText('Note added')).toBeInTheDocument();
  });

  test('shows an error in the language of the app when adding fails, and keeps the text', async () => {
    const user = userEvent.setup();
    notesApi({
      overrides: {
        [`POST ${NOTES}`]: () =>
          jsonResponse({ error: { code: 'documents.not_found', message: 'No document' } }, { status: 404 }),
      },
    });
    renderNotes();

    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.type(field, 'Lost note');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This document does not exist in this organization.',
    );
    expect(field).toHaveValue('Lost note');
  });

  test('shows how many characters are left near the maximum length', async () => {
    notesApi();
    renderNotes();

    const field = await screen.findByRole('textbox', { name: 'Add a note' });
    expect(screen.queryByText(/characters left/)).not.toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'a'.repeat(NOTE_MAX_LENGTH - 25) } });
    expect(screen.getByText('25 characters left')).toBeInTheDocument();
    expect(field).toHaveAttribute('maxlength', String(NOTE_MAX_LENGTH));
  });

  test("edits one's own note inline: Escape cancels, Save sends the new text", async () => {
    const user = userEvent.setup();
    const { calls } = notesApi({ notes: [noteFixture({ content: 'Paid on the 3rd' })] });
    renderNotes();

    const edit = await screen.findByRole('button', { name: /^Edit the note by Ada Lovelace, / });
    await user.click(edit);
    const field = screen.getByRole('textbox', { name: /^Text of the note by Ada Lovelace/ });
    expect(field).toHaveFocus();
    await user.type(field, ' (scratch)');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /^Text of the note/ })).not.toBeInTheDocument();
    expect(screen.getByText('Paid on the 3rd')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Edit the note by Ada Lovelace/ })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: /^Edit the note by Ada Lovelace/ }));
    const again = screen.getByRole('textbox', { name: /^Text of the note by Ada Lovelace/ });
    await user.clear(again);
    await user.type(again, 'Paid on the 4th{Enter}by card');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      content: 'Paid on the 4th\nby card',
    });
    const list = await screen.findByRole('list', { name: /^Notes/ });
    await waitFor(() => expect(list).toHaveTextContent('edited'));
    expect(list).toHaveTextContent('Paid on the 4th');
  });

  test("a member neither edits nor deletes another's note, and deletes their own after confirming", async () => {
    const user = userEvent.setup();
    const { calls } = notesApi({
      role: 'member',
      notes: [
        noteFixture({ id: 'note_1', content: 'By Grace', author: GRACE }),
        noteFixture({ id: 'note_2', content: 'By Ada' }),
      ],
    });
    renderNotes();

    await screen.findByText('By Grace');
    expect(screen.queryByRole('button', { name: /by Grace Hopper/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Edit the note by Ada Lovelace/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Delete the note by Ada Lovelace/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));

    expect(await screen.findByText('Note deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${NOTES}/note_2`,
    ]);
    await waitFor(() => expect(screen.queryByText('By Ada')).not.toBeInTheDocument());
  });

  test("an admin deletes another's note but cannot edit it", async () => {
    const user = userEvent.setup();
    const { calls } = notesApi({
      role: 'admin',
      notes: [noteFixture({ content: 'By Grace', author: GRACE })],
    });
    renderNotes();

    await screen.findByText('By Grace');
    expect(screen.queryByRole('button', { name: /^Edit the note by Grace Hopper/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Delete the note by Grace Hopper/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note?' });
    expect(dialog).toHaveTextContent('The note by Grace Hopper will be deleted for everyone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete note' }));

    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === `${NOTES}/note_1`)).toBe(true),
    );
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
  });

  test('cancelling the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = notesApi({ role: 'owner', notes: [noteFixture({ author: GRACE })] });
    renderNotes();

    await user.click(await screen.findByRole('button', { name: /^Delete the note by Grace Hopper/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Paid on the 3rd')).toBeInTheDocument();
  });

  test('a document in the trash shows its notes without changing them', async () => {
    notesApi({ role: 'owner', isDeleted: true, notes: [noteFixture()] });
    renderNotes();

    expect(await screen.findByText('Paid on the 3rd')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Add a note' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /the note by/ })).not.toBeInTheDocument();
  });

  test('loads the next page of notes on demand', async () => {
    const user = userEvent.setup();
    const notes = Array.from({ length: 7 }, (_, index) =>
      noteFixture({ id: `note_${index}`, content: `Note number ${index}` }),
    );
    const { calls } = notesApi({ notes });
    renderNotes();

    const list = await screen.findByRole('list', { name: /^Notes/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: /^Notes\s*\(7\)$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 2 more notes' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Note number 6');
    expect(screen.queryByRole('button', { name: /^Show \d+ more notes?$/ })).not.toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.path === NOTES)
        .map((call) => [call.url.searchParams.get('pageIndex'), call.url.searchParams.get('pageSize')]),
    ).toEqual([
      ['0', '5'],
      ['1', '5'],
    ]);
  });
});

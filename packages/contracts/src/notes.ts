import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { NOTE_MAX_LENGTH, NOTES_PAGE_SIZE } from './limits';
import { pageIndexSchema, pageSizeSchema } from './pagination';
import type { MemberRole } from './permissions';
import { multiLineString } from './text';

/** A note on a document: plain text (links shown clickable by the app), its author and times. */
export const noteSchema = z.strictObject({
  id: z.string(),
  documentId: z.string(),
  content: z.string(),
  /** Null once the author's account is deleted. */
  author: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime(),
  /** Null until edited. */
  updatedAt: isoDateTime().nullable(),
});
export type NoteDto = z.infer<typeof noteSchema>;

export const noteContentSchema = multiLineString()
  .trim()
  .min(1, { message: 'The note is empty' })
  .max(NOTE_MAX_LENGTH, { message: `A note is at most ${NOTE_MAX_LENGTH} characters` });

/** POST /notes and PATCH /notes/{noteId}. */
export const noteInputSchema = z.strictObject({ content: noteContentSchema });
export type NoteInput = z.input<typeof noteInputSchema>;

export const listNotesQuerySchema = z.object({
  pageIndex: pageIndexSchema,
  pageSize: pageSizeSchema(NOTES_PAGE_SIZE),
});

/**
 * Links in a note's text, for the app to make clickable: http(s) URLs, ending before trailing
 * punctuation. Returns the text cut into plain and link parts, in order.
 */
export function splitNoteLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"]+/g)) {
    const url = match[0].replace(/[.,;:!?)\]'}]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Who acts on a note: the user (an API key acts as the user who created it) and their role. */
export type NoteEditor = { userId: string; role: MemberRole };

/** Only its author edits a note: a note whose author's account is gone (null) stays as written. */
export function canEditNote(
  authorId: string | null,
  editor: Pick<NoteEditor, 'userId'> | undefined,
): boolean {
  return editor !== undefined && authorId !== null && authorId === editor.userId;
}

/** Its author deletes a note, and so do the organization's owners and admins (moderation). */
export function canDeleteNote(authorId: string | null, editor: NoteEditor | undefined): boolean {
  if (!editor) return false;
  return canEditNote(authorId, editor) || editor.role === 'owner' || editor.role === 'admin';
}

const NOTES = '/api/organizations/:organizationId/documents/:documentId/notes';
const exampleNote = {
  id: 'note_0123456789abcdefghijklmn',
  documentId: 'doc_0123456789abcdefghijklmn',
  content: 'Paid on 2026-02-03, see https://bank.example/statement/42',
  author: { id: 'usr_0123456789abcdefghijklmn', name: 'Ada Lovelace' },
  createdAt: '2026-02-03T10:00:00.000Z',
  updatedAt: null,
} satisfies NoteDto;
const AUTHOR_RULE =
  'Only its author edits a note; its author, admins and owners delete it (403 `auth.forbidden` otherwise; an API key acts as its creator).';

export const notesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: NOTES,
    tag: 'Notes',
    summary: "List a document's notes, oldest first",
    auth: { apiKeyPermission: 'documents:read' },
    query: listNotesQuerySchema,
    answers: {
      200: z.strictObject({ notes: z.array(noteSchema), notesCount: z.number().int().nonnegative() }),
    },
    errors: { 404: ['documents.not_found'] },
    example: { answer: { notes: [exampleNote], notesCount: 1 } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: NOTES,
    tag: 'Notes',
    summary: 'Add a note to a document',
    description: `Plain text, trimmed, 1–${NOTE_MAX_LENGTH} characters (tabs and line breaks allowed). A \`note_added\` activity entry and a \`document:note:created\` webhook event; the note's words are found by the search.`,
    auth: { apiKeyPermission: 'documents:update' },
    body: noteInputSchema,
    answers: { 201: z.strictObject({ note: noteSchema }) },
    errors: { 404: ['documents.not_found'] },
    example: { body: { content: exampleNote.content }, answer: { note: exampleNote } },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${NOTES}/:noteId`,
    tag: 'Notes',
    summary: 'Edit a note',
    description: AUTHOR_RULE,
    auth: { apiKeyPermission: 'documents:update' },
    body: noteInputSchema,
    answers: { 200: z.strictObject({ note: noteSchema }) },
    errors: { 404: ['documents.not_found', 'notes.not_found'] },
    example: {
      body: { content: 'Paid on 2026-02-04' },
      answer: {
        note: { ...exampleNote, content: 'Paid on 2026-02-04', updatedAt: '2026-02-04T08:00:00.000Z' },
      },
    },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${NOTES}/:noteId`,
    tag: 'Notes',
    summary: 'Delete a note',
    description: `${AUTHOR_RULE} A \`note_deleted\` activity entry.`,
    auth: { apiKeyPermission: 'documents:update' },
    answers: { 204: null },
    errors: { 404: ['documents.not_found', 'notes.not_found'] },
  }),
};

import type { NoteDto } from '@sheaf/contracts/notes';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

export const notesPath = (organizationId: string, documentId: string, noteId?: string) =>
  `/api/organizations/${organizationId}/documents/${documentId}/notes${noteId ? `/${noteId}` : ''}`;

/** POST …/notes and expects 201: answers the note. */
export async function addNote(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  content: string,
) {
  const response = await request(server, 'POST', notesPath(organizationId, documentId), credentials, {
    body: { content },
  });
  if (response.status !== 201)
    throw new Error(`add note failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ note: NoteDto }>(response)).note;
}

/** GET …/notes (with `query`, e.g. `?pageSize=2`) and expects 200. */
export async function listNotes(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  query = '',
) {
  const response = await request(
    server,
    'GET',
    `${notesPath(organizationId, documentId)}${query}`,
    credentials,
  );
  if (response.status !== 200)
    throw new Error(`list notes failed: ${response.status} ${await response.text()}`);
  return readJson<{ notes: NoteDto[]; notesCount: number }>(response);
}

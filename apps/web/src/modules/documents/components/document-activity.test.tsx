import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { formatRelative } from '../../../shared/format/date';
import { mockApi } from '../../../test/app';
import { API_DOCUMENTS } from '../../../test/documents';
import { ORGANIZATION_ID } from '../../../test/organizations';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DocumentActivity } from './document-activity';

const CREATED_AT = '2025-03-02T10:00:00.000Z';

function entry(index: number, overrides: Partial<DocumentActivityDto>): DocumentActivityDto {
  return {
    id: `act_${index}`,
    event: 'updated',
    eventData: null,
    tag: null,
    user: { id: 'usr_1', name: 'Ada Lovelace' },
    createdAt: CREATED_AT,
    ...overrides,
  };
}

async function renderEntries(activities: DocumentActivityDto[]) {
  mockApi(
    { [`GET ${API_DOCUMENTS}/doc_1/activity`]: () => jsonResponse({ activities }) },
    { signedIn: true },
  );
  renderWithProviders(<DocumentActivity organizationId={ORGANIZATION_ID} documentId="doc_1" />);
  const list = await screen.findByRole('list', { name: 'Activity' });
  // Each entry is its sentence, then its time.
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(formatRelative(CREATED_AT), ''));
}

describe('document activity', () => {
  test('tells who added and who deleted a note', async () => {
    const sentences = await renderEntries([
      entry(0, { event: 'note_added', eventData: { noteId: 'note_1' } }),
      entry(1, {
        event: 'note_deleted',
        eventData: { noteId: 'note_1' },
        user: { id: 'usr_2', name: 'Grace' },
      }),
      entry(2, { event: 'note_added', eventData: { noteId: 'note_2' }, user: null }),
      entry(3, { event: 'note_deleted', eventData: { noteId: 'note_2' }, user: null }),
    ]);
    expect(sentences).toEqual([
      'Ada Lovelace added a note',
      'Grace deleted a note',
      'A note was added',
      'A note was deleted',
    ]);
  });

  test('tells a change of the document date or of properties from other updates', async () => {
    const sentences = await renderEntries([
      entry(0, { eventData: { updatedFields: ['documentDate'] } }),
      entry(1, { eventData: { updatedFields: ['properties.prop_1', 'properties.prop_2'] } }),
      entry(2, { eventData: { updatedFields: ['documentDate', 'properties.prop_1'] } }),
      entry(3, { eventData: { updatedFields: ['name', 'documentDate'] } }),
      entry(4, { eventData: { updatedFields: ['documentDate'] }, user: null }),
    ]);
    expect(sentences).toEqual([
      'Ada Lovelace changed the document date',
      'Ada Lovelace changed the properties',
      'Ada Lovelace updated the document',
      'Ada Lovelace renamed the document',
      'The document date was changed',
    ]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';

const TRASH_URL = `/organizations/${ORGANIZATION_ID}/deleted`;

const deletedDocument = documentFixture({
  isDeleted: true,
  deletedAt: '2025-03-01T10:00:00.000Z',
  deletedBy: 'usr_1',
  scheduledPurgeAt: '2025-03-31T10:00:00.000Z',
});

describe('trash', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-11T09:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('states the retention period and shows an empty state when nothing is deleted', async () => {
    mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(TRASH_URL);

    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    expect(
      screen.getByText('Deleted documents are kept for 30 days, then permanently deleted.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete all' })).not.toBeInTheDocument();
  });

  test('lists deleted documents with their deletion time and days left', async () => {
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ deleted: [deletedDocument] }) },
      { signedIn: true },
    );
    renderApp(TRASH_URL);

    const table = await screen.findByRole('table', { name: 'Deleted documents' });
    expect(within(table).getByRole('columnheader', { name: 'Deleted' })).toBeInTheDocument();
    // In the Deleted column, and under the name for small screens (where that column is hidden).
    expect(within(table).getAllByText('20 days left')).toHaveLength(2);
  });

  test('restores a document and refreshes the list', async () => {
    const user = userEvent.setup();
    let deleted = [deletedDocument];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ deleted }),
        [`GET ${API_DOCUMENTS}/deleted`]: () =>
          Response.json({ documents: deleted, documentsCount: deleted.length }),
        [`POST ${API_DOCUMENTS}/doc_1/restore`]: () => {
          deleted = [];
          return Response.json({ document: { ...deletedDocument, isDeleted: false, deletedAt: null } });
        },
      },
      { signedIn: true },
    );
    renderApp(TRASH_URL);

    await user.click(await screen.findByRole('button', { name: 'Restore Invoice March.pdf' }));

    expect(await screen.findByText('Document restored')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  test('deletes one document permanently after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ deleted: [deletedDocument] }),
        [`DELETE ${API_DOCUMENTS}/trash/doc_1`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    renderApp(TRASH_URL);

    await user.click(await screen.findByRole('button', { name: 'Permanently delete Invoice March.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Permanently delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

    expect(await screen.findByText('Document permanently deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_DOCUMENTS}/trash/doc_1`,
    ]);
  });

  test('Delete all empties the trash only once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ deleted: [deletedDocument] }),
        [`DELETE ${API_DOCUMENTS}/trash`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    renderApp(TRASH_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete all' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('1 document will be permanently deleted. This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));

    expect(await screen.findByText('The trash has been emptied')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_DOCUMENTS}/trash`,
    ]);
  });
});

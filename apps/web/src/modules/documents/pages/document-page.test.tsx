import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { formatRelative } from '../../../shared/format/date';
import { mockApi, renderApp } from '../../../test/app';
import {
  API_DOCUMENTS,
  API_TAGS,
  documentFixture,
  documentsHandlers,
  tagFixture,
  taggableDocumentHandlers,
} from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const DOCUMENT_URL = `/organizations/${ORGANIZATION_ID}/documents/doc_1`;

function activityEntry(index: number, overrides: Partial<DocumentActivityDto> = {}): DocumentActivityDto {
  return {
    id: `act_${index}`,
    event: 'updated',
    eventData: { updatedFields: ['content'] },
    tag: null,
    user: { id: 'usr_1', name: 'Ada Lovelace' },
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

describe('document page', () => {
  test('the Info tab shows the document fields, and no last update for a document never updated', async () => {
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ documents: [documentFixture()] }) },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice March.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Info', selected: true })).toBeInTheDocument();
    expect(screen.getByText('doc_1')).toBeInTheDocument();
    expect(screen.getByText('application/pdf')).toBeInTheDocument();
    expect(screen.getByText('1.49 kB')).toBeInTheDocument();
    expect(screen.queryByText('Never')).not.toBeInTheDocument();
    expect(screen.queryByText('Updated at')).not.toBeInTheDocument();
    expect(screen.getByText('Created at')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      expect.stringContaining(`${API_DOCUMENTS}/doc_1/file`),
    );
  });

  test('the Info tab shows when an updated document was last updated', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture({ updatedAt: '2025-03-02T10:00:00.000Z' })] }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    expect(await screen.findByText('Updated at')).toBeInTheDocument();
    const times = screen.getAllByText(formatRelative('2025-03-02T10:00:00.000Z'));
    expect(times.map((time) => time.getAttribute('datetime'))).toContain('2025-03-02T10:00:00.000Z');
  });

  test('the Content tab edits the text, and cancel restores the original', async () => {
    const user = userEvent.setup();
    let document = documentFixture();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [document] }),
        [`GET ${API_DOCUMENTS}/doc_1`]: () => jsonResponse({ document }),
        [`PATCH ${API_DOCUMENTS}/doc_1`]: ({ body }) => {
          document = { ...document, ...(body as object), updatedAt: '2025-03-02T10:00:00.000Z' };
          return jsonResponse({ document });
        },
      },
      { signedIn: true },
    );
    const { router } = renderApp(`${DOCUMENT_URL}?tab=content`);

    const content = await screen.findByRole('region', { name: 'Document content' });
    expect(content).toHaveTextContent('Total due: 68.40 EUR');

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Document content' });
    await user.clear(editor);
    await user.type(editor, 'Scratch');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Document content' })).toHaveTextContent(
      'Total due: 68.40 EUR',
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: 'Document content' }));
    await user.type(screen.getByRole('textbox', { name: 'Document content' }), 'Paid in full');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Document content updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ content: 'Paid in full' });
    expect(screen.getByRole('region', { name: 'Document content' })).toHaveTextContent('Paid in full');

    await user.click(screen.getByRole('tab', { name: 'Info' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  test('a failed content save says so and keeps the editor open', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`PATCH ${API_DOCUMENTS}/doc_1`]: () =>
          jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 }),
      },
      { signedIn: true },
    );
    renderApp(`${DOCUMENT_URL}?tab=content`);

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update document content')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Document content' })).toBeInTheDocument();
  });

  test('the Activity tab loads 20 entries at a time until a page comes back short', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`GET ${API_DOCUMENTS}/doc_1/activity`]: ({ url }) => {
          const pageIndex = Number(url.searchParams.get('pageIndex'));
          const activities =
            pageIndex === 0
              ? Array.from({ length: 20 }, (_, index) => activityEntry(index))
              : [activityEntry(20, { event: 'created', eventData: null })];
          return jsonResponse({ activities });
        },
      },
      { signedIn: true },
    );
    renderApp(`${DOCUMENT_URL}?tab=activity`);

    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByText('Ada Lovelace edited the text')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(within(list).getByText('Ada Lovelace added the document')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const activityCalls = calls.filter((call) => call.path.endsWith('/activity'));
    expect(activityCalls.map((call) => call.url.searchParams.get('pageSize'))).toEqual(['20', '20']);
  });

  test('the Activity tab writes each entry as a sentence with its actor, or in the passive without one', async () => {
    const tag = { id: 'tag_1', name: 'Invoices', color: '#d8ff75' };
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`GET ${API_DOCUMENTS}/doc_1/activity`]: () =>
          jsonResponse({
            activities: [
              activityEntry(0, { event: 'tagged', eventData: null, tag }),
              activityEntry(1, { event: 'tagged', eventData: null, tag, user: null }),
              activityEntry(2, { event: 'untagged', eventData: null, tag: null }),
              activityEntry(3, { eventData: { updatedFields: ['name'] } }),
              activityEntry(4, { eventData: { updatedFields: ['name', 'content'] } }),
              activityEntry(5, { user: null }),
              activityEntry(6, { event: 'deleted', eventData: null }),
              activityEntry(7, { event: 'restored', eventData: null }),
              activityEntry(8, { event: 'created', eventData: null, user: null }),
            ],
          }),
      },
      { signedIn: true },
    );
    renderApp(`${DOCUMENT_URL}?tab=activity`);

    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span.text-sm')?.textContent),
    ).toEqual([
      'Ada Lovelace added the tag Invoices',
      'The tag Invoices was added',
      'Ada Lovelace removed the tag (deleted)',
      'Ada Lovelace renamed the document',
      'Ada Lovelace renamed the document and edited its text',
      'Text extracted from the file',
      'Ada Lovelace moved the document to the trash',
      'Ada Lovelace restored the document',
      'The document was added',
    ]);
  });

  test('the Activity tab says a document came from the watched folder', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`GET ${API_DOCUMENTS}/doc_1/activity`]: () =>
          jsonResponse({
            activities: [
              activityEntry(0, {
                event: 'created',
                eventData: { watchedFolder: { folder: 'Front desk', path: 'Invoices/scan.pdf' } },
                user: null,
              }),
            ],
          }),
      },
      { signedIn: true },
    );
    renderApp(`${DOCUMENT_URL}?tab=activity`);

    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Imported from the watched folder');
  });

  test('deleting from the page confirms, then goes back to the documents list', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`DELETE ${API_DOCUMENTS}/doc_1`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(DOCUMENT_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${ORGANIZATION_ID}/documents`),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
  });

  test('the toast after deleting from the page offers Undo, which restores the document', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`DELETE ${API_DOCUMENTS}/doc_1`]: () => new Response(null, { status: 204 }),
        [`POST ${API_DOCUMENTS}/doc_1/restore`]: () => jsonResponse({ document: documentFixture() }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(DOCUMENT_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organizations/${ORGANIZATION_ID}/documents`),
    );

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.path.endsWith('/restore'))).toHaveLength(
        1,
      ),
    );
    expect(await screen.findByText('Document restored')).toBeInTheDocument();
  });

  test('a deleted document shows its days of retention left and can be restored', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-11T09:00:00.000Z') });
    try {
      const user = userEvent.setup();
      const deleted = documentFixture({
        isDeleted: true,
        deletedAt: '2025-03-01T10:00:00.000Z',
        deletedBy: 'usr_1',
      });
      const { calls } = mockApi(
        {
          ...organizationHandlers(),
          ...documentsHandlers({ deleted: [deleted] }),
          [`POST ${API_DOCUMENTS}/doc_1/restore`]: () =>
            jsonResponse({ document: { ...deleted, isDeleted: false } }),
        },
        { signedIn: true },
      );
      renderApp(DOCUMENT_URL);

      expect(
        await screen.findByText(
          'This document is in the trash. It will be permanently deleted in 20 days unless you restore it.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Rename document' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Restore' }));

      expect(await screen.findByText('Document restored')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `${API_DOCUMENTS}/doc_1/restore`,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('an unknown document shows a not-found message with a way back', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        [`GET ${API_DOCUMENTS}/doc_1`]: () =>
          jsonResponse({ error: { code: 'documents.not_found', message: 'Not found' } }, { status: 404 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    expect(await screen.findByText('Document not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to documents' })).toBeInTheDocument();
  });

  test('the tag picker attaches a picked tag and detaches a removed one', async () => {
    const user = userEvent.setup();
    const tags = [
      tagFixture({ id: 'tag_a', name: 'Invoices' }),
      tagFixture({ id: 'tag_b', name: 'Housing', color: '#7cc7ff', description: null }),
    ];
    const document = documentFixture({
      tags: [{ id: 'tag_b', name: 'Housing', color: '#7cc7ff', description: null }],
    });
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [document], tags }),
        ...taggableDocumentHandlers(document, tags),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    const search = await screen.findByRole('combobox', { name: 'Tags' });
    expect(search).toHaveAttribute('placeholder', 'Search tags...');
    await user.click(search);
    await user.paste('inv');
    const listbox = screen.getByRole('listbox', { name: 'Tags' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Invoices']);
    await user.click(within(listbox).getByRole('option', { name: 'Invoices' }));

    expect(await screen.findByRole('button', { name: 'Remove Invoices' })).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [`${API_DOCUMENTS}/doc_1/tags`, { tagId: 'tag_a' }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Housing' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Housing' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_DOCUMENTS}/doc_1/tags/tag_b`,
    ]);
  });

  test('the tag picker works from the keyboard: arrows, Escape and Backspace', async () => {
    const user = userEvent.setup();
    const tags = [
      tagFixture({ id: 'tag_a', name: 'Invoices' }),
      tagFixture({ id: 'tag_b', name: 'Housing' }),
      tagFixture({ id: 'tag_c', name: 'Insurance' }),
    ];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()], tags }),
        ...taggableDocumentHandlers(documentFixture(), tags),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    const search = await screen.findByRole('combobox', { name: 'Tags' });
    await user.click(search);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const active = search.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('Housing');
    await user.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: 'Remove Invoices' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ tagId: 'tag_a' });

    await user.keyboard('{Backspace}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Invoices' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_DOCUMENTS}/doc_1/tags/tag_a`,
    ]);
  });

  test('a failed attach puts the tags back and says so', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()], tags: [tagFixture()] }),
        [`POST ${API_DOCUMENTS}/doc_1/tags`]: () =>
          jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    await user.click(await screen.findByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'Invoices' }));

    expect(await screen.findByText('Could not add the tag "Invoices"')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Invoices' })).not.toBeInTheDocument(),
    );
  });

  test('Create tag creates a tag and attaches it to the document', async () => {
    const user = userEvent.setup();
    const created = tagFixture({ id: 'tag_new', name: 'Receipts', color: '#ff5c5c', description: null });
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        ...taggableDocumentHandlers(documentFixture(), [created]),
        [`POST ${API_TAGS}`]: () => jsonResponse({ tag: created }, { status: 201 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Receipts');
    await user.click(within(dialog).getByRole('radio', { name: 'Red' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Tag "Receipts" created')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { name: 'Receipts', color: '#ff5c5c', description: null },
        { tagId: 'tag_new' },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Remove Receipts' })).toBeInTheDocument();
  });

  test('a deleted document shows its tags read-only, without the picker', async () => {
    const deleted = documentFixture({
      isDeleted: true,
      deletedAt: new Date().toISOString(),
      deletedBy: 'usr_1',
      tags: [{ id: 'tag_a', name: 'Invoices', color: '#d8ff75', description: null }],
    });
    mockApi({ ...organizationHandlers(), ...documentsHandlers({ deleted: [deleted] }) }, { signedIn: true });
    renderApp(DOCUMENT_URL);

    const list = await screen.findByRole('list', { name: 'Tags' });
    expect(within(list).getByText('Invoices')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create tag' })).not.toBeInTheDocument();
  });
});

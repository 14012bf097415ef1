import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { formatRelative } from '../../../shared/format/date';
import { mockApi, renderApp } from '../../../test/app';
import {
  API_DOCUMENTS,
  documentFixture,
  documentsHandlers,
  manyDocuments,
  tagFixture,
} from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;

describe('documents list', () => {
  test('lists each document with its link, size in decimal units and type, and its creation as last update when never updated', async () => {
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ documents: [documentFixture()] }) },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    const table = await screen.findByRole('table', { name: 'Documents' });
    const link = within(table).getByRole('link', { name: 'Invoice March.pdf' });
    expect(link).toHaveAttribute('href', `/organizations/${ORGANIZATION_ID}/documents/doc_1`);
    expect(within(table).getByText('1.49 kB')).toBeInTheDocument();
    expect(within(table).getByText('pdf')).toBeInTheDocument();
    expect(within(table).queryByText('Never')).not.toBeInTheDocument();
    // The "Last updated" column repeats the creation time under the name.
    const created = formatRelative(documentFixture().createdAt);
    expect(within(table).getAllByText(created)).toHaveLength(2);
    expect(screen.getByText('1 document')).toBeInTheDocument();
  });

  test('pages through the documents on the server, 15 rows at a time once chosen', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ documents: manyDocuments(40) }) },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getAllByRole('row')).toHaveLength(41);
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '15' }));

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(16));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3')).toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'Document 31.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    const lastList = calls.filter((call) => call.method === 'GET' && call.path === API_DOCUMENTS).at(-1);
    expect(lastList?.url.searchParams.get('pageIndex')).toBe('2');
    expect(lastList?.url.searchParams.get('pageSize')).toBe('15');
  });

  test('sends the tags filter and shows it as removable chips', async () => {
    const user = userEvent.setup();
    const tagged = documentFixture({
      tags: [{ id: 'tag_a', name: 'Invoices', color: '#d8ff75', description: null }],
    });
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        [`GET ${API_DOCUMENTS}`]: (request) =>
          jsonResponse(
            request.url.searchParams.get('tags')
              ? { documents: [tagged], documentsCount: 1 }
              : {
                  documents: [tagged, documentFixture({ id: 'doc_2', name: 'Other.pdf' })],
                  documentsCount: 2,
                },
          ),
      },
      { signedIn: true },
    );
    const { router } = renderApp(`${DOCUMENTS_URL}?tags=tag_a`);

    const filters = await screen.findByRole('list', { name: 'Active tag filters' });
    expect(await within(filters).findByText('Invoices')).toBeInTheDocument();
    expect(calls.find((call) => call.path === API_DOCUMENTS)?.url.searchParams.get('tags')).toBe('tag_a');

    await user.click(within(filters).getByRole('link', { name: 'Remove the filter Invoices' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('link', { name: 'Other.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Active tag filters' })).not.toBeInTheDocument();
  });

  test('filters by two tags from the Filter by tag menu, setting the URL and sending tags=a,b', async () => {
    const user = userEvent.setup();
    const tags = [
      tagFixture({ id: 'tag_a', name: 'Invoices' }),
      tagFixture({ id: 'tag_b', name: 'Housing', color: '#7cc7ff' }),
      tagFixture({ id: 'tag_c', name: 'Insurance', color: '#a77bff' }),
    ];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()], tags }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(DOCUMENTS_URL);

    await screen.findByRole('table', { name: 'Documents' });
    await user.click(await screen.findByRole('button', { name: 'Filter by tag' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Invoices' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Housing' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Invoices' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.keyboard('{Escape}');

    // The URL stays readable and shareable: a comma-separated list, not JSON.
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.searchStr)).toBe('?tags=tag_a,tag_b'),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === API_DOCUMENTS)
          .at(-1)
          ?.url.searchParams.get('tags'),
      ).toBe('tag_a,tag_b'),
    );
    const filters = screen.getByRole('list', { name: 'Active tag filters' });
    expect(within(filters).getByText('Invoices')).toBeInTheDocument();
    expect(within(filters).getByText('Housing')).toBeInTheDocument();

    await user.click(within(filters).getByRole('link', { name: 'Remove the filter Invoices' }));
    await waitFor(() => expect(decodeURIComponent(router.state.location.searchStr)).toBe('?tags=tag_b'));
    expect(within(filters).queryByText('Invoices')).not.toBeInTheDocument();
  });

  test('names the filter chips from the organization tags', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ tags: [tagFixture({ id: 'tag_a', name: 'Invoices' })] }),
      },
      { signedIn: true },
    );
    renderApp(`${DOCUMENTS_URL}?tags=tag_a`);

    const filters = await screen.findByRole('list', { name: 'Active tag filters' });
    expect(
      await within(filters).findByRole('link', { name: 'Remove the filter Invoices' }),
    ).toBeInTheDocument();
  });

  test('says so when the filter matches nothing', async () => {
    mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(`${DOCUMENTS_URL}?tags=tag_a,tag_b`);

    expect(await screen.findByText('No documents match these tags')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeInTheDocument();
  });

  test('shows a drop zone when the organization has no documents', async () => {
    mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(DOCUMENTS_URL);

    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  test('the row menu renames a document, keeping its extension', async () => {
    const user = userEvent.setup();
    const document = documentFixture();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [document] }),
        [`PATCH ${API_DOCUMENTS}/doc_1`]: ({ body }) =>
          jsonResponse({ document: { ...document, ...(body as object) } }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    await user.click(await screen.findByRole('button', { name: 'Actions for Invoice March.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' });
    expect(name).toHaveValue('Invoice March');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('The name is required.')).toBeInTheDocument();

    await user.type(name, '  Electricity March  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Document renamed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Electricity March.pdf' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the row menu deletes a document after confirmation, and cancelling changes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`DELETE ${API_DOCUMENTS}/doc_1`]: () => new Response(null, { status: 204 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    const openMenu = async () => {
      await user.click(await screen.findByRole('button', { name: 'Actions for Invoice March.pdf' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete document' }));
      return screen.findByRole('alertdialog', { name: 'Delete this document?' });
    };

    let dialog = await openMenu();
    expect(within(dialog).getByText(/kept for 30 days/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    dialog = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

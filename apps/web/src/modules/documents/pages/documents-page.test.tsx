import type { DocumentDto } from '@sheaf/contracts/documents';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { formatRelative } from '../../../shared/format/date';
import { type MockRequest, mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers, tagFixture } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { listColumnsStorageKey } from '../components/column-chooser';
import { parseDocumentsSearch } from '../search-params';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;
const API_PROPERTIES = `/api/organizations/${ORGANIZATION_ID}/properties`;
const API_SEARCH = `${API_DOCUMENTS}/search`;

/** A document with the issue 29 fields (document date, properties, notes) set. */
function doc(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return documentFixture({
    documentDate: null,
    documentDateIsDetected: false,
    properties: [],
    notesCount: 0,
    ...overrides,
  });
}

function property(
  overrides: Partial<PropertyDefinitionDto> & Pick<PropertyDefinitionDto, 'id' | 'name' | 'type'>,
) {
  return {
    organizationId: ORGANIZATION_ID,
    description: null,
    options: [],
    currency: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    documentsCount: 0,
    ...overrides,
  } satisfies PropertyDefinitionDto;
}

const AMOUNT = property({ id: 'prop_amount', name: 'Amount', type: 'monetary', currency: 'EUR' });
const STATUS = property({
  id: 'prop_status',
  name: 'Status',
  type: 'select',
  options: [
    { id: 'opt_open', name: 'Open', color: '#ffa24d' },
    { id: 'opt_done', name: 'Done', color: '#7fd962' },
  ],
});

const invoice = doc({
  id: 'doc_1',
  name: 'Invoice March.pdf',
  documentDate: '2024-03-08',
  documentDateIsDetected: true,
  notesCount: 3,
  tags: [{ id: 'tag_a', name: 'Invoices', color: '#d8ff75', description: null }],
  properties: [
    { propertyId: 'prop_amount', value: { amount: 280, currency: 'EUR' } },
    { propertyId: 'prop_status', value: 'opt_done' },
  ],
});
const memo = doc({
  id: 'doc_2',
  name: 'Meeting memo.txt',
  mimeType: 'text/plain',
  createdAt: '2025-02-01T10:00:00.000Z',
});

/** The list's state as the list page parses it from the URL. */
const searchOf = (router: { state: { location: { search: Record<string, unknown> } } }) =>
  parseDocumentsSearch(router.state.location.search);

const lists = (calls: MockRequest[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === API_DOCUMENTS);
const lastList = (calls: MockRequest[]) => lists(calls).at(-1)?.url.searchParams;

function renderList(
  url = DOCUMENTS_URL,
  {
    documents = [invoice, memo],
    properties = [AMOUNT, STATUS],
    tags = [tagFixture({ id: 'tag_a', name: 'Invoices' }), tagFixture({ id: 'tag_b', name: 'Housing' })],
    extra = {},
  }: {
    documents?: DocumentDto[];
    properties?: PropertyDefinitionDto[];
    tags?: ReturnType<typeof tagFixture>[];
    extra?: Record<string, (request: MockRequest) => Response>;
  } = {},
) {
  const api = mockApi(
    {
      ...organizationHandlers(),
      ...documentsHandlers({ documents, tags }),
      [`GET ${API_PROPERTIES}`]: () => jsonResponse({ properties }),
      ...extra,
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(url) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('documents list', () => {
  test('lists each document with its link, size, type, document date (marked when detected), notes and last update', async () => {
    renderList();

    const table = await screen.findByRole('table', { name: 'Documents' });
    const link = within(table).getByRole('link', { name: 'Invoice March.pdf' });
    expect(link).toHaveAttribute('href', `/organizations/${ORGANIZATION_ID}/documents/doc_1`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('1.49 kB')).toBeInTheDocument();
    // In its column, and again under the name for phones (hidden there from `sm` up).
    const dates = within(row).getAllByText('Mar 8, 2024');
    expect(dates).toHaveLength(2);
    expect(dates[0]).toHaveAttribute('datetime', '2024-03-08');
    expect(within(row).getAllByText('(detected)')).toHaveLength(2);
    expect(within(row).getAllByText('3 notes')).toHaveLength(2);
    // "Last updated" repeats the creation time under the name when never updated.
    expect(within(row).getAllByText(formatRelative(invoice.createdAt))).toHaveLength(2);
    const memoRow = within(table)
      .getByRole('link', { name: 'Meeting memo.txt' })
      .closest('tr') as HTMLElement;
    expect(within(memoRow).queryByText(/notes?$/)).not.toBeInTheDocument();
    expect(within(memoRow).queryByText('(detected)')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 documents');
  });

  test('pages through the documents on the server, the page and its size in the URL', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, index) =>
      doc({ id: `doc_${index + 1}`, name: `Document ${index + 1}.pdf` }),
    );
    const { calls, router } = renderList(`${DOCUMENTS_URL}?pageSize=15`, { documents: many });

    const table = await screen.findByRole('table', { name: 'Documents' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(16));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));

    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeInTheDocument());
    expect(searchOf(router)).toEqual({ page: 2, pageSize: 15 });
    expect(lastList(calls)?.get('pageIndex')).toBe('1');
    expect(lastList(calls)?.get('pageSize')).toBe('15');

    router.history.back();
    await waitFor(() => expect(screen.getByText('Page 1 of 2')).toBeInTheDocument());
  });

  test('the rows-per-page choice goes to the URL, back on the first page', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`${DOCUMENTS_URL}?page=2`);

    await user.click(await screen.findByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ pageSize: 50 }));
  });

  test('sends every filter of the URL to the list and shows each as a labelled chip', async () => {
    const { calls } = renderList(
      `${DOCUMENTS_URL}?tags=tag_a&excludedTags=tag_b&documentDateFrom=2024-01-01&documentDateTo=2024-12-31&fileTypes=pdf&extractionStatuses=failed&property=prop_amount:between:100..&property=prop_status:eq:opt_done`,
    );

    const chips = await screen.findByRole('list', { name: 'Active filters' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Tag: Invoices',
        'Without tag: Housing',
        'Date: 2024',
        'Type: PDF',
        'Extraction: Failed',
        'Amount ≥ €100.00',
        'Status: Done',
      ]),
    );
    const params = lastList(calls);
    expect(params?.get('tags')).toBe('tag_a');
    expect(params?.get('excludedTags')).toBe('tag_b');
    expect(params?.get('documentDateFrom')).toBe('2024-01-01');
    expect(params?.get('documentDateTo')).toBe('2024-12-31');
    expect(params?.get('fileTypes')).toBe('pdf');
    expect(params?.get('extractionStatuses')).toBe('failed');
    expect(params?.getAll('property')).toEqual(['prop_amount:between:100..', 'prop_status:eq:opt_done']);
  });

  test('removes a focused chip with Backspace or Delete, focus moving on, and the last one back to Filter', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`${DOCUMENTS_URL}?fileTypes=pdf,image&documentDateFrom=2024-03-01`);

    const chips = await screen.findByRole('list', { name: 'Active filters' });
    const first = within(chips).getByRole('button', { name: 'Remove the filter Date: from Mar 1, 2024' });
    first.focus();
    await user.keyboard('{Backspace}');

    await waitFor(() => expect(searchOf(router)).toEqual({ fileTypes: ['pdf', 'image'] }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove the filter Type: PDF' })).toHaveFocus(),
    );
    await user.keyboard('{Delete}');
    await waitFor(() => expect(searchOf(router)).toEqual({ fileTypes: ['image'] }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove the filter Type: Image' })).toHaveFocus(),
    );
    await user.keyboard('{Backspace}');

    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus();
  });

  test('Clear all removes every filter and keeps the search', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`${DOCUMENTS_URL}?q=invoice&tags=tag_a&fileTypes=pdf`, {
      extra: {
        [`GET ${API_SEARCH}`]: () =>
          jsonResponse({ documents: [], documentsCount: 0, documentsCountIsCapped: false }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Clear all' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ q: 'invoice' }));
  });

  test('the Filter dialog adds a property condition, merged with AND into the URL', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderList(`${DOCUMENTS_URL}?tags=tag_a`);

    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a filter' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Filter on' }));
    await user.click(await screen.findByRole('option', { name: 'Amount' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'is at least' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (EUR)' });

    await user.type(amount, 'lots{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a number, such as 100 or 12.50.');
    await user.clear(amount);
    await user.type(amount, '1,250.5{Enter}');

    await waitFor(() =>
      expect(searchOf(router)).toEqual({
        tags: ['tag_a'],
        property: ['prop_amount:between:1250.5..'],
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Amount ≥ €1,250.50')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastList(calls)?.getAll('property')).toEqual(['prop_amount:between:1250.5..']),
    );
  });

  test('the Filter dialog sets a document date range', async () => {
    const user = userEvent.setup();
    const { router } = renderList(DOCUMENTS_URL, { documents: [invoice] });

    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a filter' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Filter on' }));
    await user.click(await screen.findByRole('option', { name: 'Document date' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Condition' }));
    await user.click(await screen.findByRole('option', { name: 'is in the year' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), '24');
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a year, such as 2024.');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Year' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Year' }), '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));

    await waitFor(() =>
      expect(searchOf(router)).toEqual({ documentDateFrom: '2024-01-01', documentDateTo: '2024-12-31' }),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Date: 2024']);
  });

  test('the Filter dialog adds file types, asking for at least one', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`${DOCUMENTS_URL}?fileTypes=image`, { documents: [invoice] });

    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a filter' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Filter on' }));
    await user.click(await screen.findByRole('option', { name: 'File type' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'PDF' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add filter' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ fileTypes: ['image', 'pdf', 'email'] }));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Type: Image', 'Type: PDF', 'Type: E-mail']);
  });

  test('sorts from the column headers, which say how the list is sorted', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderList();

    const table = await screen.findByRole('table', { name: 'Documents' });
    const dateHeader = within(table).getByRole('columnheader', { name: 'Document date' });
    expect(dateHeader).not.toHaveAttribute('aria-sort');
    expect(within(table).getByRole('columnheader', { name: 'Created at' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(within(dateHeader).getByRole('button', { name: 'Document date' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'documentDate' }));
    expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(lastList(calls)?.get('sort')).toBe('documentDate'));

    await user.click(within(dateHeader).getByRole('button', { name: 'Document date' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'documentDate', order: 'asc' }));
    expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(lastList(calls)?.get('order')).toBe('asc'));

    await user.click(within(table).getByRole('button', { name: 'File name' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'name' }));
    expect(within(table).getByRole('columnheader', { name: 'File name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('the Sort menu offers the list fields and number, amount and date properties', async () => {
    const user = userEvent.setup();
    const { router } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Sort: Upload date, Newest first' }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual([
      'Name',
      'Document date',
      'Upload date',
      'Size',
      'Amount',
      'Oldest first',
      'Newest first',
    ]);
    await user.click(screen.getByRole('menuitemradio', { name: 'Amount' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'property:prop_amount' }));
  });

  test('searches from the search box, with the filters, by relevance, the count read out', async () => {
    const user = userEvent.setup();
    const hit = { ...invoice, snippet: 'Northwind Energy invoice', matches: [{ start: 17, end: 24 }] };
    const { content: _content, ...hitItem } = hit;
    const { router, calls } = renderList(`${DOCUMENTS_URL}?fileTypes=pdf`, {
      extra: {
        [`GET ${API_SEARCH}`]: () =>
          jsonResponse({ documents: [hitItem], documentsCount: 1, documentsCountIsCapped: false }),
      },
    });

    await user.type(await screen.findByRole('searchbox', { name: 'Search documents' }), 'invoice');

    await waitFor(() => expect(searchOf(router)).toEqual({ fileTypes: ['pdf'], q: 'invoice' }));
    const search = calls.filter((call) => call.path === API_SEARCH).at(-1)?.url.searchParams;
    expect(search?.get('searchQuery')).toBe('invoice');
    expect(search?.get('fileTypes')).toBe('pdf');
    expect(search?.get('sort')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 result'));
    expect(screen.getByText('invoice', { selector: 'mark' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Sort: Relevance/ }));
    expect(await screen.findByRole('menuitemradio', { name: 'Relevance' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('shows chosen properties as columns, remembered for the organization', async () => {
    const user = userEvent.setup();
    renderList();

    const table = await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Status' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Amount' }));
    await user.keyboard('{Escape}');

    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const row = within(table).getByRole('link', { name: 'Invoice March.pdf' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Done')).toBeInTheDocument();
    expect(within(row).getByText('€280.00')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(listColumnsStorageKey(ORGANIZATION_ID)) ?? '[]')).toEqual([
      'updatedAt',
      'property:prop_status',
      'property:prop_amount',
    ]);
    // An amount column sorts like the others.
    expect(within(table).getByRole('button', { name: 'Amount' })).toBeInTheDocument();
  });

  test('on a phone, the filters and the sort are in one sheet', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { router } = renderList();

    await user.click(await screen.findByRole('button', { name: 'Filter and sort' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter and sort' });
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Name' }));

    await waitFor(() => expect(searchOf(router)).toEqual({ sort: 'name' }));
    expect(within(sheet).getByRole('combobox', { name: 'Filter on' })).toBeInTheDocument();
  });

  test('says so when nothing matches, and clears the filters and the search', async () => {
    const user = userEvent.setup();
    const { router } = renderList(`${DOCUMENTS_URL}?tags=tag_a,tag_b`, { documents: [] });

    expect(await screen.findByText('No documents match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });

  test('filters by two tags from the Filter by tag menu, setting the URL and sending tags=a,b', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderList();

    await screen.findByRole('table', { name: 'Documents' });
    await user.click(await screen.findByRole('button', { name: 'Filter by tag' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Invoices' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Housing' }));
    await user.keyboard('{Escape}');

    // The URL stays readable and shareable: a comma-separated list, not JSON.
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.searchStr)).toBe('?tags=tag_a,tag_b'),
    );
    await waitFor(() => expect(lastList(calls)?.get('tags')).toBe('tag_a,tag_b'));
  });

  test('shows a drop zone when the organization has no documents', async () => {
    renderList(DOCUMENTS_URL, { documents: [] });

    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  test('the row menu renames a document, keeping its extension', async () => {
    const user = userEvent.setup();
    const { calls } = renderList(DOCUMENTS_URL, {
      documents: [invoice],
      extra: {
        [`PATCH ${API_DOCUMENTS}/doc_1`]: ({ body }) =>
          jsonResponse({ document: { ...invoice, ...(body as object) } }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Actions for Invoice March.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' });
    await user.clear(name);
    await user.type(name, '  Electricity March  ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Document renamed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Electricity March.pdf' });
  });

  test('the row menu deletes a document after confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = renderList(DOCUMENTS_URL, {
      documents: [invoice],
      extra: { [`DELETE ${API_DOCUMENTS}/doc_1`]: () => new Response(null, { status: 204 }) },
    });

    await user.click(await screen.findByRole('button', { name: 'Actions for Invoice March.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete document' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

import { SEARCH_COUNT_CAP } from '@sheaf/contracts/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { THEME_STORAGE_KEY } from '../../shared/theme/theme';
import { mockApi, renderApp } from '../../test/app';
import { documentFixture, documentsHandlers, listItem, searchHit } from '../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

const SEARCH_PATH = `/api/organizations/${ORGANIZATION_ID}/documents/search`;
const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;

const invoice = documentFixture({ id: 'doc_invoice', name: 'Invoice March.pdf' });
const receipt = documentFixture({ id: 'doc_receipt', name: 'Dentist receipt - invoice 4471.pdf' });

function renderPalettePage(
  search: () => Response | Promise<Response> = () =>
    jsonResponse({ documents: [listItem(invoice), listItem(receipt)], documentsCount: 2 }),
) {
  const { calls } = mockApi(
    {
      ...organizationHandlers(),
      ...documentsHandlers({ documents: [invoice, receipt] }),
      [`GET ${SEARCH_PATH}`]: search,
    },
    { signedIn: true },
  );
  const app = renderApp(DOCUMENTS_URL);
  return { ...app, searches: () => calls.filter((call) => call.path === SEARCH_PATH) };
}

async function openWithShortcut(user: ReturnType<typeof userEvent.setup>, key: 'Control' | 'Meta') {
  await screen.findByRole('heading', { level: 1, name: 'Documents' });
  await user.keyboard(`{${key}>}k{/${key}}`);
  return screen.findByRole('dialog', { name: 'Search' });
}

describe('command palette', () => {
  test.each(['Control', 'Meta'] as const)('opens with %s+K inside an organization', async (key) => {
    const user = userEvent.setup();
    renderPalettePage();

    const palette = await openWithShortcut(user, key);

    const input = within(palette).getByRole('combobox', { name: 'Search documents and actions' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', 'Search documents...');
    const theme = within(palette).getByRole('group', { name: 'Theme' });
    expect(
      within(theme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
  });

  test('Dismiss closes the palette', async () => {
    const user = userEvent.setup();
    renderPalettePage();
    const palette = await openWithShortcut(user, 'Control');

    await user.click(within(palette).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the top-bar search button opens it; Escape closes it and focus returns to the button', async () => {
    const user = userEvent.setup();
    renderPalettePage();
    const trigger = await screen.findByRole('button', { name: 'Search' });

    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  test('one character searches nothing; two or more search once, debounced, page 0 of 5', async () => {
    const user = userEvent.setup();
    const { searches } = renderPalettePage();
    const palette = await openWithShortcut(user, 'Control');
    const input = within(palette).getByRole('combobox', { name: 'Search documents and actions' });

    await user.type(input, 'i');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toHaveLength(0);

    await user.type(input, 'nvoice');

    const documents = await within(palette).findByRole('group', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Invoice March.pdf', 'Dentist receipt - invoice 4471.pdf', 'See all 2 results']);
    expect(searches()).toHaveLength(1);
    const params = searches()[0]?.url.searchParams;
    expect(params?.get('searchQuery')).toBe('invoice');
    expect(params?.get('pageIndex')).toBe('0');
    expect(params?.get('pageSize')).toBe('5');
  });

  test('a failed search shows the no-results message, with no error', async () => {
    const user = userEvent.setup();
    renderPalettePage(() => jsonResponse({ error: { code: 'internal.error' } }, { status: 500 }));
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'invoice');

    // Shown in the list, and said by the palette's live region.
    await waitFor(() => expect(within(palette).getByRole('status')).toHaveTextContent('No results found.'));
    expect(within(palette).getAllByText('No results found.')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('choosing a document opens it and closes the palette', async () => {
    const user = userEvent.setup();
    const { router } = renderPalettePage();
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'dentist');
    await user.click(
      await within(palette).findByRole('option', { name: 'Dentist receipt - invoice 4471.pdf' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(`${DOCUMENTS_URL}/doc_receipt`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('choosing Dark switches to the dark theme and closes the palette', async () => {
    const user = userEvent.setup();
    renderPalettePage();
    const palette = await openWithShortcut(user, 'Meta');

    await user.click(within(palette).getByRole('option', { name: 'Dark' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  test('reopening starts from an empty search', async () => {
    const user = userEvent.setup();
    renderPalettePage();
    let palette = await openWithShortcut(user, 'Control');
    await user.type(within(palette).getByRole('combobox'), 'invoice');
    await within(palette).findByRole('group', { name: 'Documents' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Search' });

    expect(within(palette).getByRole('combobox')).toHaveValue('');
    expect(within(palette).queryByRole('group', { name: 'Documents' })).not.toBeInTheDocument();
  });

  test('each hit shows its snippet under its name, with the matched words in a mark', async () => {
    const user = userEvent.setup();
    const snippet =
      'Clause 7: the tenant pays the zanzibarite deposit before moving in. Zanzibar rules apply.';
    renderPalettePage(() =>
      jsonResponse({
        documents: [searchHit(receipt, { snippet, words: ['zanzibar'] }), searchHit(invoice)],
        documentsCount: 2,
        documentsCountIsCapped: false,
      }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'zanzibar');

    const option = await within(palette).findByRole('option', { name: /Dentist receipt/ });
    expect(option).toHaveTextContent(`Dentist receipt - invoice 4471.pdf${snippet}`);
    const marks = option.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['zanzibar', 'Zanzibar']);
    expect(within(option).getByText(/Clause 7/)).toHaveClass('line-clamp-2');
    // A hit found by its name alone has no snippet line.
    const nameOnly = within(palette).getByRole('option', { name: 'Invoice March.pdf' });
    expect(nameOnly.querySelector('mark')).toBeNull();
    expect(nameOnly).toHaveTextContent(/^Invoice March\.pdf$/);
  });

  test('shows how many documents match in all', async () => {
    const user = userEvent.setup();
    renderPalettePage(() =>
      jsonResponse({
        documents: [searchHit(invoice), searchHit(receipt)],
        documentsCount: 12,
        documentsCountIsCapped: false,
      }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'invoice');

    expect(await within(palette).findByText('12 documents')).toBeInTheDocument();
    // The count is the palette's live region: screen readers hear it when results arrive.
    expect(within(palette).getByRole('status')).toHaveTextContent('12 documents');
  });

  test('a capped count shows as "10,000+ documents"', async () => {
    const user = userEvent.setup();
    renderPalettePage(() =>
      jsonResponse({
        documents: [searchHit(invoice)],
        documentsCount: SEARCH_COUNT_CAP,
        documentsCountIsCapped: true,
      }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'the');

    expect(await within(palette).findByText('10,000+ documents')).toBeInTheDocument();
  });

  test('no count while nothing is found', async () => {
    const user = userEvent.setup();
    renderPalettePage(() =>
      jsonResponse({ documents: [], documentsCount: 0, documentsCountIsCapped: false }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'nothing');

    await waitFor(() => expect(within(palette).getByRole('status')).toHaveTextContent('No results found.'));
    expect(within(palette).queryByText(/\d+ documents?$/)).not.toBeInTheDocument();
  });

  test('"See all N results" opens the documents list with the query, to filter, sort and page it', async () => {
    const user = userEvent.setup();
    const { router } = renderPalettePage(() =>
      jsonResponse({
        documents: [searchHit(invoice), searchHit(receipt)],
        documentsCount: 12,
        documentsCountIsCapped: false,
      }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), ' invoice ');
    const seeAll = await within(palette).findByRole('option', { name: 'See all 12 results' });
    // The last of the documents' options: the arrow keys reach it after the hits.
    const documents = within(palette).getByRole('group', { name: 'Documents' });
    expect(within(documents).getAllByRole('option').at(-1)).toBe(seeAll);
    await user.click(seeAll);

    await waitFor(() => expect(router.state.location.pathname).toBe(DOCUMENTS_URL));
    expect(router.state.location.search).toEqual({ q: 'invoice' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Search documents' })).toHaveValue('invoice');
  });

  test('a capped count reads "See all 10,000+ results"', async () => {
    const user = userEvent.setup();
    renderPalettePage(() =>
      jsonResponse({
        documents: [searchHit(invoice)],
        documentsCount: SEARCH_COUNT_CAP,
        documentsCountIsCapped: true,
      }),
    );
    const palette = await openWithShortcut(user, 'Control');

    await user.type(within(palette).getByRole('combobox'), 'the');

    expect(
      await within(palette).findByRole('option', { name: 'See all 10,000+ results' }),
    ).toBeInTheDocument();
  });

  test('the help beside the search lists the query syntax', async () => {
    const user = userEvent.setup();
    renderPalettePage();
    const palette = await openWithShortcut(user, 'Control');

    await user.click(within(palette).getByRole('button', { name: 'Search syntax' }));

    const help = await screen.findByRole('dialog', { name: 'Search syntax' });
    expect(within(help).getByText('tag:invoices')).toBeInTheDocument();
    expect(within(help).getByText('Carries this tag (quote names with spaces)')).toBeInTheDocument();
    expect(within(help).getByText('amount>100')).toBeInTheDocument();
  });

  test('Ctrl+K does nothing outside an organization', async () => {
    const user = userEvent.setup();
    mockApi(organizationHandlers(), { signedIn: true });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });

    await user.keyboard('{Control>}k{/Control}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { EMPTY_SAVED_VIEW_FILTERS, type SavedViewDto } from '@sheaf/contracts/saved-views';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers, tagFixture } from '../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';
import { parseDocumentsSearch } from '../documents/search-params';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;
const API_VIEWS = `/api/organizations/${ORGANIZATION_ID}/saved-views`;

function viewFixture(overrides: Partial<SavedViewDto> = {}): SavedViewDto {
  return {
    id: 'sv_1',
    organizationId: ORGANIZATION_ID,
    name: 'Invoices',
    visibility: 'personal',
    filters: { ...EMPTY_SAVED_VIEW_FILTERS, tags: ['tag_a'] },
    sort: 'name',
    order: null,
    columns: [],
    dropped: [],
    isPinned: false,
    isDefault: false,
    canEdit: true,
    createdBy: { id: 'usr_1', name: 'Ada Lovelace' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const searchOf = (router: { state: { location: { search: Record<string, unknown> } } }) =>
  parseDocumentsSearch(router.state.location.search);

function renderList(
  url: string,
  { views = [], role = 'owner' as const }: { views?: SavedViewDto[]; role?: 'owner' | 'member' } = {},
) {
  const documents = [
    documentFixture({ id: 'doc_1', name: 'Invoice.pdf' }),
    documentFixture({ id: 'doc_2', name: 'Memo.txt' }),
  ];
  let stored = [...views];
  const api = mockApi(
    {
      ...organizationHandlers({ role }),
      ...documentsHandlers({ documents, tags: [tagFixture({ id: 'tag_a', name: 'Invoices' })] }),
      [`GET ${API_VIEWS}`]: () => jsonResponse({ savedViews: stored }),
      [`POST ${API_VIEWS}`]: (request: MockRequest) => {
        const body = request.body as { name: string; isPinned: boolean; isDefault: boolean };
        const view = viewFixture({ id: 'sv_new', name: body.name, isPinned: body.isPinned });
        stored = [...stored, view];
        return jsonResponse({ savedView: view }, { status: 201 });
      },
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(url) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saved views', () => {
  test('saves the list as shown, its filters, sort and columns, pinned by default', async () => {
    const user = userEvent.setup();
    const { calls } = renderList(`${DOCUMENTS_URL}?tags=tag_a&sort=name&fileTypes=pdf`);
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('The name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'My PDFs');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with the organization' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === API_VIEWS)).toBe(true),
    );
    const post = calls.find((call) => call.method === 'POST' && call.path === API_VIEWS);
    expect(post?.body).toEqual({
      name: 'My PDFs',
      visibility: 'organization',
      filters: { ...EMPTY_SAVED_VIEW_FILTERS, tags: ['tag_a'], fileTypes: ['pdf'] },
      sort: 'name',
      order: null,
      columns: ['updatedAt'],
      isPinned: true,
      isDefault: false,
    });
    expect(await screen.findByText('View “My PDFs” saved')).toBeInTheDocument();
  });

  test('applies a view from the menu: its filters and sort in the URL, its name on the button', async () => {
    const user = userEvent.setup();
    const { router } = renderList(DOCUMENTS_URL, {
      views: [viewFixture(), viewFixture({ id: 'sv_2', name: 'Team', visibility: 'organization' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    expect(await screen.findByText('Shared with the organization')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Invoices' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tags: ['tag_a'], sort: 'name' }));
    expect(await screen.findByRole('button', { name: 'View: Invoices' })).toBeInTheDocument();
  });

  test('shows pinned views in the sidebar with their live count', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderList(`/organizations/${ORGANIZATION_ID}`, {
      views: [viewFixture({ isPinned: true, name: 'Pinned invoices' })],
    });
    const link = await screen.findByRole('link', { name: /Pinned invoices/ });
    expect(await within(link).findByText('2 documents')).toBeInTheDocument();
    const count = calls.find(
      (call) => call.path === API_DOCUMENTS && call.url.searchParams.get('pageSize') === '1',
    );
    expect(count?.url.searchParams.get('tags')).toBe('tag_a');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(DOCUMENTS_URL));
    expect(searchOf(router)).toEqual({ tags: ['tag_a'], sort: 'name' });
  });

  test("opens a plain documents list on the member's default view", async () => {
    const { router } = renderList(DOCUMENTS_URL, { views: [viewFixture({ isDefault: true })] });
    await waitFor(() => expect(searchOf(router)).toEqual({ tags: ['tag_a'], sort: 'name' }));
  });

  test('says which deleted tag a view no longer filters on', async () => {
    const user = userEvent.setup();
    renderList(DOCUMENTS_URL, {
      views: [viewFixture({ dropped: [{ kind: 'tag', id: 'tag_gone', name: 'Bank' }] })],
    });
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved views' });
    expect(
      within(dialog).getByText('Deleted since the view was saved, no longer filtered on: tag “Bank”'),
    ).toBeInTheDocument();
  });
});

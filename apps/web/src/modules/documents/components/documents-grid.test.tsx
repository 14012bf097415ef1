import type { DocumentDto } from '@sheaf/contracts/documents';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { LIVE_DOCUMENTS_DEBOUNCE_MS } from '../live-documents';
import { documentThumbnailUrl } from '../thumbnail-source';
import { THUMBNAIL_PREVIEW_HOVER_DELAY_MS } from './document-thumbnail';
import { documentsViewStorageKey } from './documents-view-switch';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;

function doc(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return documentFixture({ documentDate: null, properties: [], notesCount: 0, ...overrides });
}

const invoice = doc({
  id: 'doc_1',
  name: 'Invoice March.pdf',
  documentDate: '2024-03-08',
  thumbnailVersion: 'v1abc',
  tags: [{ id: 'tag_a', name: 'Invoices', color: '#d8ff75', description: null }],
});
const memo = doc({ id: 'doc_2', name: 'Meeting memo.txt', mimeType: 'text/plain', thumbnailVersion: null });

const lists = (calls: MockRequest[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === API_DOCUMENTS);

function renderList({ documents = [invoice, memo] }: { documents?: DocumentDto[] } = {}) {
  const api = mockApi(
    {
      ...organizationHandlers(),
      ...documentsHandlers({ documents, tags: [] }),
      [`GET /api/organizations/${ORGANIZATION_ID}/properties`]: () => jsonResponse({ properties: [] }),
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(DOCUMENTS_URL) };
}

/** A browser with a mouse and a wide window (the hover preview's screens), or a phone. */
function mockScreen({ hasMouse }: { hasMouse: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: hasMouse ? query.includes('hover: hover') : query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** The browser's EventSource, recorded so a test can send what the server would. */
class RecordingEventSource {
  static instances: RecordingEventSource[] = [];
  readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    RecordingEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  RecordingEventSource.instances = [];
});

describe('documents grid', () => {
  test('shows cards with the thumbnail, name, date and tags, and the type icon when there is no thumbnail', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Documents' });

    await user.click(screen.getByRole('button', { name: 'Grid view' }));

    const grid = await screen.findByRole('list', { name: 'Documents' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [invoiceCard, memoCard] = cards as [HTMLElement, HTMLElement];
    expect(within(invoiceCard).getByRole('link', { name: 'Invoice March.pdf' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents/doc_1`,
    );
    expect(within(invoiceCard).getByText('Mar 8, 2024')).toHaveAttribute('datetime', '2024-03-08');
    expect(within(invoiceCard).getByText('Invoices')).toBeInTheDocument();
    const image = invoiceCard.querySelector('img');
    expect(image).toHaveAttribute('src', documentThumbnailUrl(ORGANIZATION_ID, 'doc_1', 'v1abc'));
    expect(image?.getAttribute('src')).toContain('/documents/doc_1/thumbnail?v=v1abc');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(invoiceCard.querySelector('[data-thumbnail]')).toHaveAttribute('data-thumbnail', 'image');
    // No thumbnail: the type's icon, in the same box.
    expect(memoCard.querySelector('img')).toBeNull();
    expect(memoCard.querySelector('[data-thumbnail]')).toHaveAttribute('data-thumbnail', 'icon');
  });

  test('falls back to the type icon when the thumbnail cannot be loaded', async () => {
    localStorage.setItem(documentsViewStorageKey('usr_1'), 'grid');
    renderList();
    const grid = await screen.findByRole('list', { name: 'Documents' });
    const card = within(grid).getByRole('link', { name: 'Invoice March.pdf' }).closest('li') as HTMLElement;
    fireEvent.error(card.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('[data-thumbnail]')).toHaveAttribute('data-thumbnail', 'icon');
  });

  test('remembers the view chosen, for each user', async () => {
    const user = userEvent.setup();
    const { unmount } = renderList();
    await screen.findByRole('table', { name: 'Documents' });
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(localStorage.getItem(documentsViewStorageKey('usr_1'))).toBe('grid');
    unmount();

    renderList();
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument();
    // Another user of this browser keeps the default.
    expect(localStorage.getItem(documentsViewStorageKey('usr_2'))).toBeNull();

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(await screen.findByRole('table', { name: 'Documents' })).toBeInTheDocument();
    expect(localStorage.getItem(documentsViewStorageKey('usr_1'))).toBe('list');
  });

  test('switches the view from the keyboard', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Documents' });
    screen.getByRole('button', { name: 'Grid view' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'View' })).toBeInTheDocument();
  });

  test('selects cards for bulk actions, one or the whole page', async () => {
    const user = userEvent.setup();
    localStorage.setItem(documentsViewStorageKey('usr_1'), 'grid');
    renderList();
    const grid = await screen.findByRole('list', { name: 'Documents' });

    await user.click(within(grid).getByRole('checkbox', { name: 'Select Invoice March.pdf' }));
    const bar = await screen.findByRole('region', { name: 'Selected documents' });
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Invoice March.pdf' }).closest('li')).toHaveAttribute(
      'data-state',
      'selected',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Select every document on this page' }));
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
  });
});

describe('list thumbnails', () => {
  test("shows each row's small thumbnail, and a larger one when the row is focused", async () => {
    mockScreen({ hasMouse: true });
    renderList();
    const table = await screen.findByRole('table', { name: 'Documents' });
    const row = within(table).getByRole('link', { name: 'Invoice March.pdf' }).closest('tr') as HTMLElement;
    expect(row.querySelector('img')).toHaveAttribute(
      'src',
      documentThumbnailUrl(ORGANIZATION_ID, 'doc_1', 'v1abc'),
    );

    const link = within(row).getByRole('link', { name: 'Invoice March.pdf' });
    act(() => link.focus());
    const preview = await screen.findByTestId('thumbnail-preview');
    expect(preview.querySelector('img')).toHaveAttribute(
      'src',
      documentThumbnailUrl(ORGANIZATION_ID, 'doc_1', 'v1abc'),
    );
    // The preview never takes the focus.
    expect(link).toHaveFocus();

    act(() => link.blur());
    await waitFor(() => expect(screen.queryByTestId('thumbnail-preview')).not.toBeInTheDocument());
  });

  test('shows the larger thumbnail when the pointer rests on a row', async () => {
    mockScreen({ hasMouse: true });
    renderList();
    const table = await screen.findByRole('table', { name: 'Documents' });
    const row = within(table).getByRole('link', { name: 'Invoice March.pdf' }).closest('tr') as HTMLElement;
    fireEvent.pointerEnter(row, { pointerType: 'mouse' });
    expect(screen.queryByTestId('thumbnail-preview')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, THUMBNAIL_PREVIEW_HOVER_DELAY_MS + 50));
    expect(await screen.findByTestId('thumbnail-preview')).toBeInTheDocument();
    fireEvent.pointerLeave(row, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByTestId('thumbnail-preview')).not.toBeInTheDocument());
  });

  test('shows no larger thumbnail on a phone, nor for a document without one', async () => {
    mockScreen({ hasMouse: false });
    renderList();
    const table = await screen.findByRole('table', { name: 'Documents' });
    act(() => within(table).getByRole('link', { name: 'Invoice March.pdf' }).focus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('thumbnail-preview')).not.toBeInTheDocument();

    vi.restoreAllMocks();
    mockScreen({ hasMouse: true });
    act(() => within(table).getByRole('link', { name: 'Meeting memo.txt' }).focus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('thumbnail-preview')).not.toBeInTheDocument();
  });
});

describe('live documents list', () => {
  test('a document added elsewhere appears in the open list without a reload', async () => {
    vi.stubGlobal('EventSource', RecordingEventSource);
    const documents = [invoice];
    const { calls } = renderList({ documents });
    const table = await screen.findByRole('table', { name: 'Documents' });
    await waitFor(() => expect(RecordingEventSource.instances).toHaveLength(1));
    const source = RecordingEventSource.instances[0] as RecordingEventSource;
    expect(source.url).toContain(`/api/organizations/${ORGANIZATION_ID}/documents/events`);
    expect(source.init).toEqual({ withCredentials: true });
    source.emit('ready', { organizationId: ORGANIZATION_ID });
    const listsBefore = lists(calls).length;

    // A watched folder imports a scan: the server says so, twice in a row (folded into one refresh).
    documents.push(doc({ id: 'doc_3', name: 'Scanned letter.pdf' }));
    source.emit('documents.changed', { organizationId: ORGANIZATION_ID, kind: 'created' });
    source.emit('documents.changed', { organizationId: ORGANIZATION_ID, kind: 'updated' });

    expect(await within(table).findByRole('link', { name: 'Scanned letter.pdf' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, LIVE_DOCUMENTS_DEBOUNCE_MS + 100));
    expect(lists(calls).length).toBe(listsBefore + 1);
  });

  test('refreshes after a reconnect, and closes the stream when the page is left', async () => {
    vi.stubGlobal('EventSource', RecordingEventSource);
    const { calls, unmount } = renderList({ documents: [invoice] });
    await screen.findByRole('table', { name: 'Documents' });
    await waitFor(() => expect(RecordingEventSource.instances).toHaveLength(1));
    const source = RecordingEventSource.instances[0] as RecordingEventSource;
    source.emit('ready', { organizationId: ORGANIZATION_ID });
    const listsBefore = lists(calls).length;
    // The browser reconnected after a drop: what happened meanwhile was missed.
    source.emit('ready', { organizationId: ORGANIZATION_ID });
    await waitFor(() => expect(lists(calls).length).toBe(listsBefore + 1));

    unmount();
    expect(source.closed).toBe(true);
  });
});

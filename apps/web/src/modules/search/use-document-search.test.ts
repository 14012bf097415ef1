import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi } from '../../test/app';
import { documentFixture, listItem, searchHit } from '../../test/documents';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';
import { useDocumentSearch } from './use-document-search';

const SEARCH_PATH = `/api/organizations/${ORGANIZATION_ID}/documents/search`;
const invoice = listItem(documentFixture());

function mockSearch(
  answer: () => Response | Promise<Response> = () =>
    jsonResponse({ documents: [invoice], documentsCount: 1 }),
) {
  const { calls } = mockApi({ [`GET ${SEARCH_PATH}`]: answer });
  return () => calls.filter((call) => call.path === SEARCH_PATH);
}

/** Lets the debounce run out and the answer settle. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useDocumentSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('starts with no query, no results and no loading', () => {
    mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    expect(result.current).toMatchObject({ query: '', documents: [], isLoading: false });
  });

  test('a query of 0 or 1 character searches nothing', async () => {
    const searches = mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('i'));
    expect(result.current.isLoading).toBe(false);
    await elapse(1000);
    act(() => result.current.setQuery(''));
    await elapse(1000);

    expect(searches()).toHaveLength(0);
    expect(result.current.documents).toEqual([]);
  });

  test('a longer query loads at once and searches once after 300 ms, page 0 of 5', async () => {
    const searches = mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('in'));
    act(() => result.current.setQuery('inv'));
    act(() => result.current.setQuery('invo'));
    expect(result.current.isLoading).toBe(true);
    await elapse(299);
    expect(searches()).toHaveLength(0);

    await elapse(1);
    await elapse(0);

    expect(searches()).toHaveLength(1);
    const params = searches()[0]?.url.searchParams;
    expect(params?.get('searchQuery')).toBe('invo');
    expect(params?.get('pageIndex')).toBe('0');
    expect(params?.get('pageSize')).toBe('5');
    expect(result.current.isLoading).toBe(false);
    expect(result.current.documents.map((document) => document.name)).toEqual(['Invoice March.pdf']);
  });

  test('keeps the hits with their snippets and the total count, capped or not', async () => {
    const hit = searchHit(documentFixture(), { snippet: 'Total due: 68.40 EUR', words: ['total'] });
    mockSearch(() =>
      jsonResponse({ documents: [hit], documentsCount: 10_000, documentsCountIsCapped: true }),
    );
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('total'));
    await elapse(300);

    expect(result.current).toMatchObject({
      documents: [{ id: 'doc_1', snippet: 'Total due: 68.40 EUR', matches: [{ start: 0, end: 5 }] }],
      documentsCount: 10_000,
      documentsCountIsCapped: true,
    });

    act(() => result.current.setQuery('totals'));
    expect(result.current).toMatchObject({ documents: [], documentsCount: 0, documentsCountIsCapped: false });
  });

  test('an answer without snippets reads as hits with none', async () => {
    mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('invoice'));
    await elapse(300);

    expect(result.current.documents[0]).toMatchObject({ snippet: '', matches: [] });
    expect(result.current).toMatchObject({ documentsCount: 1, documentsCountIsCapped: false });
  });

  test('any change of query clears the results', async () => {
    mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));
    act(() => result.current.setQuery('invoice'));
    await elapse(300);
    expect(result.current.documents).toHaveLength(1);

    act(() => result.current.setQuery('invoices'));

    expect(result.current.documents).toEqual([]);
    expect(result.current.isLoading).toBe(true);
  });

  test('an error counts as no documents and ends loading', async () => {
    mockSearch(() => jsonResponse({ error: { code: 'internal.error' } }, { status: 500 }));
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('invoice'));
    await elapse(300);
    await elapse(0);

    expect(result.current).toMatchObject({ documents: [], isLoading: false });
  });

  test('an answer to an older query is ignored', async () => {
    let release: (response: Response) => void = () => {};
    let first = true;
    mockSearch(() => {
      if (first) {
        first = false;
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      return jsonResponse({ documents: [], documentsCount: 0 });
    });
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('invoice'));
    await elapse(300);
    act(() => result.current.setQuery('receipt'));
    await act(async () => {
      release(jsonResponse({ documents: [invoice], documentsCount: 1 }));
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(result.current.documents).toEqual([]);
    expect(result.current.isLoading).toBe(true);
  });

  test('reset goes back to an empty query and cancels a pending search', async () => {
    const searches = mockSearch();
    const { result } = renderHook(() => useDocumentSearch(ORGANIZATION_ID));

    act(() => result.current.setQuery('invoice'));
    act(() => result.current.reset());
    await elapse(1000);

    expect(searches()).toHaveLength(0);
    expect(result.current).toMatchObject({ query: '', documents: [], isLoading: false });
  });
});

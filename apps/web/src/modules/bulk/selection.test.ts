import { describe, expect, test } from 'vitest';
import {
  chunksOf,
  emptySelection,
  isSelected,
  pageStateOf,
  type Selection,
  selectedCountOf,
  togglePage,
  toggleRow,
} from './selection';

const page = ['d1', 'd2', 'd3', 'd4', 'd5'];
const idsOf = (selection: Selection) => (selection.kind === 'ids' ? [...selection.ids].sort() : 'all');

describe('a bulk selection', () => {
  test('toggles one row on and off', () => {
    const on = toggleRow(emptySelection, 'd2', page);
    expect(idsOf(on)).toEqual(['d2']);
    expect(idsOf(toggleRow(on, 'd2', page))).toEqual([]);
  });

  test('extends from the last toggled row to this one, both ways', () => {
    const first = toggleRow(emptySelection, 'd4', page);
    expect(idsOf(toggleRow(first, 'd2', page, { extend: true }))).toEqual(['d2', 'd3', 'd4']);
    const down = toggleRow(emptySelection, 'd1', page);
    const range = toggleRow(down, 'd3', page, { extend: true });
    expect(idsOf(range)).toEqual(['d1', 'd2', 'd3']);
    // Shift on a selected row clears the range back to the last toggled one.
    const cleared = toggleRow(toggleRow(range, 'd3', page), 'd1', page, { extend: true });
    expect(idsOf(cleared)).toEqual([]);
  });

  test('extends like a plain toggle when the last toggled row is on another page', () => {
    const elsewhere = toggleRow(emptySelection, 'x9', ['x9']);
    expect(idsOf(toggleRow(elsewhere, 'd3', page, { extend: true }))).toEqual(['d3', 'x9']);
  });

  test('keeps rows picked on other pages', () => {
    const first = togglePage(emptySelection, ['a1', 'a2']);
    const both = togglePage(first, page);
    expect(selectedCountOf(both, 100)).toBe(7);
    expect(pageStateOf(both, page)).toBe(true);
    // The page again: only its rows leave the selection.
    expect(idsOf(togglePage(both, page))).toEqual(['a1', 'a2']);
  });

  test('says whether every, some or none of a page is selected', () => {
    expect(pageStateOf(emptySelection, page)).toBe(false);
    expect(pageStateOf(toggleRow(emptySelection, 'd1', page), page)).toBe('indeterminate');
    expect(pageStateOf({ kind: 'all' }, page)).toBe(true);
    expect(pageStateOf({ kind: 'all' }, [])).toBe(false);
  });

  test('"all that match" holds every document and counts what the filter matches', () => {
    const all: Selection = { kind: 'all' };
    expect(isSelected(all, 'anything')).toBe(true);
    expect(selectedCountOf(all, 50_000)).toBe(50_000);
    expect(togglePage(all, page)).toEqual(emptySelection);
  });

  test('unticking a row of "all that match" keeps the rest of the page', () => {
    expect(idsOf(toggleRow({ kind: 'all' }, 'd3', page))).toEqual(['d1', 'd2', 'd4', 'd5']);
  });

  test('cuts ids into requests of at most the given size', () => {
    const ids = Array.from({ length: 2_345 }, (_, index) => `doc_${index}`);
    expect(chunksOf(ids, 1_000).map((chunk) => chunk.length)).toEqual([1_000, 1_000, 345]);
    expect(chunksOf([], 1_000)).toEqual([]);
  });
});

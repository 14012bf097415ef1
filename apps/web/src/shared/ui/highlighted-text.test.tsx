import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { HighlightedText, splitByRanges } from './highlighted-text';

describe('splitByRanges', () => {
  test('splits a text into plain and matched parts, in order', () => {
    expect(
      splitByRanges('pay the deposit now', [
        { start: 8, end: 15 },
        { start: 0, end: 3 },
      ]),
    ).toEqual([
      { text: 'pay', isMatch: true },
      { text: ' the ', isMatch: false },
      { text: 'deposit', isMatch: true },
      { text: ' now', isMatch: false },
    ]);
  });

  test('merges overlapping and touching ranges, clamps them and drops empty ones', () => {
    expect(
      splitByRanges('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
        { start: 4, end: 5 },
        { start: 5, end: 5 },
        { start: 4, end: 2 },
        { start: -3, end: 0 },
        { start: 5, end: 99 },
      ]),
    ).toEqual([
      { text: 'a', isMatch: false },
      { text: 'bcdef', isMatch: true },
    ]);
  });

  test('no ranges: the whole text, plain; an empty text: nothing', () => {
    expect(splitByRanges('plain', [])).toEqual([{ text: 'plain', isMatch: false }]);
    expect(splitByRanges('', [{ start: 0, end: 2 }])).toEqual([]);
  });

  test('offsets are UTF-16 code units, as the server counts them', () => {
    const text = '📄 Zoë’s invoice';
    const start = text.indexOf('invoice');
    expect(splitByRanges(text, [{ start, end: start + 7 }]).at(-1)).toEqual({
      text: 'invoice',
      isMatch: true,
    });
  });
});

describe('HighlightedText', () => {
  test('renders the matches in mark elements and keeps the whole text', () => {
    const { container } = render(
      <HighlightedText text="Lease contract, clause 7" ranges={[{ start: 6, end: 14 }]} />,
    );
    expect(container).toHaveTextContent('Lease contract, clause 7');
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['contract']);
  });
});

import { foldSearchText, mergeRanges } from '@sheaf/contracts/search-text';
import { describe, expect, it } from 'vitest';
import { buildSnippet, findFirstMatch } from './search.snippets';

/** The snippet's matched pieces, as text. */
const matchedTexts = ({ snippet, matches }: ReturnType<typeof buildSnippet>) =>
  matches.map(({ start, end }) => snippet.slice(start, end));

const snippetOf = (content: string, query: string[], length?: number) =>
  buildSnippet(content, query.map(foldSearchText), length);

describe('search snippets', () => {
  it('folds query words as the index does: case, diacritics and the letter folds', () => {
    expect(foldSearchText('Zahnärztin')).toBe('zahnarztin');
    expect(foldSearchText('STRAẞE')).toBe('strasse');
    expect(foldSearchText('Łódź')).toBe('lodz');
    expect(foldSearchText('Encyclopædia')).toBe('encyclopaedia');
    expect(foldSearchText('cre\u0300me')).toBe('creme');
    expect(foldSearchText('ﬁnal')).toBe('final');
  });

  it('finds a query word without its diacritics and gives the range of the accented original', () => {
    const result = snippetOf('Termin bei der Zahnärztin am Montag', ['zahnarztin']);
    expect(result.snippet).toBe('Termin bei der Zahnärztin am Montag');
    expect(matchedTexts(result)).toEqual(['Zahnärztin']);
  });

  it('maps a fold of another length back to the original letters (ß is ss, æ is ae)', () => {
    const result = snippetOf('Wohnung in der Hauptstraße 5, Encyclopædia Britannica', ['strasse', 'paedia']);
    expect(matchedTexts(result)).toEqual(['straße', 'pædia']);
    const { snippet, matches } = snippetOf('Die STRASSE und die Straße', ['straße']);
    expect(matches.map(({ start, end }) => snippet.slice(start, end))).toEqual(['STRASSE', 'Straße']);
  });

  it('keeps decomposed accents with their letter and matches ligatures of the text', () => {
    expect(matchedTexts(snippetOf('Une cre\u0300me bru\u0302le\u0301e', ['brulee']))).toEqual([
      'bru\u0302le\u0301e',
    ]);
    expect(matchedTexts(snippetOf('The ﬁnal notice', ['final']))).toEqual(['ﬁnal']);
  });

  it('shows a short content whole, without ellipses', () => {
    expect(snippetOf('Total due 1200 EUR', ['due'])).toEqual({
      snippet: 'Total due 1200 EUR',
      matches: [{ start: 6, end: 9 }],
    });
  });

  it('answers an empty snippet when no word is in the content (a match on the name only)', () => {
    expect(snippetOf('Nothing relevant here', ['invoice'])).toEqual({ snippet: '', matches: [] });
    expect(snippetOf('', ['invoice'])).toEqual({ snippet: '', matches: [] });
    expect(buildSnippet('Anything at all', [])).toEqual({ snippet: '', matches: [] });
  });

  it('cuts a long content around the first match, between words, with ellipses where it was cut', () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`);
    words[200] = 'Hundeschule';
    const { snippet, matches } = snippetOf(words.join(' '), ['schule']);
    expect(snippet.startsWith('…word')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeGreaterThan(120);
    expect(snippet.length).toBeLessThanOrEqual(170);
    // Whole words only.
    expect(
      snippet
        .slice(1, -1)
        .split(' ')
        .every((word) => /^(word\d+|Hundeschule)$/.test(word)),
    ).toBe(true);
    expect(matches).toHaveLength(1);
    expect(snippet.slice(matches[0]!.start, matches[0]!.end)).toBe('schule');
    // The match sits in the first half: some text before it, more after.
    expect(matches[0]!.start).toBeGreaterThan(10);
    expect(matches[0]!.start).toBeLessThan(snippet.length / 2);
  });

  it('starts at the beginning for a match near the start and ends at the end for one near the end', () => {
    const filler = Array.from({ length: 100 }, (_, index) => `filler${index}`).join(' ');
    const early = snippetOf(`Invoice number 42 ${filler}`, ['invoice']);
    expect(early.snippet.startsWith('Invoice number 42')).toBe(true);
    expect(early.snippet.endsWith('…')).toBe(true);
    expect(matchedTexts(early)).toEqual(['Invoice']);

    const late = snippetOf(`${filler} signed by the landlord`, ['landlord']);
    expect(late.snippet.startsWith('…')).toBe(true);
    expect(late.snippet.endsWith('signed by the landlord')).toBe(true);
    expect(late.snippet.length).toBeGreaterThan(120);
    expect(matchedTexts(late)).toEqual(['landlord']);
  });

  it('finds a match deep in a long text and shows the text around it', () => {
    const content = `${'lorem ipsum dolor sit amet '.repeat(40_000)}the Kündigung is attached ${'x '.repeat(1000)}`;
    const position = content.indexOf('Kündigung');
    expect(position).toBeGreaterThan(1_000_000);
    expect(findFirstMatch(content, ['kundigung'])).toEqual({ start: position, end: position + 9 });
    const result = snippetOf(content, ['kundigung']);
    expect(result.snippet).toContain('the Kündigung is attached');
    expect(matchedTexts(result)).toEqual(['Kündigung']);
  });

  it('finds a match that straddles the chunks the text is read in', () => {
    for (const at of [1020, 1024, 3070, 7160]) {
      const content = `${'a'.repeat(at)} Überweisung ${'b'.repeat(200)}`;
      expect(findFirstMatch(content, ['uberweisung']), String(at)).toEqual({ start: at + 1, end: at + 12 });
    }
  });

  it('answers the earliest match of any of several words, and the ranges of all of them', () => {
    const result = snippetOf('Payment of the invoice: the payment is due. Invoice paid.', [
      'invoice',
      'payment',
    ]);
    expect(result.snippet).toBe('Payment of the invoice: the payment is due. Invoice paid.');
    expect(matchedTexts(result)).toEqual(['Payment', 'invoice', 'payment', 'Invoice']);
    expect(findFirstMatch('aaa invoice then payment', ['payment', 'invoice'])).toEqual({ start: 4, end: 11 });
  });

  it('merges overlapping and touching ranges into one', () => {
    expect(matchedTexts(snippetOf('The Hundeschule opens', ['hunde', 'deschu', 'schule']))).toEqual([
      'Hundeschule',
    ]);
    expect(matchedTexts(snippetOf('aaaa', ['aaa']))).toEqual(['aaaa']);
    expect(
      mergeRanges([
        { start: 5, end: 8 },
        { start: 0, end: 2 },
        { start: 2, end: 3 },
        { start: 6, end: 7 },
      ]),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 8 },
    ]);
  });

  it('never splits a surrogate pair and collapses runs of whitespace', () => {
    const content = `${'😀'.repeat(100)} receipt\n\n\tsigned ${'😀'.repeat(100)}`;
    const { snippet, matches } = snippetOf(content, ['receipt']);
    expect(snippet).toContain(' receipt signed ');
    expect(snippet.slice(matches[0]!.start, matches[0]!.end)).toBe('receipt');
    expect(/^…?(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\uD800-\uDFFF])*…?$/.test(snippet)).toBe(true);
  });
});

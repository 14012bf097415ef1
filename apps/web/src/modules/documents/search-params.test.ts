import { describe, expect, it } from 'vitest';
import { validateDocumentSearch, validateDocumentsSearch } from './search-params';

describe('validateDocumentsSearch', () => {
  it('reads tag ids from a comma-separated value', () => {
    expect(validateDocumentsSearch({ tags: 'tag_a,tag_b' })).toEqual({ tags: ['tag_a', 'tag_b'] });
  });

  it('reads tag ids from an array and drops blanks and repeats', () => {
    expect(validateDocumentsSearch({ tags: ['tag_a', ' ', 'tag_a', 'tag_b'] })).toEqual({
      tags: ['tag_a', 'tag_b'],
    });
  });

  it('leaves the filter out when there is none', () => {
    expect(validateDocumentsSearch({})).toEqual({});
    expect(validateDocumentsSearch({ tags: '' })).toEqual({});
    expect(validateDocumentsSearch({ tags: { nested: true } })).toEqual({});
  });
});

describe('validateDocumentSearch', () => {
  it('keeps the content and activity tabs', () => {
    expect(validateDocumentSearch({ tab: 'content' })).toEqual({ tab: 'content' });
    expect(validateDocumentSearch({ tab: 'activity' })).toEqual({ tab: 'activity' });
  });

  it('falls back to the info tab for anything else', () => {
    expect(validateDocumentSearch({ tab: 'info' })).toEqual({});
    expect(validateDocumentSearch({ tab: 'secrets' })).toEqual({});
  });
});

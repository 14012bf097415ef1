import { describe, expect, it } from 'vitest';
import { splitFileName, withOriginalExtension } from './file-name';

describe('splitFileName', () => {
  it('splits at the last dot', () => {
    expect(splitFileName('invoice.2024.pdf')).toEqual({ baseName: 'invoice.2024', extension: 'pdf' });
  });

  it('finds no extension in a name without a dot', () => {
    expect(splitFileName('README')).toEqual({ baseName: 'README', extension: undefined });
  });

  it('finds no extension in a name whose only dot leads it', () => {
    expect(splitFileName('.env')).toEqual({ baseName: '.env', extension: undefined });
  });

  it('finds no extension in a name ending with a dot', () => {
    expect(splitFileName('draft.')).toEqual({ baseName: 'draft.', extension: undefined });
  });
});

describe('withOriginalExtension', () => {
  it('appends the original extension to the trimmed new name', () => {
    expect(withOriginalExtension('  Electricity March  ', 'scan-001.pdf')).toBe('Electricity March.pdf');
  });

  it('keeps a name without extension as it is typed', () => {
    expect(withOriginalExtension('Notes', 'README')).toBe('Notes');
  });
});

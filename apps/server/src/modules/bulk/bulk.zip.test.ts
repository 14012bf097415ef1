import { describe, expect, it } from 'vitest';
import { createUniqueNames, csvCell, toSafeEntryName } from './bulk.zip';

describe('zip entry names', () => {
  it('keeps a name at the top of the zip, without folders or characters Windows forbids', () => {
    expect(toSafeEntryName('../../etc/passwd', 'passwd')).toBe('.._.._etc_passwd');
    expect(toSafeEntryName('a\\b:c*d?e"f<g>h|i.txt', 'x.txt')).toBe('a_b_c_d_e_f_g_h_i.txt');
    expect(toSafeEntryName('..', 'report.pdf')).toBe('document.pdf');
    expect(toSafeEntryName('notes. ', 'notes.txt')).toBe('notes.txt');
  });

  it('keeps Unicode (composed), and the original extension when the name lost it', () => {
    expect(toSafeEntryName('Fa\u0308ktura 日本', 'scan.PDF')).toBe('Fäktura 日本.PDF');
    expect(toSafeEntryName('Invoice.pdf', 'invoice.pdf')).toBe('Invoice.pdf');
  });

  it('never gives a name Windows reserves, and cuts long names before the extension', () => {
    expect(toSafeEntryName('CON.txt', 'con.txt')).toBe('_CON.txt');
    expect(toSafeEntryName('nul', 'nul')).toBe('_nul');
    const long = toSafeEntryName(`${'é'.repeat(300)}.pdf`, 'a.pdf');
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(204);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('makes names unique ignoring case, before the extension', () => {
    const unique = createUniqueNames(['manifest.csv']);
    expect(['a.txt', 'A.txt', 'a.txt', 'manifest.csv', 'b'].map(unique)).toEqual([
      'a.txt',
      'A (2).txt',
      'a (3).txt',
      'manifest (2).csv',
      'b',
    ]);
  });

  it('quotes CSV cells and keeps them from being read as formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });
});

import { describe, expect, it } from 'vitest';
import {
  isIgnoredFileName,
  isIgnoredRelativePath,
  numberedFileName,
  splitRootPath,
  tagNamesOfPath,
} from './ingestion-folders.models';

describe('watched folder paths', () => {
  it('ignores hidden, Office lock, partial and temporary file names', () => {
    for (const name of ['.DS_Store', '.scan.pdf', '~$report.docx', 'upload.pdf.part', 'SCAN.TMP']) {
      expect(isIgnoredFileName(name), name).toBe(true);
    }
    for (const name of ['scan.pdf', 'report~.docx', 'part.pdf', 'tmp.txt']) {
      expect(isIgnoredFileName(name), name).toBe(false);
    }
  });

  it('ignores the done, failed and duplicates folders of an organization folder, and hidden folders', () => {
    expect(isIgnoredRelativePath('org_1/done/scan.pdf')).toBe(true);
    expect(isIgnoredRelativePath('org_1/Failed/scan.pdf')).toBe(true);
    expect(isIgnoredRelativePath('org_1/duplicates')).toBe(true);
    expect(isIgnoredRelativePath('org_1/.sync/scan.pdf')).toBe(true);
    expect(isIgnoredRelativePath('')).toBe(false);
    expect(isIgnoredRelativePath('org_1')).toBe(false);
    expect(isIgnoredRelativePath('org_1/Invoices/done/scan.pdf')).toBe(false);
    expect(isIgnoredRelativePath('done/scan.pdf')).toBe(false);
  });

  it("splits a path under the root into the organization's folder and the file's path in it", () => {
    expect(splitRootPath('org_1/Invoices/scan.pdf')).toEqual({
      folder: 'org_1',
      filePath: 'Invoices/scan.pdf',
    });
    expect(splitRootPath('Front desk/scan.pdf')).toEqual({ folder: 'Front desk', filePath: 'scan.pdf' });
    expect(splitRootPath('stray.pdf')).toBeUndefined();
  });

  it('makes one tag per subfolder, without repeating a name in another case', () => {
    expect(tagNamesOfPath('scan.pdf')).toEqual([]);
    expect(tagNamesOfPath('Invoices/2026/scan.pdf')).toEqual(['Invoices', '2026']);
    expect(tagNamesOfPath('Bank/bank/scan.pdf')).toEqual(['Bank']);
  });

  it('numbers a file name whose place is taken, before its extension', () => {
    expect(numberedFileName('scan.pdf', 0)).toBe('scan.pdf');
    expect(numberedFileName('scan.pdf', 2)).toBe('scan (2).pdf');
    expect(numberedFileName('README', 1)).toBe('README (1)');
  });
});

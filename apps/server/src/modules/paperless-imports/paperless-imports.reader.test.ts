import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isHttpError } from '../../shared/errors';
import type { PaperlessRecord } from './paperless-imports.models';
import {
  customFieldValueOf,
  monetaryValueOf,
  nestedTagNames,
  savedViewFiltersOf,
  selectOptionsOf,
  tagColorOf,
} from './paperless-imports.models';
import { openPaperlessExport, safeEntryPath } from './paperless-imports.reader';
import { buildPaperlessExport, writePaperlessExportZip, zipEntries } from './paperless-imports.test-helpers';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-paperless-reader-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return isHttpError(error) ? error.code : String(error);
  }
  return 'no error';
};

describe('reading a Paperless-ngx export', () => {
  it('reads a 2.x zip written with --split-manifest: the main manifest, then every document manifest', async () => {
    const zip = writePaperlessExportZip(path.join(workDir, 'split.zip'), {
      layout: '2.x',
      splitManifest: true,
    });
    const exported = await openPaperlessExport({ source: zip, tempDir: path.join(workDir, 'tmp') });
    try {
      expect(exported.version).toBe('2.13.5');
      const models = exported.records.map((record) => record.model);
      expect(models.filter((model) => model === 'documents.document')).toHaveLength(3);
      expect(models.filter((model) => model === 'documents.customfieldinstance')).toHaveLength(9);
      expect(models.filter((model) => model === 'documents.note')).toHaveLength(2);
      expect(fs.existsSync(path.join(exported.root, '0000001.pdf'))).toBe(true);
    } finally {
      await exported.cleanup();
    }
    expect(fs.readdirSync(path.join(workDir, 'tmp'))).toEqual([]);
  });

  it('keeps documents without their text, and reads a text back from the manifest when asked', async () => {
    const folder = path.join(workDir, 'content');
    fs.mkdirSync(folder, { recursive: true });
    // Braces, brackets, quotes and escapes inside strings, and text beyond one read of the file.
    const tricky = `Total {42} [sic] "quoted" \\ back\\slash ${'é'.repeat(800_000)} end`;
    const records = [
      { model: 'documents.tag', pk: 1, fields: { name: 'a } b ] c' } },
      { model: 'documents.document', pk: 7, fields: { title: 'Letter', content: tricky } },
      { model: 'documents.document', pk: 8, fields: { title: 'Empty' } },
    ];
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(records, null, 2));
    fs.writeFileSync(path.join(folder, 'metadata.json'), '{"version": "2.13.5"}');
    const exported = await openPaperlessExport({ source: folder });
    expect(exported.records.map((record) => record.fields)).toEqual([
      { name: 'a } b ] c' },
      { title: 'Letter' },
      { title: 'Empty' },
    ]);
    expect(await exported.contentOf(exported.records[1] as PaperlessRecord)).toBe(tricky);
    expect(await exported.contentOf(exported.records[2] as PaperlessRecord)).toBeNull();
  });

  it('says which manifest does not parse, at which line and byte, and why', async () => {
    const messageOf = async (manifest: string) => {
      const folder = fs.mkdtempSync(path.join(workDir, 'broken-'));
      fs.writeFileSync(path.join(folder, 'manifest.json'), manifest);
      try {
        await openPaperlessExport({ source: folder });
      } catch (error) {
        return isHttpError(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return 'no error';
    };
    const record = '{"model": "documents.tag", "pk": 1, "fields": {}}';
    expect(await messageOf(`[\n${record},\n${record}`)).toBe(
      'paperless_imports.invalid_manifest: manifest.json does not parse (line 3, position 102): the file ends before its array does.',
    );
    expect(await messageOf(`[\n${record},\n{"model": "x", "pk": 2, "fields": {}, }\n]`)).toBe(
      'paperless_imports.invalid_manifest: manifest.json does not parse (line 3, position 91): Expected double-quoted property name.',
    );
    expect(await messageOf(`{"model": "documents.tag"}`)).toBe(
      'paperless_imports.invalid_manifest: manifest.json does not parse (line 1, position 0): a Paperless-ngx manifest is a JSON array of records.',
    );
    expect(await messageOf(`[${record}, 42]`)).toBe(
      'paperless_imports.invalid_manifest: manifest.json does not parse (line 1, position 52): record 1 is not a { model, pk, fields } object.',
    );
    expect(await messageOf(`[${record} ${record}]`)).toMatch(/position 51\): unexpected "\{"/);
    expect(await messageOf(`[{"model": "documents.tag", "pk": 1, "fields": null}]`)).toBe(
      'paperless_imports.invalid_manifest: manifest.json: record 0 is not a { model, pk, fields } object.',
    );
    expect(await messageOf('[]')).toBe('no error');
  });

  it('reads a zip of the export folder itself (one folder at its root)', async () => {
    const entries = [...buildPaperlessExport({ layout: '1.x' })].map(
      ([name, content]) => [`paperless-export/${name}`, content] as [string, Buffer],
    );
    const file = path.join(workDir, 'nested.zip');
    fs.writeFileSync(file, zipEntries(entries));
    const exported = await openPaperlessExport({ source: file, tempDir: path.join(workDir, 'tmp') });
    expect(exported.version).toBe('1.17.4');
    await exported.cleanup();
  });

  it('refuses entries leaving the folder, encrypted exports and manifests that do not parse', async () => {
    expect(safeEntryPath('originals/0001.pdf')).toBe('originals/0001.pdf');
    for (const unsafe of ['../x', '/etc/passwd', 'a/../../x', 'C:/x', 'a\\..\\x'])
      expect(safeEntryPath(unsafe)).toBeUndefined();
    const traversal = path.join(workDir, 'traversal.zip');
    fs.writeFileSync(
      traversal,
      zipEntries([
        ['manifest.json', Buffer.from('[]')],
        ['a/../../escape.txt', Buffer.from('x')],
      ]),
    );
    expect(await codeOf(openPaperlessExport({ source: traversal, tempDir: path.join(workDir, 'tmp') }))).toBe(
      'paperless_imports.unsafe_path',
    );
    expect(fs.existsSync(path.join(workDir, 'escape.txt'))).toBe(false);
    const encrypted = writePaperlessExportZip(path.join(workDir, 'encrypted.zip'), {
      layout: '2.x',
      encrypted: true,
    });
    expect(await codeOf(openPaperlessExport({ source: encrypted, tempDir: path.join(workDir, 'tmp') }))).toBe(
      'paperless_imports.encrypted_export',
    );
    const notZip = path.join(workDir, 'not.zip');
    fs.writeFileSync(notZip, 'hello');
    expect(await codeOf(openPaperlessExport({ source: notZip }))).toBe('paperless_imports.not_a_zip');
    expect(await codeOf(openPaperlessExport({ source: path.join(workDir, 'missing') }))).toBe(
      'paperless_imports.folder_not_found',
    );
    expect(fs.readdirSync(path.join(workDir, 'tmp'))).toEqual([]);
  });
});

describe('mapping Paperless-ngx fields', () => {
  it('names nested tags "Parent / Child" and keeps colours, old numbered ones too', () => {
    const names = nestedTagNames([
      { pk: 1, name: 'Home', parent: null },
      { pk: 2, name: 'Bills', parent: 1 },
      { pk: 3, name: 'Power', parent: 2 },
      { pk: 4, name: 'Loop', parent: 4 },
    ]);
    expect([...names.values()]).toEqual(['Home', 'Home / Bills', 'Home / Bills / Power', 'Loop']);
    expect(tagColorOf({ color: '#A6CEE3' })).toBe('#a6cee3');
    expect(tagColorOf({ colour: 6 })).toBe('#e31a1c');
    expect(tagColorOf({})).toBe('#a6cee3');
  });

  it('reads custom field values of every type', () => {
    const value = (dataType: string, fields: Record<string, unknown>) =>
      customFieldValueOf({
        dataType,
        fields,
        defaultCurrency: 'USD',
        documentTitles: new Map([[7, 'Contract']]),
      });
    expect(value('string', { value_text: ' Ref ' })).toBe('Ref');
    expect(value('url', { value_url: 'https://example.com' })).toBe('https://example.com');
    expect(value('date', { value_date: '2024-02-29' })).toBe('2024-02-29');
    expect(value('boolean', { value_bool: false })).toBe(false);
    expect(value('integer', { value_int: 4 })).toBe(4);
    expect(value('float', { value_float: 1.5 })).toBe(1.5);
    expect(value('monetary', { value_monetary: 'EUR12.50' })).toEqual({ amount: 12.5, currency: 'EUR' });
    expect(value('monetary', { value_monetary: '9.99' })).toEqual({ amount: 9.99, currency: 'USD' });
    expect(value('documentlink', { value_document_ids: [7, 8] })).toBe('Contract (#7), #8');
    expect(value('select', { value_select: 1 })).toEqual({ selectKey: '1' });
    expect(value('string', { value_text: null })).toBeNull();
    expect(monetaryValueOf('not money', null)).toBeNull();
    expect(selectOptionsOf({ select_options: ['A', 'B'] })).toEqual([
      { key: '0', index: 0, label: 'A' },
      { key: '1', index: 1, label: 'B' },
    ]);
  });

  it('maps saved view filter rules onto document filters, or names the rules that do not map', () => {
    const mapped = savedViewFiltersOf({
      rules: [
        { type: 6, value: '1' },
        { type: 17, value: '2' },
        { type: 3, value: '5' },
        { type: 9, value: '2024-01-31' },
        { type: 13, value: '2024-03-01' },
      ],
      tagIds: new Map([
        [1, 'tag_a'],
        [2, 'tag_b'],
      ]),
      optionOf: (kind, value) => `${kind}:${value}`,
      asnPropertyId: 'prop_asn',
    });
    expect(mapped).toEqual({
      filters: {
        tags: ['tag_a'],
        excludedTags: ['tag_b'],
        property: ['correspondent:5'],
        documentDateFrom: '2024-02-01',
        createdTo: '2024-02-29',
      },
    });
    expect(
      savedViewFiltersOf({
        rules: [
          { type: 6, value: '1' },
          { type: 20, value: 'text' },
          { type: 42, value: '[]' },
        ],
        tagIds: new Map([[1, 'tag_a']]),
        optionOf: () => undefined,
        asnPropertyId: undefined,
      }),
    ).toEqual({ unmapped: [20, 42] });
  });
});

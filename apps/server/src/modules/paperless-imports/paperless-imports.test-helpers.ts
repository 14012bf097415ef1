import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import { createTextPdf } from '../../test/test-files';

/**
 * Paperless-ngx exports for tests, written as `document_exporter` writes them (see the reader):
 * `manifest.json` (Django serialized objects), `metadata.json` (2.x) or `version.json` (1.x), the
 * originals (real PDFs with a text layer), thumbnails and, with `splitManifest`, a
 * `<name>-manifest.json` per document holding it, its notes and its custom field instances.
 */

export type FixtureDocument = {
  pk: number;
  title: string;
  content: string;
  correspondent?: number | null;
  documentType?: number | null;
  tags?: number[];
  asn?: number | null;
  /** YYYY-MM-DD */
  created: string;
  added: string;
};

export type FixtureOptions = {
  layout: '1.x' | '2.x';
  splitManifest?: boolean;
  /** The e-mail address of the Paperless user `alice` (a note's author found in Sheaf by it). */
  aliceEmail?: string;
  /** Documents whose manifest checksum is wrong. */
  corruptChecksumOf?: number[];
  /** Documents whose file is left out. */
  missingFileOf?: number[];
  /** Written with `--passphrase` (metadata.json carries the crypto settings). */
  encrypted?: boolean;
  /** Replaces the default documents. */
  documents?: FixtureDocument[];
};

export const FIXTURE_DOCUMENTS: FixtureDocument[] = [
  {
    pk: 1,
    title: 'Electricity bill March',
    content: 'Acme Power electricity bill for March, invoice number 42. Total 84.20 EUR.',
    correspondent: 1,
    documentType: 1,
    tags: [1, 2],
    asn: 101,
    created: '2024-03-15',
    added: '2024-03-16T08:00:00.000Z',
  },
  {
    pk: 2,
    title: 'Water letter',
    content: 'City Water writes about the pipes of the building.',
    correspondent: 2,
    documentType: 2,
    tags: [3],
    asn: null,
    created: '2023-11-02',
    added: '2023-11-05T09:30:00.000Z',
  },
  {
    pk: 3,
    title: 'Plain scan',
    content: 'A plain scan with no metadata at all.',
    created: '2022-01-20',
    added: '2022-01-21T12:00:00.000Z',
  },
];

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

const matching = (match: string, algorithm: number) => ({
  match,
  matching_algorithm: algorithm,
  is_insensitive: true,
});

/** The export's files, relative path → content. */
export function buildPaperlessExport(options: FixtureOptions): Map<string, Buffer> {
  const { layout, splitManifest = false, aliceEmail = 'alice@example.com' } = options;
  const is2 = layout === '2.x';
  const files = new Map<string, Buffer>();
  const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2), 'utf8');
  const documents = options.documents ?? FIXTURE_DOCUMENTS;

  const manifest: unknown[] = [
    { model: 'auth.user', pk: 1, fields: { username: 'alice', email: aliceEmail, is_superuser: true } },
    {
      model: 'auth.user',
      pk: 2,
      fields: { username: 'bob', email: 'bob@nowhere.example', is_superuser: false },
    },
    { model: 'auth.group', pk: 1, fields: { name: 'Family', permissions: [] } },
    { model: 'auth.permission', pk: 1, fields: { name: 'Can add document', codename: 'add_document' } },
    { model: 'contenttypes.contenttype', pk: 1, fields: { app_label: 'documents', model: 'document' } },
    {
      model: 'documents.tag',
      pk: 1,
      fields: {
        name: 'Finance',
        color: '#ff0000',
        is_inbox_tag: false,
        ...matching('invoice bill', 1),
        owner: null,
      },
    },
    {
      model: 'documents.tag',
      pk: 2,
      fields: {
        name: 'Bills',
        color: '#00aa00',
        is_inbox_tag: false,
        ...matching('electricity bill', 2),
        ...(is2 ? { tn_parent: 1 } : {}),
      },
    },
    {
      model: 'documents.tag',
      pk: 3,
      fields: { name: 'Urgent', color: '#0000ff', ...matching('pay now', 3) },
    },
    { model: 'documents.tag', pk: 4, fields: { name: 'Numbers', color: '#123456', ...matching('\\d+', 4) } },
    { model: 'documents.tag', pk: 5, fields: { name: 'Typos', color: '#654321', ...matching('invoce', 5) } },
    { model: 'documents.tag', pk: 6, fields: { name: 'Learned', color: '#abcdef', ...matching('', 6) } },
    { model: 'documents.correspondent', pk: 1, fields: { name: 'Acme Power', ...matching('acme', 1) } },
    { model: 'documents.correspondent', pk: 2, fields: { name: 'City Water', ...matching('', 0) } },
    { model: 'documents.documenttype', pk: 1, fields: { name: 'Invoice', ...matching('invoice number', 3) } },
    { model: 'documents.documenttype', pk: 2, fields: { name: 'Letter', ...matching('', 0) } },
    { model: 'documents.storagepath', pk: 1, fields: { name: 'Archive', path: '{created_year}/{title}' } },
    { model: 'paperless_mail.mailaccount', pk: 1, fields: { name: 'Mail', imap_server: 'imap.example.com' } },
    { model: 'paperless_mail.mailrule', pk: 1, fields: { name: 'Invoices', account: 1 } },
    {
      model: 'documents.savedview',
      pk: 1,
      fields: {
        name: 'Finance documents',
        show_on_dashboard: true,
        show_in_sidebar: true,
        sort_field: 'created',
      },
    },
    { model: 'documents.savedviewfilterrule', pk: 1, fields: { saved_view: 1, rule_type: 6, value: '1' } },
    { model: 'documents.savedviewfilterrule', pk: 2, fields: { saved_view: 1, rule_type: 3, value: '1' } },
    {
      model: 'documents.savedview',
      pk: 2,
      fields: { name: 'Full text search', show_on_dashboard: false, show_in_sidebar: true, sort_field: null },
    },
    {
      model: 'documents.savedviewfilterrule',
      pk: 3,
      fields: { saved_view: 2, rule_type: 20, value: 'pipes' },
    },
  ];
  if (is2) {
    manifest.push(
      { model: 'documents.workflow', pk: 1, fields: { name: 'Tag inbox', order: 0, enabled: true } },
      { model: 'documents.workflowtrigger', pk: 1, fields: { type: 1 } },
      {
        model: 'documents.customfield',
        pk: 1,
        fields: { name: 'Reference', data_type: 'string', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 2,
        fields: { name: 'Portal', data_type: 'url', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 3,
        fields: { name: 'Due date', data_type: 'date', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 4,
        fields: { name: 'Paid', data_type: 'boolean', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 5,
        fields: { name: 'Pages', data_type: 'integer', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 6,
        fields: { name: 'Rate', data_type: 'float', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 7,
        fields: { name: 'Amount', data_type: 'monetary', extra_data: { default_currency: 'EUR' } },
      },
      {
        model: 'documents.customfield',
        pk: 8,
        fields: { name: 'Related', data_type: 'documentlink', extra_data: null },
      },
      {
        model: 'documents.customfield',
        pk: 9,
        fields: {
          name: 'Status',
          data_type: 'select',
          extra_data: {
            select_options: [
              { id: 'aBcD1234', label: 'Open' },
              { id: 'eFgH5678', label: 'Closed' },
            ],
          },
        },
      },
    );
  }

  const perDocument = new Map<number, unknown[]>();
  const addFor = (pk: number, record: unknown) =>
    perDocument.set(pk, [...(perDocument.get(pk) ?? []), record]);
  const cfi = (pk: number, field: number, values: Record<string, unknown>) => ({
    model: 'documents.customfieldinstance',
    pk,
    fields: { created: '2024-03-16T08:00:00Z', document: 1, field, deleted_at: null, ...values },
  });
  if (is2 && documents.some((document) => document.pk === 1)) {
    for (const record of [
      cfi(1, 1, { value_text: 'REF-2024-03' }),
      cfi(2, 2, { value_url: 'https://portal.example.com/bills/42' }),
      cfi(3, 3, { value_date: '2024-04-01' }),
      cfi(4, 4, { value_bool: true }),
      cfi(5, 5, { value_int: 3 }),
      cfi(6, 6, { value_float: 0.25 }),
      cfi(7, 7, { value_monetary: 'EUR84.20' }),
      cfi(8, 8, { value_document_ids: [2] }),
      cfi(9, 9, { value_select: 'eFgH5678' }),
    ])
      addFor(1, record);
  }
  const noteModel = is2 ? 'documents.note' : 'documents.note';
  if (documents.some((document) => document.pk === 1)) {
    addFor(1, {
      model: noteModel,
      pk: 1,
      fields: { note: 'Paid by bank transfer.', created: '2024-03-20T10:00:00Z', document: 1, user: 1 },
    });
    addFor(1, {
      model: noteModel,
      pk: 2,
      fields: { note: 'Ask about the discount.', created: '2024-03-21T11:00:00Z', document: 1, user: 2 },
    });
  }

  for (const document of documents) {
    const pdf = createTextPdf([[document.title, document.content]]);
    const base = `${String(document.pk).padStart(7, '0')}.pdf`;
    if (!options.missingFileOf?.includes(document.pk)) files.set(base, pdf);
    files.set(`${base}-thumbnail.webp`, Buffer.from('RIFF0000WEBPVP8 '));
    const record = {
      model: 'documents.document',
      pk: document.pk,
      fields: {
        correspondent: document.correspondent ?? null,
        ...(is2 ? { storage_path: null, owner: 1 } : {}),
        title: document.title,
        document_type: document.documentType ?? null,
        content: document.content,
        mime_type: 'application/pdf',
        tags: document.tags ?? [],
        checksum: options.corruptChecksumOf?.includes(document.pk) ? '0'.repeat(32) : md5(pdf),
        archive_checksum: null,
        created: is2 ? document.created : `${document.created}T10:00:00+01:00`,
        modified: document.added,
        storage_type: 'unencrypted',
        added: document.added,
        filename: base,
        archive_filename: null,
        original_filename: `${document.title.toLowerCase().replace(/\s+/g, '-')}.pdf`,
        archive_serial_number: document.asn ?? null,
      },
      __exported_file_name__: base,
      __exported_thumbnail_name__: `${base}-thumbnail.webp`,
    };
    if (splitManifest) {
      files.set(`${base}-manifest.json`, json([record, ...(perDocument.get(document.pk) ?? [])]));
    } else {
      manifest.push(record, ...(perDocument.get(document.pk) ?? []));
    }
  }
  files.set('manifest.json', json(manifest));
  if (is2) {
    files.set(
      'metadata.json',
      json({
        version: '2.13.5',
        ...(options.encrypted
          ? {
              __crypto__: {
                __key_iters__: 1_000_000,
                __key_size__: 32,
                __salt_hex__: 'ab12',
                __key_algo__: 'PBKDF2',
              },
            }
          : {}),
      }),
    );
  } else {
    files.set('version.json', json({ version: '1.17.4' }));
  }
  return files;
}

/** Writes an export folder under `dir`; answers `dir`. */
export function writePaperlessExport(dir: string, options: FixtureOptions): string {
  for (const [name, content] of buildPaperlessExport(options)) {
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  return dir;
}

/** A zip of these entries, names as given (unchecked: a traversal path stays one). */
export function zipEntries(entries: Iterable<[string, Buffer]>): Buffer {
  const files: Zippable = {};
  for (const [name, content] of entries) files[name] = [new Uint8Array(content), { level: 6 }];
  return Buffer.from(zipSync(files));
}

/** Writes the zip of an export (files at its root, as `document_exporter --zip` does) to `file`. */
export function writePaperlessExportZip(file: string, options: FixtureOptions): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, zipEntries(buildPaperlessExport(options)));
  return file;
}

/**
 * Four documents, each with a correspondent and words easy to search for ("zephyrine" in the first,
 * "quokka" in the second…): the end-to-end test of the import screen starts its export with them.
 */
export const SMALL_EXPORT_DOCUMENTS: FixtureDocument[] = [
  {
    pk: 1,
    title: 'Electricity bill March',
    content: 'Acme Power electricity bill. The zephyrine tariff applies. Invoice number 42.',
    correspondent: 1,
    documentType: 1,
    tags: [1, 2],
    asn: 101,
    created: '2024-03-15',
    added: '2024-03-16T08:00:00.000Z',
  },
  {
    pk: 2,
    title: 'Water letter',
    content: 'City Water writes about the quokka shaped pipes.',
    correspondent: 2,
    documentType: 2,
    tags: [3],
    created: '2023-11-02',
    added: '2023-11-05T09:30:00.000Z',
  },
  {
    pk: 3,
    title: 'Power contract',
    content: 'Acme Power contract renewal, marmalade clause included.',
    correspondent: 1,
    documentType: 2,
    created: '2022-06-01',
    added: '2022-06-02T09:00:00.000Z',
  },
  {
    pk: 4,
    title: 'Water meter reading',
    content: 'City Water meter reading: the platypus counter shows 1234.',
    correspondent: 2,
    created: '2024-01-10',
    added: '2024-01-11T10:00:00.000Z',
  },
];

/** A small 2.x export zip of SMALL_EXPORT_DOCUMENTS. */
export function writeSmallPaperlessExportZip(file: string): string {
  return writePaperlessExportZip(file, { layout: '2.x', documents: SMALL_EXPORT_DOCUMENTS });
}

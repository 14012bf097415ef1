import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { createPaperlessImportError } from './paperless-imports.errors';
import type { PaperlessRecord } from './paperless-imports.models';

/**
 * Reads what Paperless-ngx's `document_exporter` writes (1.x and 2.x): `manifest.json`, a JSON
 * array of Django serialized objects `{ model, pk, fields }` (documents carry the exported file
 * names beside `fields`: `__exported_file_name__`, `__exported_archive_name__`,
 * `__exported_thumbnail_name__`); with `--split-manifest`, one `<name>-manifest.json` per document
 * (its document, notes and custom field instances) anywhere below the folder (`json/` with
 * `--use-folder-prefix`); `metadata.json` (2.x: `{ version }`, and the `__crypto__` settings when
 * exported with `--passphrase`) or `version.json` (1.x). A .zip of the folder is extracted first,
 * entry by entry to a temporary folder, refusing entries that leave it.
 */

export const EXPORTER_FILE_NAME = '__exported_file_name__';
export const EXPORTER_ARCHIVE_NAME = '__exported_archive_name__';
export const EXPORTER_THUMBNAIL_NAME = '__exported_thumbnail_name__';
export const EXPORTER_CRYPTO_SETTINGS_NAME = '__crypto__';

export type PaperlessExport = {
  /** The folder the export's paths are relative to. */
  root: string;
  version: string | null;
  /** Every record of the manifests; documents without their `content` (see `contentOf`). */
  records: PaperlessRecord[];
  /** A document's `content`, read from its manifest when needed. */
  contentOf: (record: PaperlessRecord) => Promise<string | null>;
  /** Removes what extracting a zip left (nothing for a folder). */
  cleanup: () => Promise<void>;
};

/** Whether `file` starts with the zip signature (`PK\3\4`, or an empty archive's `PK\5\6`). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
  } finally {
    await handle.close();
  }
}

/** The relative path a zip entry may be extracted to; undefined when it would leave the folder. */
export function safeEntryPath(fileName: string): string | undefined {
  if (fileName.includes('\0') || fileName.includes('\\')) return undefined;
  if (fileName.startsWith('/') || /^[A-Za-z]:/.test(fileName)) return undefined;
  const parts = fileName.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) return undefined;
  return parts.join('/');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names checked here, not by yauzl (its refusal would not say which entry).
    yauzl.open(file, { lazyEntries: true, autoClose: true, decodeStrings: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('No zip')) : resolve(zip),
    );
  });
}

/** Extracts the zip at `file` into `target`, entry by entry (never whole in memory). */
export async function extractZip(file: string, target: string): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw createPaperlessImportError('paperless_imports.not_a_zip');
  }
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(error);
    };
    zip.on('error', (error) =>
      fail(createPaperlessImportError('paperless_imports.not_a_zip', String(error))),
    );
    zip.on('end', () => {
      if (!failed) resolve();
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      const rawName = Buffer.isBuffer(entry.fileName)
        ? (entry.fileName as Buffer).toString('utf8')
        : String(entry.fileName);
      const relative = safeEntryPath(rawName);
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (relative === undefined || mode === S_IFLNK) {
        fail(
          createPaperlessImportError(
            'paperless_imports.unsafe_path',
            `The zip entry "${rawName}" leaves its folder (an absolute path, "..", or a link): nothing was imported.`,
          ),
        );
        return;
      }
      const destination = path.join(target, relative);
      if (rawName.endsWith('/') || relative === '') {
        fsp
          .mkdir(destination, { recursive: true })
          .then(() => zip.readEntry())
          .catch(fail);
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) {
          fail(createPaperlessImportError('paperless_imports.not_a_zip', String(error)));
          return;
        }
        fsp
          .mkdir(path.dirname(destination), { recursive: true })
          .then(() => pipeline(stream, fs.createWriteStream(destination, { flags: 'wx' })))
          .then(() => zip.readEntry())
          .catch(fail);
      });
    });
    zip.readEntry();
  });
}

async function readJsonFile(root: string, file: string): Promise<unknown> {
  const name = displayName(root, file);
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    throw createPaperlessImportError(
      'paperless_imports.invalid_manifest',
      `${name} cannot be read: ${String(error)}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message)?.[1];
    const where = position ? ` (line ${lineOf(text, Number(position))}, position ${position})` : '';
    throw createPaperlessImportError(
      'paperless_imports.invalid_manifest',
      `${name} does not parse${where}: ${message}`,
    );
  }
}

const displayName = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');
const lineOf = (text: string, position: number) => text.slice(0, position).split('\n').length;

/** Every `*-manifest.json` below `root` (split manifests), in path order. */
async function findSplitManifests(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string) => {
    const entries = await fsp.readdir(folder, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.endsWith('-manifest.json')) found.push(full);
    }
  };
  await walk(root);
  return found;
}

/** Where a record is in its manifest: the bytes `start` (its `{`) to `end` (after its `}`). */
type RecordLocation = { file: string; start: number; end: number };

const BYTE = {
  quote: 0x22,
  backslash: 0x5c,
  openBrace: 0x7b,
  closeBrace: 0x7d,
  openBracket: 0x5b,
  closeBracket: 0x5d,
  comma: 0x2c,
  newline: 0x0a,
} as const;
const isJsonWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Reads a manifest (a JSON array of records) record by record, never whole: a 10,000-document
 * manifest holds every document's text. The array is cut into its objects by their braces (strings
 * and escapes followed); each object is then parsed by JSON.parse and handed to `onRecord` with
 * where it is in the file. Anything else fails with the file, line and byte position.
 */
async function readManifestRecords(
  root: string,
  file: string,
  onRecord: (record: PaperlessRecord, location: RecordLocation) => void,
): Promise<void> {
  const name = displayName(root, file);
  const failure = (line: number, position: number, what: string) =>
    createPaperlessImportError(
      'paperless_imports.invalid_manifest',
      `${name} does not parse (line ${line}, position ${position}): ${what}`,
    );
  let stream: fs.ReadStream;
  try {
    await fsp.access(file, fs.constants.R_OK);
    stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  } catch (error) {
    throw createPaperlessImportError(
      'paperless_imports.invalid_manifest',
      `${name} cannot be read: ${String(error)}`,
    );
  }
  /** before: until `[`; between: in the array, outside a record; record: inside one; after: past `]`. */
  let state: 'before' | 'between' | 'record' | 'after' = 'before';
  let expectingRecord = true;
  let arrayClosed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let offset = 0;
  let line = 1;
  let index = 0;
  let recordStart = 0;
  let recordLine = 1;
  let parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let partStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      const position = offset + i;
      if (byte === BYTE.newline) line++;
      if (state === 'record') {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BYTE.backslash) escaped = true;
          else if (byte === BYTE.quote) inString = false;
          continue;
        }
        if (byte === BYTE.quote) inString = true;
        else if (byte === BYTE.openBrace || byte === BYTE.openBracket) depth++;
        else if (byte === BYTE.closeBrace || byte === BYTE.closeBracket) {
          depth--;
          if (depth === 0) {
            parts.push(chunk.subarray(partStart, i + 1));
            const text = Buffer.concat(parts).toString('utf8');
            parts = [];
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              const at = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
              // JSON.parse's position is the record's own: the file's is given instead.
              const why = message.replace(/ in JSON at position \d+.*$/s, '').replace(/\.?$/, '.');
              throw failure(
                recordLine + lineOf(text, at) - 1,
                recordStart + Buffer.byteLength(text.slice(0, at)),
                why,
              );
            }
            onRecord(checkRecord(name, index, value), { file, start: recordStart, end: position + 1 });
            index++;
            state = 'between';
            expectingRecord = false;
          }
        }
        continue;
      }
      if (isJsonWhitespace(byte)) continue;
      if (state === 'before') {
        if (byte !== BYTE.openBracket)
          throw failure(line, position, 'a Paperless-ngx manifest is a JSON array of records.');
        state = 'between';
      } else if (state === 'between') {
        if (byte === BYTE.openBrace && expectingRecord) {
          state = 'record';
          depth = 1;
          recordStart = position;
          recordLine = line;
          partStart = i;
        } else if (byte === BYTE.comma && !expectingRecord) {
          expectingRecord = true;
        } else if (byte === BYTE.closeBracket && (!expectingRecord || index === 0)) {
          state = 'after';
          arrayClosed = true;
        } else if (expectingRecord && byte !== BYTE.comma && byte !== BYTE.closeBracket) {
          throw failure(line, position, `record ${index} is not a { model, pk, fields } object.`);
        } else {
          throw failure(line, position, `unexpected "${String.fromCharCode(byte)}".`);
        }
      } else {
        throw failure(line, position, 'unexpected content after the array.');
      }
    }
    if (state === 'record') parts.push(chunk.subarray(partStart));
    offset += chunk.length;
  }
  if (!arrayClosed) throw failure(line, offset, 'the file ends before its array does.');
}

function checkRecord(name: string, index: number, record: unknown): PaperlessRecord {
  if (
    typeof record !== 'object' ||
    record === null ||
    typeof (record as { model?: unknown }).model !== 'string' ||
    typeof (record as { fields?: unknown }).fields !== 'object' ||
    (record as { fields?: unknown }).fields === null
  )
    throw createPaperlessImportError(
      'paperless_imports.invalid_manifest',
      `${name}: record ${index} is not a { model, pk, fields } object.`,
    );
  return record as PaperlessRecord;
}

/** The folder holding manifest.json: the root, or the one folder a zip of the folder has. */
async function findExportRoot(folder: string): Promise<string | undefined> {
  if (fs.existsSync(path.join(folder, 'manifest.json'))) return folder;
  const entries = (await fsp.readdir(folder, { withFileTypes: true })).filter(
    (entry) => entry.name !== '__MACOSX',
  );
  if (entries.length === 1 && entries[0]?.isDirectory()) {
    const inner = path.join(folder, entries[0].name);
    if (fs.existsSync(path.join(inner, 'manifest.json'))) return inner;
  }
  return undefined;
}

/**
 * Opens an export: a folder, or a zip (extracted to a temporary folder under `tempDir`). Throws a
 * PaperlessImportFailure with the code saying why it cannot be read (not a zip, unsafe entry,
 * encrypted, manifest that does not parse).
 */
export async function openPaperlessExport({
  source,
  tempDir = os.tmpdir(),
  tempPrefix = 'paperless-import-',
}: {
  source: string;
  tempDir?: string;
  /** The extracted folder's name starts with it (an import's id: what a killed run left is found). */
  tempPrefix?: string;
}): Promise<PaperlessExport> {
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(source);
  } catch {
    throw createPaperlessImportError('paperless_imports.folder_not_found');
  }
  let cleanup = async () => {};
  let base = source;
  if (!stat.isDirectory()) {
    if (!(await looksLikeZip(source)))
      throw createPaperlessImportError(
        'paperless_imports.not_a_zip',
        `${path.basename(source)} is not a zip archive.`,
      );
    await fsp.mkdir(tempDir, { recursive: true });
    const extracted = await fsp.mkdtemp(path.join(tempDir, tempPrefix));
    cleanup = () => fsp.rm(extracted, { recursive: true, force: true });
    try {
      await extractZip(source, extracted);
    } catch (error) {
      await cleanup();
      throw error;
    }
    base = extracted;
  }
  try {
    const root = await findExportRoot(base);
    if (!root)
      throw createPaperlessImportError(
        'paperless_imports.invalid_manifest',
        'manifest.json is missing: this is not a Paperless-ngx export.',
      );
    let version: string | null = null;
    const metadataPath = path.join(root, 'metadata.json');
    const versionPath = path.join(root, 'version.json');
    if (fs.existsSync(metadataPath)) {
      const metadata = await readJsonFile(root, metadataPath);
      if (typeof metadata === 'object' && metadata !== null) {
        if (EXPORTER_CRYPTO_SETTINGS_NAME in metadata)
          throw createPaperlessImportError('paperless_imports.encrypted_export');
        const stated = (metadata as { version?: unknown }).version;
        if (typeof stated === 'string') version = stated;
      }
    } else if (fs.existsSync(versionPath)) {
      const stated = (await readJsonFile(root, versionPath)) as { version?: unknown } | null;
      if (stated && typeof stated.version === 'string') version = stated.version;
    }
    // Documents are kept without their text (read again from the manifest when imported), so what
    // stays in memory does not grow with the text of the whole archive.
    const records: PaperlessRecord[] = [];
    const contentLocations = new Map<PaperlessRecord, RecordLocation>();
    const keep = (record: PaperlessRecord, location: RecordLocation) => {
      if (record.model === 'documents.document' && 'content' in record.fields) {
        delete record.fields.content;
        contentLocations.set(record, location);
      }
      records.push(record);
    };
    await readManifestRecords(root, path.join(root, 'manifest.json'), keep);
    for (const file of await findSplitManifests(root)) await readManifestRecords(root, file, keep);
    // Documents stored encrypted (GPG) by old versions, exported as they were stored.
    const encrypted = records.some(
      (record) =>
        record.model === 'documents.document' &&
        (record.fields.storage_type === 'gpg' || String(record[EXPORTER_FILE_NAME] ?? '').endsWith('.gpg')),
    );
    if (encrypted) throw createPaperlessImportError('paperless_imports.encrypted_export');
    const contentOf = async (record: PaperlessRecord) => {
      const location = contentLocations.get(record);
      if (!location) return null;
      const handle = await fsp.open(location.file, 'r');
      try {
        const bytes = Buffer.alloc(location.end - location.start);
        await handle.read(bytes, 0, bytes.length, location.start);
        const content = (JSON.parse(bytes.toString('utf8')) as PaperlessRecord).fields.content;
        return typeof content === 'string' ? content : null;
      } finally {
        await handle.close();
      }
    };
    return { root, version, records, contentOf, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The path of an export's file, or undefined when the name leaves the export's folder. */
export function exportFilePath(root: string, name: string): string | undefined {
  const relative = safeEntryPath(name.split(path.sep).join('/'));
  if (relative === undefined || relative === '') return undefined;
  return path.join(root, relative);
}

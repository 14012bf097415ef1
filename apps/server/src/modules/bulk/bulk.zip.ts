import { PassThrough, type Readable } from 'node:stream';
import type { PropertyDefinitionDto, PropertyValue } from '@sheaf/contracts/properties';
import { ZipFile } from 'yazl';
import type { ZipDocument } from '../documents/documents.bulk';

export const MANIFEST_NAME = 'manifest.csv';
/** Bytes of a name kept before its extension (file systems take 255 bytes). */
const MAX_NAME_BYTES = 200;
/** Names Windows reserves whatever their extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  // A leading dot is a hidden file's name, not an extension; a long "extension" is part of the name.
  if (dot <= 0 || name.length - dot > 16) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

function truncateBytes(text: string, maxBytes: number): string {
  let result = '';
  let bytes = 0;
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    result += character;
  }
  return result;
}

/**
 * A document's name as a zip entry that unpacks the same everywhere: one file at the top (no
 * folder, no `..`), Unicode kept (NFC), without control characters nor those Windows forbids
 * (`<>:"/\|?*`), without trailing dots or spaces, never a name Windows reserves (`CON`, `NUL`…),
 * with the original file's extension when the name lost it.
 */
export function toSafeEntryName(name: string, originalName: string): string {
  const clean = (text: string) =>
    text
      .normalize('NFC')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
      .replace(/[. ]+$/, '')
      .trim();
  let safe = clean(name);
  // Nothing but dots and underscores left (`..`, `/`) names nothing useful.
  if (/^[._\s]*$/.test(safe)) safe = 'document';
  const original = splitExtension(clean(originalName)).extension;
  if (original && !safe.toLowerCase().endsWith(original.toLowerCase())) safe += original;
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  const { stem, extension } = splitExtension(safe);
  return truncateBytes(stem, MAX_NAME_BYTES) + extension;
}

/** Gives each name once, case ignored (Windows and macOS), adding ` (2)`, ` (3)`… before the extension. */
export function createUniqueNames(reserved: string[] = []) {
  const taken = new Set(reserved.map((name) => name.toLowerCase()));
  return (name: string) => {
    let candidate = name;
    const { stem, extension } = splitExtension(name);
    for (let index = 2; taken.has(candidate.toLowerCase()); index++)
      candidate = `${stem} (${index})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/** A CSV cell: quoted when needed; a leading `=`, `+`, `-` or `@` is kept from being read as a formula. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A property value as a spreadsheet reads it: options by name (a member by user id). */
export function formatPropertyValue(
  value: PropertyValue,
  definition: PropertyDefinitionDto | undefined,
): string {
  const optionName = (id: string) => definition?.options.find((option) => option.id === id)?.name ?? id;
  if (Array.isArray(value)) return value.map(optionName).join(', ');
  if (typeof value === 'object') return `${value.amount} ${value.currency}`;
  if (definition?.type === 'select') return optionName(String(value));
  return String(value);
}

const MANIFEST_HEADER = ['file', 'id', 'name', 'document_date', 'tags', 'properties', 'sha256'];

export function manifestLine(
  entryName: string,
  document: ZipDocument,
  definitions: Map<string, PropertyDefinitionDto>,
): string {
  const properties = document.properties
    .map(({ propertyId, value }) => {
      const definition = definitions.get(propertyId);
      return `${definition?.name ?? propertyId}: ${formatPropertyValue(value, definition)}`;
    })
    .join('; ');
  return [
    entryName,
    document.id,
    document.name,
    document.documentDate ?? '',
    document.tags.map((tag) => tag.name).join(', '),
    properties,
    document.originalSha256,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * A zip of documents, streamed: entries are added as `batches` yields them and each file is
 * opened only when the zip reaches it, so neither the zip nor a file is ever held whole. Stored
 * without compression (documents are mostly compressed already, and this keeps the stream fast);
 * zip64 where sizes or counts need it; `manifest.csv` last (its lines are known as entries are
 * added). An error midway ends the stream with it (the client sees a cut download).
 */
export function createZipStream({
  batches,
  openFile,
  definitions,
  onError,
}: {
  batches: AsyncIterable<ZipDocument[]>;
  openFile: (storageKey: string) => Promise<Readable>;
  definitions: Map<string, PropertyDefinitionDto>;
  onError: (error: unknown) => void;
}): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  const uniqueName = createUniqueNames([MANIFEST_NAME]);
  const lines = [MANIFEST_HEADER.join(',')];
  void (async () => {
    try {
      for await (const documents of batches) {
        for (const document of documents) {
          const entryName = uniqueName(toSafeEntryName(document.name, document.originalName));
          lines.push(manifestLine(entryName, document, definitions));
          zip.addReadStreamLazy(
            entryName,
            { size: document.originalSize, mtime: new Date(document.createdAt), compress: false },
            (callback) => {
              openFile(document.storageKey).then(
                (stream) => callback(null, stream),
                (error: unknown) => callback(error, new PassThrough()),
              );
            },
          );
        }
      }
      // A byte-order mark: spreadsheets then read the names' Unicode right.
      zip.addBuffer(Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`), MANIFEST_NAME, {
        mtime: new Date(),
        compress: true,
      });
      zip.end();
    } catch (error) {
      onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  zip.on('error', (error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

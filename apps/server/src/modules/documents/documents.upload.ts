import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { createInsufficientSpaceError } from '../storage/storage.errors';
import { type StorageDriver, StorageInsufficientSpaceError } from '../storage/storage.types';
import {
  createDocumentSizeTooLargeError,
  createStorageLimitReachedError,
  createUploadValidationError,
} from './documents.errors';

/** Bytes kept from the start of the file to sniff its type from its magic bytes. */
const SNIFF_BYTES = 4100;

export type ReceivedFile = {
  originalName: string;
  size: number;
  sha256: string;
  mimeType: string;
};

/** Types for files whose content has no signature, by extension, when the client sends none useful. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: 'text/html',
  htm: 'text/html',
  log: 'text/plain',
  eml: 'message/rfc822',
  markdown: 'text/markdown',
  rtf: 'application/rtf',
  xhtml: 'application/xhtml+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  docm: 'application/vnd.ms-word.document.macroenabled.12',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xltx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  xlsm: 'application/vnd.ms-excel.sheet.macroenabled.12',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppsx: 'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroenabled.12',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
};

/**
 * Formats stored in a zip container. The sniffer reads only the file's start, where an Office file
 * may show no more than a zip: then the declared type, or the extension, says which one it is.
 */
const ZIP_CONTAINER_TYPE =
  /^application\/(vnd\.openxmlformats-officedocument\.|vnd\.ms-(word|excel|powerpoint)\.[\w.-]*macroenabled|vnd\.oasis\.opendocument\.|epub\+zip$)/;

export async function sniffMimeType({
  head,
  declared,
  fileName,
}: {
  head: Buffer;
  declared: string | undefined;
  fileName: string;
}): Promise<string> {
  const sniffed = head.length > 0 ? await fileTypeFromBuffer(head).catch(() => undefined) : undefined;
  if (sniffed && sniffed.mime !== 'application/zip') return sniffed.mime;
  if (sniffed) {
    const declaredZip = declared?.split(';')[0]?.trim().toLowerCase();
    if (declaredZip && ZIP_CONTAINER_TYPE.test(declaredZip)) return declaredZip;
    const zipExtension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
    const byExtension = zipExtension ? TYPES_BY_EXTENSION[zipExtension] : undefined;
    return byExtension && ZIP_CONTAINER_TYPE.test(byExtension) ? byExtension : sniffed.mime;
  }
  const declaredType = declared?.split(';')[0]?.trim().toLowerCase();
  if (
    declaredType &&
    declaredType !== 'application/octet-stream' &&
    /^[\w.+-]+\/[\w.+-]+$/.test(declaredType)
  )
    return declaredType;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (extension && TYPES_BY_EXTENSION[extension]) || 'application/octet-stream';
}

class LimitExceeded extends Error {
  constructor(readonly which: 'file' | 'storage') {
    super(`Upload limit exceeded (${which})`);
  }
}

/**
 * Streams `input` into storage under `key` through a meter: size checked against `maxFileSize`,
 * each chunk offered to `reserveStorage`, SHA-256 computed and the first bytes kept to sniff the
 * type. `saving` rejects with a LimitExceeded (see toUploadError) or the storage's error; the
 * caller removes the key then.
 */
function saveMetered({
  input,
  originalName,
  declaredMimeType,
  storage,
  key,
  maxFileSize,
  reserveStorage,
}: {
  input: Readable;
  originalName: string;
  declaredMimeType: string | undefined;
  storage: StorageDriver;
  key: string;
  maxFileSize: number | null;
  reserveStorage: ((bytes: number) => boolean) | null;
}): { saving: Promise<ReceivedFile>; abort: () => void } {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      size += chunk.length;
      if (maxFileSize !== null && size > maxFileSize) return callback(new LimitExceeded('file'));
      if (reserveStorage !== null && !reserveStorage(chunk.length))
        return callback(new LimitExceeded('storage'));
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        headChunks.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  input.on('error', (error) => meter.destroy(error));
  meter.on('error', () => {
    input.unpipe(meter);
    input.resume();
  });
  input.pipe(meter);
  const saving = storage.save(key, meter).then(async () => ({
    originalName,
    size,
    sha256: hash.digest('hex'),
    mimeType: await sniffMimeType({
      head: Buffer.concat(headChunks),
      declared: declaredMimeType,
      fileName: originalName,
    }),
  }));
  const abort = () => {
    if (!meter.writableFinished) meter.destroy(new Error('Upload aborted'));
  };
  return { saving, abort };
}

/** The client's error for a failed save: the limit it crossed, a full disk, or the error as is. */
function toUploadError(error: unknown, maxFileSize: number | null): unknown {
  if (error instanceof LimitExceeded) {
    return error.which === 'file' && maxFileSize !== null
      ? createDocumentSizeTooLargeError(maxFileSize)
      : createStorageLimitReachedError();
  }
  if (error instanceof StorageInsufficientSpaceError) return createInsufficientSpaceError();
  return error;
}

/** A file already at hand (an e-mail attachment), to store like an upload. */
export type FileToStore = {
  name: string;
  /** The declared type; the content's magic bytes win over it. */
  mimeType: string | undefined;
  content: Readable | Buffer;
};

/**
 * receiveUpload for a file that does not come as a multipart request: streamed into storage under
 * `key` through the same meter, limits and type sniffing; nothing stays under the key on failure.
 */
export async function receiveFile({
  file,
  storage,
  key,
  maxFileSize,
  reserveStorage,
}: {
  file: FileToStore;
  storage: StorageDriver;
  key: string;
  maxFileSize: number | null;
  reserveStorage: ((bytes: number) => boolean) | null;
}): Promise<ReceivedFile> {
  if (maxFileSize !== null && Buffer.isBuffer(file.content) && file.content.length > maxFileSize) {
    throw createDocumentSizeTooLargeError(maxFileSize);
  }
  const input = Buffer.isBuffer(file.content) ? Readable.from([file.content]) : file.content;
  const { saving } = saveMetered({
    input,
    originalName: file.name,
    declaredMimeType: file.mimeType,
    storage,
    key,
    maxFileSize,
    reserveStorage,
  });
  let received: ReceivedFile;
  try {
    received = await saving;
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw toUploadError(error, maxFileSize);
  }
  if (received.size === 0) {
    await storage.delete(key).catch(() => {});
    throw createUploadValidationError('The file is empty.');
  }
  return received;
}

/**
 * Reads a `multipart/form-data` upload with one file in the field `file` and streams that file
 * straight into storage under `key`: the body is never held in memory. While it flows, the size
 * is checked against `maxFileSize`, each chunk is offered to `reserveStorage` (false: the
 * organization has no room left for it), the SHA-256 is computed and the first bytes are kept to
 * sniff the type. When anything is wrong, nothing stays in storage under the key; a full disk
 * answers 507 `storage.insufficient_space`.
 */
export async function receiveUpload({
  request,
  body,
  storage,
  key,
  maxFileSize,
  reserveStorage,
}: {
  request: Request;
  /**
   * The request's body as the Node stream it arrived on, when the server has it: read directly,
   * it skips a round trip through a web stream and back for every chunk.
   */
  body?: Readable;
  storage: StorageDriver;
  key: string;
  maxFileSize: number | null;
  reserveStorage: ((bytes: number) => boolean) | null;
}): Promise<ReceivedFile> {
  const contentType = request.headers.get('content-type') ?? '';
  // `request.body` is not even looked at when the Node stream is given: under @hono/node-server,
  // reading it starts a second reader of the same connection.
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !(body ?? request.body)) {
    throw createUploadValidationError('Send the file as multipart/form-data in the field "file".');
  }
  if (maxFileSize !== null) {
    const declaredLength = Number(request.headers.get('content-length'));
    // A body far larger than the limit (multipart framing is a few hundred bytes) is refused at once.
    if (Number.isFinite(declaredLength) && declaredLength > maxFileSize + 64 * 1024) {
      throw createDocumentSizeTooLargeError(maxFileSize);
    }
  }

  const source = body ?? Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      // Keep the name as sent (it is only ever a name, never a path).
      preservePath: true,
      limits: { files: 1, fields: 20, parts: 40, fieldSize: 64 * 1024 },
    });
  } catch {
    throw createUploadValidationError('The multipart body could not be read.');
  }

  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let tooManyFiles = false;
    let saving: Promise<ReceivedFile> | undefined;
    let abortSaving = () => {};

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing and let the rest of the body drain without being read into memory.
      source.unpipe(parser);
      source.resume();
      abortSaving();
      const cleanup = saving
        ? saving.then(() => storage.delete(key)).catch(() => storage.delete(key))
        : Promise.resolve();
      cleanup.catch(() => {}).finally(() => reject(error));
    };

    parser.on('file', (fieldName, fileStream, info) => {
      if (fieldName !== 'file' || saving) {
        tooManyFiles = tooManyFiles || saving !== undefined;
        fileStream.resume();
        return;
      }
      const metered = saveMetered({
        input: fileStream,
        originalName: info.filename ?? '',
        declaredMimeType: info.mimeType,
        storage,
        key,
        maxFileSize,
        reserveStorage,
      });
      abortSaving = metered.abort;
      saving = metered.saving;
      saving.catch((error: unknown) => fail(toUploadError(error, maxFileSize)));
    });
    parser.on('filesLimit', () => {
      tooManyFiles = true;
    });
    parser.on('error', () => fail(createUploadValidationError('The multipart body could not be read.')));
    parser.on('close', () => {
      if (settled) return;
      if (!saving) return fail(createUploadValidationError('The multipart body has no "file" field.'));
      saving.then(
        (file) => {
          if (settled) return;
          if (tooManyFiles) return fail(createUploadValidationError('Send one file per request.'));
          if (file.size === 0) return fail(createUploadValidationError('The file is empty.'));
          settled = true;
          resolve(file);
        },
        () => {},
      );
    });
    source.on('error', () => fail(createUploadValidationError('The upload was interrupted.')));
    source.pipe(parser);
  });
}

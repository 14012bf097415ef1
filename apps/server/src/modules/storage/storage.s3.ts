import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  type ByteRange,
  KEY_PATTERN,
  type StorageDriver,
  StorageFileNotFoundError,
  type StoredObject,
} from './storage.types';

export type S3StorageOptions = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

/** Parts of a multipart upload; S3 needs at least 5 MB for every part but the last. */
const PART_SIZE = 8 * 1024 * 1024;

const isNotFound = (error: unknown) => {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate?.name === 'NoSuchKey' ||
    candidate?.name === 'NotFound' ||
    candidate?.$metadata?.httpStatusCode === 404
  );
};

const isNotImplemented = (error: unknown) => {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    candidate?.name === 'NotImplemented' ||
    candidate?.$metadata?.httpStatusCode === 501 ||
    candidate?.$metadata?.httpStatusCode === 405
  );
};

/**
 * Files in an S3-compatible bucket under their key. A file is sent as one PUT when small, else as
 * a multipart upload of 8 MB parts: memory stays bounded by one part whatever the file size.
 */
export function createS3StorageDriver(options: S3StorageOptions): StorageDriver {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // S3-compatible servers often store streamed uploads wrongly with the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const Bucket = options.bucket;

  function listMultipartUploads(KeyMarker: string | undefined, UploadIdMarker: string | undefined) {
    return client.send(
      new ListMultipartUploadsCommand({
        Bucket,
        ...(KeyMarker ? { KeyMarker } : {}),
        ...(UploadIdMarker ? { UploadIdMarker } : {}),
      }),
    );
  }

  async function* parts(stream: Readable) {
    let chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      while (length >= PART_SIZE) {
        const all = Buffer.concat(chunks);
        yield all.subarray(0, PART_SIZE);
        const rest = all.subarray(PART_SIZE);
        chunks = rest.length > 0 ? [rest] : [];
        length = rest.length;
      }
    }
    yield Buffer.concat(chunks);
  }

  return {
    name: 's3',

    async save(key, stream) {
      assertValidKey(key);
      const iterator = parts(stream)[Symbol.asyncIterator]();
      const first = await iterator.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second =
        firstPart.length < PART_SIZE ? { done: true as const, value: undefined } : await iterator.next();
      if (second.done || (second.value?.length ?? 0) === 0) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: firstPart, ContentLength: firstPart.length }),
        );
        return { size: firstPart.length };
      }
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }));
      const completed: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      let size = 0;
      try {
        const upload = async (body: Buffer) => {
          const PartNumber = completed.length + 1;
          const { ETag } = await client.send(
            new UploadPartCommand({
              Bucket,
              Key: key,
              UploadId,
              PartNumber,
              Body: body,
              ContentLength: body.length,
            }),
          );
          completed.push({ ETag, PartNumber });
          size += body.length;
        };
        await upload(firstPart);
        await upload(second.value);
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          if (next.value.length > 0) await upload(next.value);
        }
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts: completed },
          }),
        );
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
        throw error;
      }
      return { size };
    },

    async read(key, range?: ByteRange) {
      assertValidKey(key);
      try {
        const { Body } = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!Body) throw new StorageFileNotFoundError(key);
        return Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageFileNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async deletePrefix(prefix) {
      assertValidKey(prefix);
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: `${prefix}/`,
            ...(ContinuationToken ? { ContinuationToken } : {}),
          }),
        );
        const keys = (listed.Contents ?? []).flatMap(({ Key }) => (Key ? [{ Key }] : []));
        if (keys.length > 0) {
          // One by one: DeleteObjects needs a Content-MD5 some S3-compatible servers insist on.
          for (const { Key } of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
        }
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async *list({ pageSize = 1000 } = {}) {
      // Paged by marker (the last key seen), which every S3-compatible server implements; some
      // fail to produce ListObjectsV2's continuation tokens.
      let Marker: string | undefined;
      for (;;) {
        const listed = await client.send(
          new ListObjectsCommand({ Bucket, MaxKeys: pageSize, ...(Marker ? { Marker } : {}) }),
        );
        // The bucket may hold other things: only what could be a document key is listed.
        const page = (listed.Contents ?? []).flatMap(({ Key, Size, LastModified }): StoredObject[] =>
          Key && LastModified && KEY_PATTERN.test(Key)
            ? [{ key: Key, size: Size ?? 0, modifiedAt: LastModified }]
            : [],
        );
        if (page.length > 0) yield page;
        const last = listed.NextMarker ?? listed.Contents?.at(-1)?.Key;
        if (!listed.IsTruncated || !last) return;
        Marker = last;
      }
    },

    async removeTemporaryOlderThan(olderThan) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        let listed: Awaited<ReturnType<typeof listMultipartUploads>>;
        try {
          listed = await listMultipartUploads(KeyMarker, UploadIdMarker);
        } catch (error) {
          // Some S3-compatible servers do not list multipart uploads; bucket lifecycle rules
          // (AbortIncompleteMultipartUpload) are then the way to clean them.
          if (isNotImplemented(error)) return removed;
          throw error;
        }
        for (const { Key, UploadId, Initiated } of listed.Uploads ?? []) {
          if (!Key || !UploadId || !Initiated || Initiated >= olderThan || !KEY_PATTERN.test(Key)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
          removed++;
        }
        if (!listed.IsTruncated) return removed;
        KeyMarker = listed.NextKeyMarker;
        UploadIdMarker = listed.NextUploadIdMarker;
      }
    },
  };
}

import path from 'node:path';
import type { Config } from '../../config/config';
import { createFilesystemStorageDriver } from './storage.filesystem';
import { createS3StorageDriver } from './storage.s3';
import type { StorageDriver } from './storage.types';

/** The storage driver chosen by DOCUMENTS_STORAGE_DRIVER. */
export function createStorageDriver({ config }: { config: Config }): StorageDriver {
  const { env } = config;
  if (env.DOCUMENTS_STORAGE_DRIVER === 's3') {
    return createS3StorageDriver({
      endpoint: env.DOCUMENTS_STORAGE_S3_ENDPOINT,
      region: env.DOCUMENTS_STORAGE_S3_REGION,
      bucket: env.DOCUMENTS_STORAGE_S3_BUCKET ?? '',
      accessKeyId: env.DOCUMENTS_STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: env.DOCUMENTS_STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.DOCUMENTS_STORAGE_S3_FORCE_PATH_STYLE,
    });
  }
  return createFilesystemStorageDriver({
    root: env.DOCUMENTS_STORAGE_FILESYSTEM_ROOT ?? path.join(config.dataDir, 'documents'),
  });
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/database.types';

/**
 * Puts one active document row straight into the database (no file in storage), for tests where
 * only the row matters: its size against a storage limit, its key against the orphan sweep, its
 * trash state. Uploads go through the routes elsewhere.
 */
export async function insertDocument(
  db: Kysely<Database>,
  {
    id,
    organizationId,
    name = `${id}.txt`,
    size = 0,
    sha256 = id.padEnd(64, '0'),
    mimeType = 'text/plain',
    storageKey = `${organizationId}/${id}`,
    content = '',
    createdBy = null,
  }: {
    id: string;
    organizationId: string;
    name?: string;
    size?: number;
    sha256?: string;
    mimeType?: string;
    storageKey?: string;
    content?: string;
    createdBy?: string | null;
  },
) {
  await db
    .insertInto('documents')
    .values({
      id,
      organization_id: organizationId,
      name,
      original_name: name,
      original_size: size,
      original_sha256: sha256,
      mime_type: mimeType,
      storage_key: storageKey,
      content,
      created_by: createdBy,
      created_at: new Date().toISOString(),
      updated_at: null,
      is_deleted: 0,
      deleted_at: null,
      deleted_by: null,
      scheduled_purge_at: null,
    })
    .execute();
}

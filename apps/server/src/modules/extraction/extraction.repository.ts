import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/database.types';

export function createExtractionRepository({ db, dialect }: { db: Kysely<Database>; dialect: Dialect }) {
  const documentIdOfPayload =
    dialect === 'sqlite'
      ? sql<string>`json_extract(payload, '$.documentId')`
      : sql<string>`(payload::jsonb ->> 'documentId')`;
  return {
    /** Whether a queued or running job of `type` is about this document. */
    async hasLiveJob({ type, documentId }: { type: string; documentId: string }) {
      const row = await db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', type)
        .where('status', 'in', ['pending', 'running'])
        .where(documentIdOfPayload, '=', documentId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

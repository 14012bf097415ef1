import type { Migration } from 'kysely';
import * as jobs from './0001-jobs';
import * as accounts from './0002-accounts';
import * as organizations from './0003-organizations';
import * as documents from './0004-documents';

/** Every migration, in order. Names are stored in the `kysely_migration` table. */
export const migrations: Record<string, Migration> = {
  '0001-jobs': jobs,
  '0002-accounts': accounts,
  '0003-organizations': organizations,
  '0004-documents': documents,
};

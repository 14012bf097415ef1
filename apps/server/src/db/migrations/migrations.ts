import type { Migration } from 'kysely';
import * as jobs from './0001-jobs';

/** Every migration, in order. Names are stored in the `kysely_migration` table. */
export const migrations: Record<string, Migration> = {
  '0001-jobs': jobs,
};

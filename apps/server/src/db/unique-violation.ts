/**
 * SQLite's codes for a write a unique index refused: a unique index or constraint, and the primary
 * key (better-sqlite3 puts the extended result code on `error.code`).
 */
const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** PostgreSQL's SQLSTATE `unique_violation` (a unique index, constraint or the primary key), on `error.code` from pg. */
const POSTGRES_UNIQUE_VIOLATION = '23505';

/**
 * Whether a write failed because a unique index (or the primary key) already holds the value, on
 * either database: the one test callers use to turn a lost race or a taken name into a 409 or a
 * retry. Other constraint failures (not null, foreign key, check) and non-database errors answer
 * false.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && (code === POSTGRES_UNIQUE_VIOLATION || SQLITE_UNIQUE_CODES.has(code));
}

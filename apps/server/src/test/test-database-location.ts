import { type AppDatabase, createDatabase } from '../db/database';

/** Where a test database lives, so another process can open it too. */
export type TestDatabaseLocation =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string };

export function openDatabaseAt(location: TestDatabaseLocation): AppDatabase {
  return location.dialect === 'sqlite'
    ? createDatabase({ dialect: 'sqlite', filename: location.filename })
    : createDatabase({ dialect: 'postgres', connectionString: location.connectionString }, { poolSize: 4 });
}

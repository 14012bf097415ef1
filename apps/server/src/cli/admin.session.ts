import { describeStartup, readServerVersion } from '../app/startup-summary';
import { loadConfig } from '../config/config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import {
  type AccountAdminUsecases,
  createAccountAdminUsecases,
} from '../modules/account-security/account-admin.usecases';
import { systemClock } from '../shared/clock';
import { createLogger, type Logger, resolveLogFormat } from '../shared/logger';
import type { runPaperlessImportCommand } from './admin.paperless-import';

/** What a command works with: the server's database, behind the admin usecases, and its log. */
export type AdminSession = {
  usecases: AccountAdminUsecases;
  /** The server's logger (same level and format), tagged `component: 'admin'`. */
  logger: Logger;
  /** "SQLite, /srv/sheaf/data/db.sqlite": which database the command ran against. */
  databaseDescription: string;
  close: () => Promise<void>;
  /** `import:paperless`: the server's services on this database, made for the command only. */
  runPaperlessImport: (
    input: Omit<Parameters<typeof runPaperlessImportCommand>[0], 'config' | 'database' | 'logger'>,
  ) => ReturnType<typeof runPaperlessImportCommand>;
};

/**
 * Opens what the server opens at start, with its own functions: the configuration from the
 * environment (a ConfigError names each bad variable), the logger, the database, and the pending
 * migrations (the server runs them at start too; they are safe beside a running server).
 */
export async function openAdminSession(env: Record<string, string | undefined>): Promise<AdminSession> {
  const config = loadConfig(env);
  const logger = createLogger({
    level: config.env.LOG_LEVEL,
    format: resolveLogFormat(config.env.LOG_FORMAT, process.stderr.isTTY === true),
    // What the command prints (a table, --json) is on stdout; its log entries go beside it on stderr.
    destination: 'stderr',
  });
  const database = createDatabase(config.database, {
    poolSize: 2,
    onIdleConnectionError: (error) =>
      logger.warn({ err: error }, 'A pooled database connection was closed by the server'),
  });
  try {
    await migrateToLatest(database.db, logger);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  return {
    usecases: createAccountAdminUsecases({ database, clock: systemClock }),
    logger: logger.child({ component: 'admin' }),
    databaseDescription: describeStartup({ config, version: readServerVersion() }).database,
    close: () => database.destroy(),
    runPaperlessImport: async (input) =>
      (await import('./admin.paperless-import')).runPaperlessImportCommand({
        config,
        database,
        logger: logger.child({ component: 'admin' }),
        ...input,
      }),
  };
}

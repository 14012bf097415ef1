import path from 'node:path';
import { startServer } from './app/server';
import { describeStartup, formatStartupSummary, readServerVersion } from './app/startup-summary';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseSchemaTooNewError } from './db/migrate';
import { createLogger, resolveLogFormat } from './shared/logger';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logFormat = resolveLogFormat(config.env.LOG_FORMAT);
  const logger = createLogger({ level: config.env.LOG_LEVEL, format: logFormat });
  // The bundle lives in apps/server/dist; the web build sits beside it in apps/web/dist.
  const webDistDir = config.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const server = await startServer({ config, logger, webDistDir });
  if (server.port !== undefined) {
    const summary = describeStartup({ config, version: readServerVersion() });
    // On a terminal a block to read; for a log collector one line with the same facts.
    if (logFormat === 'pretty' && config.env.LOG_LEVEL !== 'silent') {
      // pino-pretty writes from a worker thread: let the start-up lines it holds go out first.
      logger.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
      process.stdout.write(`${formatStartupSummary(summary)}\n`);
    } else
      logger.info({ ...summary, port: server.port }, `Sheaf ${summary.version} is ready at ${summary.url}`);
  }

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'Signal received');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A refusal to run on a database from a newer release is a message for the operator, not a crash.
  console.error(error instanceof DatabaseSchemaTooNewError ? error.message : error);
  process.exit(1);
});

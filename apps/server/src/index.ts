import path from 'node:path';
import { startServer } from './app/server';
import { ConfigError, loadConfig } from './config/config';
import { createLogger } from './shared/logger';

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
  const logger = createLogger({ level: config.env.LOG_LEVEL, pretty: config.env.LOG_PRETTY });
  // The bundle lives in apps/server/dist; the web build sits beside it in apps/web/dist.
  const webDistDir = config.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const server = await startServer({ config, logger, webDistDir });

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
  console.error(error);
  process.exit(1);
});

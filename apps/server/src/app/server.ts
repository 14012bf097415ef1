import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Config } from '../config/config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { resolveAuthSecret } from '../modules/auth/auth.secret';
import { createJobQueue } from '../modules/jobs/jobs.queue';
import { systemClock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { createApp } from './create-app';
import { createServices } from './services';

/** The composition root: builds every dependency once and wires the process together. */
export async function startServer({
  config,
  logger,
  webDistDir,
}: {
  config: Config;
  logger: Logger;
  webDistDir?: string;
}) {
  const clock = systemClock;
  const database = createDatabase(config.database);
  logger.info(
    {
      dialect: database.dialect,
      ...(config.database.dialect === 'sqlite' ? { file: config.database.filename } : {}),
    },
    'Database opened',
  );
  await migrateToLatest(database.db, logger);

  const jobQueue = createJobQueue({
    database,
    clock,
    logger: logger.child({ component: 'jobs' }),
    options: {
      leaseMs: config.env.JOBS_LEASE_MS,
      pollIntervalMs: config.env.JOBS_POLL_INTERVAL_MS,
      concurrency: config.env.JOBS_CONCURRENCY,
      // Twice the extraction threads: one job reads its file and saves its text while another
      // one's text is being extracted, so the threads never wait on the database.
      heavyConcurrency: config.env.EXTRACTION_CONCURRENCY * 2,
      shutdownTimeoutMs: config.env.SHUTDOWN_TIMEOUT_MS,
    },
  });

  const services = createServices({
    config,
    database,
    logger,
    clock,
    jobQueue,
    authSecret: resolveAuthSecret({ config, logger }),
  });

  const mode = config.env.PROCESS_MODE;
  let httpServer: ReturnType<typeof serve> | undefined;
  if (mode === 'all' || mode === 'web') {
    const app = createApp({
      config,
      database,
      logger,
      clock,
      services,
      ...(webDistDir ? { webDistDir: path.resolve(webDistDir) } : {}),
    });
    await new Promise<void>((resolve) => {
      httpServer = serve({ fetch: app.fetch, port: config.env.PORT, hostname: config.env.HOST }, (info) => {
        logger.info(
          { port: info.port, url: config.env.APP_BASE_URL, mode },
          `Sheaf is listening on port ${info.port}`,
        );
        resolve();
      });
    });
  }
  if (mode === 'all' || mode === 'worker') {
    await services.extraction.recoverUnfinishedExtractions();
    jobQueue.start();
    // Leftovers of uploads a crash cut short are swept soon, not at the next hourly run.
    await services.storageJobs.enqueueSweep();
    // The first upload's text is then read without waiting for a worker to start.
    services.extractionPool.warmUp();
    logger.info({ workerId: jobQueue.workerId, mode }, 'Job worker started');
  }

  async function stop() {
    logger.info('Shutting down');
    if (httpServer) {
      const server = httpServer;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    await jobQueue.stop();
    await services.extractionPool.close();
    await database.destroy();
    logger.info('Stopped');
  }

  return { stop, jobQueue, database };
}

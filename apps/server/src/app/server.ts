import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Config } from '../config/config';
import { createDatabase } from '../db/database';
import { createLeases } from '../db/leases';
import { migrateToLatest } from '../db/migrate';
import { resolveAuthSecret } from '../modules/auth/auth.secret';
import {
  type IngestionFoldersWatcher,
  startIngestionFoldersWatcher,
} from '../modules/ingestion-folders/ingestion-folders.watcher';
import { type ImapPoller, parseImapUrl, startImapPoller } from '../modules/intake-emails/intake-emails.imap';
import {
  type IntakeSmtpReceiver,
  startIntakeSmtpReceiver,
} from '../modules/intake-emails/intake-emails.smtp';
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
  const database = createDatabase(config.database, {
    onIdleConnectionError: (error) =>
      logger.warn({ err: error }, 'A pooled database connection was closed by the server'),
  });
  logger.debug(
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
  let listeningPort: number | undefined;
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
        listeningPort = info.port;
        logger.debug(
          { port: info.port, url: config.env.APP_BASE_URL, mode },
          `Listening on port ${info.port}`,
        );
        resolve();
      });
    });
  }
  // Intake e-mail's own entries: the SMTP receiver listens beside HTTP, the IMAP poller is background work.
  const intakeLogger = logger.child({ component: 'intake-emails' });
  let intakeSmtp: IntakeSmtpReceiver | undefined;
  if (
    config.env.INTAKE_EMAILS_IS_ENABLED &&
    config.env.INTAKE_EMAILS_SMTP_PORT !== undefined &&
    mode !== 'worker'
  ) {
    const { INTAKE_EMAILS_SMTP_TLS_KEY: key, INTAKE_EMAILS_SMTP_TLS_CERT: cert } = config.env;
    intakeSmtp = await startIntakeSmtpReceiver({
      intakeEmails: services.intakeEmails,
      host: config.env.INTAKE_EMAILS_SMTP_HOST,
      port: config.env.INTAKE_EMAILS_SMTP_PORT,
      domain: config.env.INTAKE_EMAILS_DOMAIN,
      maxMessageSize: config.env.INTAKE_EMAILS_MAX_MESSAGE_SIZE,
      tls: key && cert ? { key, cert } : undefined,
      logger: intakeLogger,
    });
  }
  let imapPoller: ImapPoller | undefined;
  if (config.env.INTAKE_EMAILS_IS_ENABLED && config.env.INTAKE_EMAILS_IMAP_URL && mode !== 'web') {
    imapPoller = startImapPoller({
      mailbox: parseImapUrl(config.env.INTAKE_EMAILS_IMAP_URL),
      pollSeconds: config.env.INTAKE_EMAILS_IMAP_POLL_SECONDS,
      maxMessageSize: config.env.INTAKE_EMAILS_MAX_MESSAGE_SIZE,
      intakeEmails: services.intakeEmails,
      leases: createLeases({ db: database.db }),
      clock,
      logger: intakeLogger,
    });
  }
  // Watched folders: background work too, one importer per organization folder across processes.
  let ingestionFoldersWatcher: IngestionFoldersWatcher | undefined;
  if (config.env.INGESTION_FOLDERS_ROOT && mode !== 'web') {
    ingestionFoldersWatcher = startIngestionFoldersWatcher({
      root: path.resolve(config.env.INGESTION_FOLDERS_ROOT),
      stableMs: config.env.INGESTION_FOLDERS_STABLE_SECONDS * 1000,
      polling: config.env.INGESTION_FOLDERS_POLLING,
      pollingIntervalMs: config.env.INGESTION_FOLDERS_POLLING_INTERVAL_SECONDS * 1000,
      ingestionFolders: services.ingestionFolders,
      leases: createLeases({ db: database.db }),
      clock,
      logger: logger.child({ component: 'ingestion-folders' }),
      // As long as a job's: how long a crashed process keeps other processes off its work.
      leaseMs: config.env.JOBS_LEASE_MS,
    });
  }
  if (mode === 'all' || mode === 'worker') {
    await services.extraction.recoverUnfinishedExtractions();
    jobQueue.start();
    // Leftovers of uploads a crash cut short are swept soon, not at the next hourly run.
    await services.storageJobs.enqueueSweep();
    // The first upload's text is then read without waiting for a worker to start.
    services.extractionPool.warmUp();
    logger.debug({ workerId: jobQueue.workerId, mode }, 'Job worker started');
  }

  async function stop() {
    logger.info('Shutting down');
    if (httpServer) await closeHttpServer(httpServer, config.env.SHUTDOWN_TIMEOUT_MS);
    await intakeSmtp?.close();
    await imapPoller?.stop();
    await ingestionFoldersWatcher?.stop();
    await jobQueue.stop();
    services.webhookSender.close();
    await services.extractionPool.close();
    await database.destroy();
    logger.info('Stopped');
  }

  return { stop, jobQueue, database, port: listeningPort, intakeSmtpPort: intakeSmtp?.port };
}

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `timeoutMs`: idle
 * keep-alive connections (a browser tab left open) are closed at once, and whatever is still open at
 * the deadline (a stalled download, a client that never reads) is cut, so a stop never hangs on them.
 */
async function closeHttpServer(server: ReturnType<typeof serve>, timeoutMs: number) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if (!('closeAllConnections' in server)) {
    await closed;
    return;
  }
  server.closeIdleConnections();
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  try {
    await closed;
  } finally {
    clearTimeout(deadline);
  }
}

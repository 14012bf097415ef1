import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../app/create-app';
import { createServices } from '../app/services';
import { loadConfig } from '../config/config';
import type { AppDatabase } from '../db/database';
import { createJobQueue } from '../modules/jobs/jobs.queue';
import type { StorageDriver } from '../modules/storage/storage.types';
import { type Clock, systemClock } from '../shared/clock';

export const silentLogger = pino({ level: 'silent' });

/** Document files of test servers that name no storage folder: one temporary folder per test process. */
const testDocumentsRoot = path.join(os.tmpdir(), `sheaf-test-documents-${process.pid}`);
process.on('exit', () => fs.rmSync(testDocumentsRoot, { recursive: true, force: true }));

export const TEST_AUTH_SECRET = 'test-secret-for-sheaf-tests-0123456789abcdef';

/** The whole server (config, services, job queue, HTTP app) on a test database. */
export function createTestServer({
  database,
  env = {},
  webDistDir,
  clock = systemClock,
  storage,
}: {
  database: AppDatabase;
  env?: Record<string, string>;
  webDistDir?: string;
  clock?: Clock;
  /** A storage driver of the test's own (a failing one, say); DOCUMENTS_STORAGE_DRIVER's when absent. */
  storage?: StorageDriver;
}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_BASE_URL: 'http://localhost:8080',
    DOCUMENTS_STORAGE_FILESYSTEM_ROOT: testDocumentsRoot,
    ...env,
  });
  const jobQueue = createJobQueue({ database, clock, logger: silentLogger });
  const services = createServices({
    config,
    database,
    logger: silentLogger,
    clock,
    jobQueue,
    authSecret: TEST_AUTH_SECRET,
    ...(storage ? { storage } : {}),
  });
  const app = createApp({
    config,
    database,
    logger: silentLogger,
    clock,
    services,
    ...(webDistDir ? { webDistDir } : {}),
  });
  return { app, config, services, jobQueue };
}

export function createTestApp(options: Parameters<typeof createTestServer>[0]) {
  return createTestServer(options).app;
}

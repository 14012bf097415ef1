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

/**
 * Stripe settings every test server gets, so that SUBSCRIPTIONS_IS_ENABLED=true starts without
 * them; nothing listens on the API address (the billing tests point it at their stand-in).
 */
export const TEST_STRIPE_ENV = {
  STRIPE_API_KEY: 'sk_test_sheaf',
  STRIPE_WEBHOOK_SECRET: 'whsec_sheaf_test_secret',
  STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly',
  STRIPE_PRICE_PLUS_ANNUAL: 'price_plus_annual',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
  STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
};

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
    ...TEST_STRIPE_ENV,
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
    checkAnswers: true,
    ...(webDistDir ? { webDistDir } : {}),
  });
  return { app, config, services, jobQueue };
}

export function createTestApp(options: Parameters<typeof createTestServer>[0]) {
  return createTestServer(options).app;
}

import pino from 'pino';
import { createApp } from '../app/create-app';
import { loadConfig } from '../config/config';
import type { AppDatabase } from '../db/database';
import { systemClock } from '../shared/clock';

export const silentLogger = pino({ level: 'silent' });

export function createTestApp({
  database,
  env = {},
  webDistDir,
}: {
  database: AppDatabase;
  env?: Record<string, string>;
  webDistDir?: string;
}) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  return createApp({
    config,
    database,
    logger: silentLogger,
    clock: systemClock,
    ...(webDistDir ? { webDistDir } : {}),
  });
}

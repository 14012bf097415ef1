import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../app/app.types';
import { checkDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';

export function createHealthRoutes({ db }: { db: Kysely<Database> }) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    try {
      await checkDatabase(db);
      return c.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      c.get('logger').error({ err: error }, 'Health check: database unreachable');
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
  });
}

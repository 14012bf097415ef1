import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { checkDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';

export function createHealthRoutes({ db }: { routes: EndpointRoutesFactory; db: Kysely<Database> }) {
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

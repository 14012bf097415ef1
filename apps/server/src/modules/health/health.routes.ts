import { healthEndpoints } from '@sheaf/contracts/health';
import type { Kysely } from 'kysely';
import { checkDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';

export function createHealthRoutes({ routes, db }: { routes: EndpointRoutesFactory; db: Kysely<Database> }) {
  return routes().on(healthEndpoints.get, async ({ c }) => {
    try {
      await checkDatabase(db);
      return { status: 200, body: { status: 'ok', database: 'ok' } } as const;
    } catch (error) {
      c.get('logger').error({ err: error }, 'Health check: database unreachable');
      return { status: 503, body: { status: 'error', database: 'unreachable' } } as const;
    }
  }).router;
}

import { updateUserSchema } from '@sheaf/contracts/users';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import type { RequireAuth } from '../auth/auth.middleware';
import type { UsersUsecases } from './users.usecases';

/** Account routes accept sessions only. */
export function createUsersRoutes({
  users,
  requireAuth,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  users: UsersUsecases;
  requireAuth: RequireAuth;
}) {
  return new Hono<AppEnv>()
    .use('/users/me', requireAuth())
    .get('/users/me', async (c) => c.json({ user: await users.getMe({ userId: c.get('actor').userId }) }))
    .put('/users/me', async (c) => {
      const changes = await parseJsonBody(c, updateUserSchema);
      return c.json({ user: await users.updateMe({ userId: c.get('actor').userId, changes }) });
    });
}

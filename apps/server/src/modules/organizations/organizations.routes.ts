import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import type { RequireAuth } from '../auth/auth.middleware';
import type { OrganizationsUsecases } from './organizations.usecases';

export function createOrganizationsRoutes({
  organizations,
  requireAuth,
}: {
  organizations: OrganizationsUsecases;
  requireAuth: RequireAuth;
}) {
  return new Hono<AppEnv>().get(
    '/organizations',
    requireAuth({ apiKeyPermissions: ['organizations:read'] }),
    async (c) => c.json({ organizations: await organizations.listOrganizations({ actor: c.get('actor') }) }),
  );
}

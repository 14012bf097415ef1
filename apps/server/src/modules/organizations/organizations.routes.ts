import { createOrganizationSchema, updateOrganizationSchema } from '@sheaf/contracts/organizations';
import { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import type { RequireAuth } from '../auth/auth.middleware';
import { getMembership, type RequireOrganizationMember } from './organizations.middleware';
import type { OrganizationsUsecases } from './organizations.usecases';

export function createOrganizationsRoutes({
  organizations,
  requireAuth,
  requireOrganizationMember,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  organizations: OrganizationsUsecases;
  requireAuth: RequireAuth;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  return (
    new Hono<AppEnv>()
      .get('/organizations', requireAuth({ apiKeyPermissions: ['organizations:read'] }), async (c) =>
        c.json({ organizations: await organizations.listOrganizations({ actor: c.get('actor') }) }),
      )
      .post('/organizations', requireAuth({ apiKeyPermissions: ['organizations:create'] }), async (c) => {
        const { name } = await parseJsonBody(c, createOrganizationSchema);
        const organization = await organizations.createOrganization({ userId: c.get('actor').userId, name });
        return c.json({ organization }, 201);
      })
      // Registered before /organizations/:organizationId, which would otherwise take "deleted" as an id.
      .get('/organizations/deleted', requireAuth(), async (c) =>
        c.json({
          organizations: await organizations.listDeletedOrganizations({ userId: c.get('actor').userId }),
        }),
      )
      .get(
        '/organizations/:organizationId',
        requireOrganizationMember({ apiKeyPermissions: ['organizations:read'] }),
        async (c) =>
          c.json({
            organization: await organizations.getOrganization({
              organizationId: getMembership(c).organizationId,
            }),
          }),
      )
      .put(
        '/organizations/:organizationId',
        requireOrganizationMember({ apiKeyPermissions: ['organizations:update'], roles: ['owner', 'admin'] }),
        async (c) => {
          const { name } = await parseJsonBody(c, updateOrganizationSchema);
          const organization = await organizations.renameOrganization({
            organizationId: getMembership(c).organizationId,
            name,
          });
          return c.json({ organization });
        },
      )
      .delete(
        '/organizations/:organizationId',
        requireOrganizationMember({ apiKeyPermissions: ['organizations:delete'], roles: ['owner'] }),
        async (c) => {
          await organizations.deleteOrganization({ membership: getMembership(c) });
          return c.body(null, 204);
        },
      )
      .post(
        '/organizations/:organizationId/restore',
        requireOrganizationMember({ apiKeyPermissions: ['organizations:delete'], includeDeleted: true }),
        async (c) => {
          const { organizationId, userId } = getMembership(c);
          await organizations.restoreOrganization({ organizationId, userId });
          return c.body(null, 204);
        },
      )
  );
}

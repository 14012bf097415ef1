import { organizationsEndpoints } from '@sheaf/contracts/organizations';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from './organizations.middleware';
import type { OrganizationsUsecases } from './organizations.usecases';

export function createOrganizationsRoutes({
  organizations,
  routes,
}: {
  routes: EndpointRoutesFactory;
  organizations: OrganizationsUsecases;
}) {
  return (
    routes()
      .on(organizationsEndpoints.list, async ({ c }) => ({
        status: 200,
        body: { organizations: await organizations.listOrganizations({ actor: c.get('actor') }) },
      }))
      .on(organizationsEndpoints.create, async ({ c, body }) => {
        const organization = await organizations.createOrganization({
          userId: c.get('actor').userId,
          name: body.name,
        });
        return { status: 201, body: { organization } };
      })
      // Bound before /organizations/:organizationId, which would otherwise take "deleted" as an id.
      .on(organizationsEndpoints.listDeleted, async ({ c }) => ({
        status: 200,
        body: {
          organizations: await organizations.listDeletedOrganizations({ userId: c.get('actor').userId }),
        },
      }))
      .on(organizationsEndpoints.get, async ({ c }) => ({
        status: 200,
        body: {
          organization: await organizations.getOrganization({
            organizationId: getMembership(c).organizationId,
          }),
        },
      }))
      .on(organizationsEndpoints.update, async ({ c, body }) => {
        const organization = await organizations.renameOrganization({
          organizationId: getMembership(c).organizationId,
          name: body.name,
        });
        return { status: 200, body: { organization } };
      })
      .on(organizationsEndpoints.updateSecurityPolicy, async ({ c, body }) => {
        const organization = await organizations.setSecurityPolicy({
          membership: getMembership(c),
          requiresTwoFactor: body.requiresTwoFactor,
        });
        return { status: 200, body: { organization } };
      })
      .on(organizationsEndpoints.delete, async ({ c }) => {
        await organizations.deleteOrganization({ membership: getMembership(c) });
        return { status: 204 };
      })
      .on(
        organizationsEndpoints.restore,
        async ({ c }) => {
          const { organizationId, userId } = getMembership(c);
          await organizations.restoreOrganization({ organizationId, userId });
          return { status: 204 };
        },
        // A deleted organization's members must pass the guard to restore it.
        { includeDeleted: true },
      ).router
  );
}

import { usersEndpoints } from '@sheaf/contracts/users';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import type { UsersUsecases } from './users.usecases';

/** Account routes accept sessions only. */
export function createUsersRoutes({
  routes,
  users,
}: {
  routes: EndpointRoutesFactory;
  users: UsersUsecases;
}) {
  return routes()
    .on(usersEndpoints.getMe, async ({ c }) => ({
      status: 200,
      body: { user: await users.getMe({ userId: c.get('actor').userId }) },
    }))
    .on(usersEndpoints.updateMe, async ({ c, body }) => ({
      status: 200,
      body: { user: await users.updateMe({ userId: c.get('actor').userId, changes: body }) },
    }))
    .on(usersEndpoints.getMyData, async ({ c }) => {
      const data = await users.getAccountData({ userId: c.get('actor').userId });
      return {
        status: 200,
        body: data,
        headers: {
          'Content-Disposition': `attachment; filename="sheaf-account-data-${data.exportedAt.slice(0, 10)}.json"`,
          'Cache-Control': 'no-store',
        },
      };
    }).router;
}

import { accountSecurityEndpoints } from '@sheaf/contracts/account-security';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import type { AccountSecurityUsecases } from './account-security.usecases';

/** GET /api/users/me/security; the changes themselves are better-auth's routes under /api/auth. */
export function createAccountSecurityRoutes({
  routes,
  accountSecurity,
  readSignedInAt,
}: {
  routes: EndpointRoutesFactory;
  accountSecurity: AccountSecurityUsecases;
  /** When the request's session signed in (better-auth's session row). */
  readSignedInAt: (headers: Headers) => Promise<Date | string | undefined>;
}) {
  return routes().on(accountSecurityEndpoints.getSecurity, async ({ c }) => {
    const signedInAt = (await readSignedInAt(c.req.raw.headers)) ?? new Date(0);
    return {
      status: 200,
      body: { security: await accountSecurity.getSecurity({ userId: c.get('actor').userId, signedInAt }) },
    };
  }).router;
}

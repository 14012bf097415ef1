import type { MemberRole } from '@sheaf/contracts/permissions';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, OrganizationMembership } from '../../app/app.types';
import { createForbiddenError } from '../auth/auth.errors.http';
import type { RequireAuth, RequireAuthOptions } from '../auth/auth.middleware';
import type { OrganizationsUsecases } from './organizations.usecases';

export type RequireOrganizationMemberOptions = RequireAuthOptions & {
  /** Roles allowed on this route; others get 403 `auth.forbidden`. All roles when absent. */
  roles?: MemberRole[];
  /** Also let members of a deleted (not yet purged) organization through, e.g. to restore it. */
  includeDeleted?: boolean;
};

export type RequireOrganizationMember = ReturnType<typeof createRequireOrganizationMember>;

/**
 * The guard of every route under `/api/organizations/:organizationId`: authenticates the caller
 * like `requireAuth` (session, or an API key with the permissions and in scope of this
 * organization), then loads the caller's membership before anything else runs. A non-member —
 * also for an unknown or deleted organization — gets 403 `auth.forbidden`. The membership is
 * then in `c.get('membership')`; read it with `getMembership(c)`.
 *
 * ```ts
 * .get('/organizations/:organizationId/tags',
 *   requireOrganizationMember({ apiKeyPermissions: ['tags:read'] }),
 *   async (c) => c.json({ tags: await tags.list({ organizationId: getMembership(c).organizationId }) }))
 * ```
 */
export function createRequireOrganizationMember({
  requireAuth,
  organizations,
}: {
  requireAuth: RequireAuth;
  organizations: Pick<OrganizationsUsecases, 'findMembership'>;
}) {
  return ({ roles, includeDeleted = false, ...authOptions }: RequireOrganizationMemberOptions = {}) => {
    const authenticate = requireAuth(authOptions);
    return createMiddleware<AppEnv>(async (c, next) =>
      authenticate(c, async () => {
        const organizationId = c.req.param('organizationId');
        if (!organizationId)
          throw new Error('requireOrganizationMember needs an :organizationId route parameter');
        const membership = await organizations.findMembership({
          organizationId,
          userId: c.get('actor').userId,
          includeDeleted,
        });
        if (!membership) throw createForbiddenError('You are not a member of this organization.');
        if (roles && !roles.includes(membership.role)) {
          throw createForbiddenError(`This needs the role ${roles.join(' or ')} in this organization.`);
        }
        c.set('membership', membership);
        await next();
      }),
    );
  };
}

/** The membership loaded by requireOrganizationMember; throws when the route forgot the guard. */
export function getMembership(c: Context<AppEnv>): OrganizationMembership {
  const membership = c.get('membership');
  if (!membership)
    throw new Error('No membership in context: guard the route with requireOrganizationMember');
  return membership;
}

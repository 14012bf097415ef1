import type { MemberRole } from '@sheaf/contracts/permissions';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, OrganizationMembership } from '../../shared/app.types';
import { createApiError } from '../../shared/errors';
import { createTtlCache } from '../../shared/ttl-cache';
import { createForbiddenError } from '../auth/auth.errors.http';
import type { RequireAuth, RequireAuthOptions } from '../auth/auth.middleware';
import type { OrganizationsUsecases } from './organizations.usecases';

/**
 * How long a membership read from the database is trusted. Any change made through an
 * organization's routes (member removed or role changed, organization deleted or restored…)
 * evicts that organization's memberships before its answer is sent, so it applies at once here;
 * made by another process, it applies there within this time at most.
 */
export const MEMBERSHIP_CACHE_TTL_MS = 5_000;
const MEMBERSHIP_CACHE_MAX_ENTRIES = 10_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * organization), then loads the caller's membership (kept a few seconds, see
 * MEMBERSHIP_CACHE_TTL_MS) before anything else runs. A non-member —
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
  hasSecondFactor,
}: {
  requireAuth: RequireAuth;
  organizations: Pick<OrganizationsUsecases, 'findMembership'>;
  /** Whether the user has two-factor sign-in or a passkey (read only for organizations that require one). */
  hasSecondFactor: (input: { userId: string }) => Promise<boolean>;
}) {
  // Memberships read recently (never the absence of one), keyed by organization, user and whether
  // a deleted organization counts. A lookup that started before an eviction does not store.
  const memberships = createTtlCache<OrganizationMembership>({
    ttlMs: MEMBERSHIP_CACHE_TTL_MS,
    maxEntries: MEMBERSHIP_CACHE_MAX_ENTRIES,
  });
  let generation = 0;
  const evictOrganization = (organizationId: string) => {
    generation += 1;
    memberships.deleteWhere((membership) => membership.organizationId === organizationId);
  };

  const findMembership = async (organizationId: string, userId: string, includeDeleted: boolean) => {
    const key = `${includeDeleted ? 'any' : 'live'}:${organizationId}:${userId}`;
    const cached = memberships.get(key);
    if (cached) return cached;
    const generationAtLookup = generation;
    const membership = await organizations.findMembership({ organizationId, userId, includeDeleted });
    if (membership && generation === generationAtLookup) memberships.set(key, membership);
    return membership;
  };

  return ({ roles, includeDeleted = false, ...authOptions }: RequireOrganizationMemberOptions = {}) => {
    const authenticate = requireAuth(authOptions);
    return createMiddleware<AppEnv>(async (c, next) =>
      authenticate(c, async () => {
        const organizationId = c.req.param('organizationId');
        if (!organizationId)
          throw new Error('requireOrganizationMember needs an :organizationId route parameter');
        const membership = await findMembership(organizationId, c.get('actor').userId, includeDeleted);
        if (!membership) throw createForbiddenError('You are not a member of this organization.');
        if (roles && !roles.includes(membership.role)) {
          throw createForbiddenError(`This needs the role ${roles.join(' or ')} in this organization.`);
        }
        // The policy binds sessions; an API key is already a separate secret (and creating one that
        // reaches this organization needed a second factor).
        const actor = c.get('actor');
        if (
          membership.organizationRequiresTwoFactor &&
          actor.kind === 'session' &&
          !(await hasSecondFactor({ userId: actor.userId }))
        ) {
          throw createApiError('organization.two_factor_required');
        }
        c.set('membership', membership);
        if (SAFE_METHODS.has(c.req.method)) return next();
        try {
          await next();
        } finally {
          // It may have changed who belongs to the organization, with which role, or whether it is deleted.
          evictOrganization(organizationId);
        }
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

import type { EndpointDefinition } from '@sheaf/contracts/endpoint';
import type { ApiKeyPermission, MemberRole } from '@sheaf/contracts/permissions';
import type { Logger } from './logger';

/** Who is calling: a signed-in user (session) or a user's API key. */
export type Actor =
  | { kind: 'session'; userId: string; email: string; name: string }
  | {
      kind: 'api-key';
      userId: string;
      email: string;
      name: string;
      apiKey: {
        id: string;
        permissions: ApiKeyPermission[];
        organizationIds: string[];
        allOrganizations: boolean;
      };
    };

/** The caller's membership in the route's organization, set by requireOrganizationMember. */
export type OrganizationMembership = {
  id: string;
  organizationId: string;
  userId: string;
  role: MemberRole;
  createdAt: string;
  /** The organization asks its members for a second factor (organization.two_factor_required). */
  organizationRequiresTwoFactor: boolean;
};

/** Variables every request carries through Hono's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by requireAuth. */
    actor: Actor;
    /** Set by requireOrganizationMember on organization routes (`:organizationId`). */
    membership?: OrganizationMembership;
    /** The catalogue entry the route serves, set by the endpoint adapter. */
    endpoint?: EndpointDefinition;
  };
};

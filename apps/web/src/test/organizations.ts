import type { InvitationDto } from '@sheaf/contracts/invitations';
import type { MemberDto } from '@sheaf/contracts/members';
import type { OrganizationDto } from '@sheaf/contracts/organizations';
import type { MemberRole } from '@sheaf/contracts/permissions';
import type { MockRequest } from './app';
import { sessionFixture } from './app';
import { jsonResponse } from './render';

export const ORGANIZATION_ID = 'org_abc123';

export function organizationFixture(overrides: Partial<OrganizationDto> = {}): OrganizationDto {
  return {
    id: ORGANIZATION_ID,
    name: 'Acme Archive',
    createdAt: '2025-01-02T12:00:00.000Z',
    updatedAt: '2025-01-02T12:00:00.000Z',
    deletedAt: null,
    scheduledPurgeAt: null,
    requiresTwoFactor: false,
    ...overrides,
  };
}

export function memberFixture({
  id,
  role,
  name,
  email,
  userId,
}: {
  id: string;
  role: MemberRole;
  name: string;
  email: string;
  userId?: string;
}): MemberDto {
  return {
    id,
    role,
    organizationId: ORGANIZATION_ID,
    user: { id: userId ?? `usr_${id}`, email, name },
    hasSecondFactor: false,
    createdAt: '2025-01-03T12:00:00.000Z',
  };
}

export function invitationFixture(overrides: Partial<InvitationDto> = {}): InvitationDto {
  return {
    id: 'inv_1',
    email: 'grace@example.com',
    role: 'member',
    status: 'pending',
    organizationId: ORGANIZATION_ID,
    organization: { id: ORGANIZATION_ID, name: 'Acme Archive' },
    expiresAt: '2025-01-10T12:00:00.000Z',
    createdAt: '2025-01-03T12:00:00.000Z',
    updatedAt: '2025-01-03T12:00:00.000Z',
    ...overrides,
  };
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/**
 * Handlers for one organization the signed-in user (Ada, usr_1) belongs to with `role`, alongside
 * `members` (Ada is added first). Anything can be overridden.
 */
export function organizationHandlers({
  role = 'owner',
  organizations = [organizationFixture()],
  members = [],
  pendingInvitationsCount = 0,
}: {
  role?: MemberRole;
  organizations?: OrganizationDto[];
  members?: MemberDto[];
  pendingInvitationsCount?: number;
} = {}): Record<string, Handler> {
  const me = memberFixture({
    id: 'mem_me',
    role,
    name: sessionFixture.user.name,
    email: sessionFixture.user.email,
    userId: sessionFixture.user.id,
  });
  const handlers: Record<string, Handler> = {
    'GET /api/organizations': () => jsonResponse({ organizations }),
    'GET /api/invitations/count': () => jsonResponse({ pendingInvitationsCount }),
  };
  for (const organization of organizations) {
    const base = `/api/organizations/${organization.id}`;
    handlers[`GET ${base}`] = () => jsonResponse({ organization });
    handlers[`GET ${base}/members/me`] = () =>
      jsonResponse({ member: { ...me, organizationId: organization.id } });
    handlers[`GET ${base}/members`] = () => jsonResponse({ members: [me, ...members] });
  }
  return handlers;
}

import { errorMessage, errorStatus } from '@sheaf/contracts/errors';
import {
  createOrganizationSchema,
  organizationsEndpoints,
  updateOrganizationSchema,
  updateSecurityPolicySchema,
} from '@sheaf/contracts/organizations';
import { DEMO_MAX_ORGANIZATIONS } from './constants';
import { type DemoContext, newId, nowIso, requireManager, requireOrganization } from './context';
import { DemoHttpError, handle, json, noContent, parseJsonBody } from './http';

const PURGE_DAYS = 30;

function memberOrganizations(context: DemoContext) {
  const mine = new Set(
    context.state.members
      .filter(({ userId }) => userId === context.state.currentUserId)
      .map(({ organizationId }) => organizationId),
  );
  return context.state.organizations.filter(({ id }) => mine.has(id));
}

export const organizationsRoutes = (context: DemoContext) => [
  handle(organizationsEndpoints.list, () =>
    json({ organizations: memberOrganizations(context).filter(({ deletedAt }) => deletedAt === null) }),
  ),
  handle(organizationsEndpoints.create, (request) => {
    const { name } = parseJsonBody(request, createOrganizationSchema);
    const active = memberOrganizations(context).filter(({ deletedAt }) => deletedAt === null);
    if (active.length >= DEMO_MAX_ORGANIZATIONS) {
      throw new DemoHttpError(
        403,
        'user.max_organization_count_reached',
        `You have reached the maximum number of organizations (${DEMO_MAX_ORGANIZATIONS}), contact support.`,
      );
    }
    const now = nowIso(context);
    const organization = {
      id: newId('org'),
      name,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
      scheduledPurgeAt: null,
      requiresTwoFactor: false,
    };
    context.state.organizations.push(organization);
    context.state.members.push({
      id: newId('mem'),
      organizationId: organization.id,
      userId: context.state.currentUserId,
      role: 'owner',
      createdAt: now,
    });
    return json({ organization }, 201);
  }),
  handle(organizationsEndpoints.listDeleted, () => {
    const now = context.now().getTime();
    return json({
      organizations: memberOrganizations(context).filter(
        ({ deletedAt, scheduledPurgeAt }) =>
          deletedAt !== null && scheduledPurgeAt !== null && Date.parse(scheduledPurgeAt) > now,
      ),
    });
  }),
  handle(organizationsEndpoints.get, ({ params }) =>
    json({ organization: requireOrganization(context, params.organizationId ?? '').organization }),
  ),
  handle(organizationsEndpoints.update, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const { name } = parseJsonBody(request, updateOrganizationSchema);
    organization.name = name;
    organization.updatedAt = nowIso(context);
    return json({ organization });
  }),
  handle(organizationsEndpoints.updateSecurityPolicy, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const { requiresTwoFactor } = parseJsonBody(request, updateSecurityPolicySchema);
    // The demo's user has neither two-factor sign-in nor a passkey (the demo cannot set them up), so
    // the server's refusal to someone without a second factor is the only answer to turning it on.
    if (requiresTwoFactor) {
      throw new DemoHttpError(
        errorStatus('organization.two_factor_not_set_up'),
        'organization.two_factor_not_set_up',
        errorMessage('organization.two_factor_not_set_up'),
      );
    }
    if (organization.requiresTwoFactor) {
      organization.requiresTwoFactor = false;
      organization.updatedAt = nowIso(context);
    }
    return json({ organization });
  }),
  handle(organizationsEndpoints.delete, ({ params }) => {
    const { organization, member } = requireOrganization(context, params.organizationId ?? '');
    if (member.role !== 'owner') {
      throw new DemoHttpError(403, 'auth.forbidden', 'Only the owner can delete the organization.');
    }
    const now = context.now();
    organization.deletedAt = now.toISOString();
    organization.scheduledPurgeAt = new Date(now.getTime() + PURGE_DAYS * 24 * 3600 * 1000).toISOString();
    return noContent();
  }),
  handle(organizationsEndpoints.restore, ({ params }) => {
    const organization = memberOrganizations(context).find(({ id }) => id === params.organizationId);
    if (!organization) {
      throw new DemoHttpError(
        404,
        'organizations.not_found',
        'This organization can no longer be restored: its purge date has passed.',
      );
    }
    if (organization.deletedAt === null) {
      throw new DemoHttpError(
        409,
        'organizations.not_deleted',
        'This organization is not deleted: there is nothing to restore.',
      );
    }
    organization.deletedAt = null;
    organization.scheduledPurgeAt = null;
    organization.updatedAt = nowIso(context);
    return noContent();
  }),
];

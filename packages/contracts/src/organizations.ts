import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { ORGANIZATION_NAME_MAX_LENGTH, ORGANIZATION_NAME_MIN_LENGTH } from './limits';
import { singleLineString } from './text';

/** Organization name (spec §5): trimmed, 3 to 50 characters, no control character. */
export const organizationNameSchema = singleLineString({ message: 'Organization name is required' })
  .trim()
  .min(ORGANIZATION_NAME_MIN_LENGTH, {
    message: `Organization name must be at least ${ORGANIZATION_NAME_MIN_LENGTH} characters`,
  })
  .max(ORGANIZATION_NAME_MAX_LENGTH, {
    message: `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`,
  });

/** POST /api/organizations */
export const createOrganizationSchema = z.strictObject({ name: organizationNameSchema });

/** PUT /api/organizations/{organizationId} */
export const updateOrganizationSchema = z.strictObject({ name: organizationNameSchema });

/** PUT /api/organizations/{organizationId}/security-policy */
export const updateSecurityPolicySchema = z.strictObject({ requiresTwoFactor: z.boolean() });

export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;

/** An organization as the API answers it; deletedAt and scheduledPurgeAt are set once it is deleted. */
export const organizationSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  deletedAt: isoDateTime().nullable(),
  scheduledPurgeAt: isoDateTime().nullable(),
  /** Members must have a second factor (two-factor sign-in or a passkey) to use it with a session. */
  requiresTwoFactor: z.boolean(),
});

export type OrganizationDto = z.infer<typeof organizationSchema>;

/** An entry of GET /api/organizations/deleted: always carries its deletion data. */
export const deletedOrganizationSchema = organizationSchema.extend({
  deletedAt: isoDateTime(),
  scheduledPurgeAt: isoDateTime(),
});

export type DeletedOrganizationDto = z.infer<typeof deletedOrganizationSchema>;

const ORGANIZATION = '/api/organizations/:organizationId';
const NAME_RULE = `The name is trimmed, ${ORGANIZATION_NAME_MIN_LENGTH}–${ORGANIZATION_NAME_MAX_LENGTH} characters.`;
const exampleOrganization = {
  id: 'org_0123456789abcdefghijklmn',
  name: 'Acme',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
  deletedAt: null,
  scheduledPurgeAt: null,
  requiresTwoFactor: false,
};

/** This domain's endpoints (see endpoint.ts). */
export const organizationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: "The caller's organizations",
    description:
      'Deleted organizations are left out; an API key sees only the organizations it is scoped to.',
    auth: { apiKeyPermission: 'organizations:read' },
    answers: { 200: z.strictObject({ organizations: z.array(organizationSchema) }) },
    example: { answer: { organizations: [exampleOrganization] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: 'Create an organization (the caller owns it)',
    description: `${NAME_RULE} The caller becomes its owner. A user owns at most MAX_ORGANIZATIONS_PER_USER organizations (403 \`user.max_organization_count_reached\`).`,
    auth: { apiKeyPermission: 'organizations:create' },
    body: createOrganizationSchema,
    answers: { 201: z.strictObject({ organization: organizationSchema }) },
    errors: { 403: ['user.max_organization_count_reached'] },
    example: { body: { name: 'Acme' }, answer: { organization: exampleOrganization } },
  }),
  listDeleted: defineEndpoint({
    method: 'GET',
    path: '/api/organizations/deleted',
    tag: 'Organizations',
    summary: 'Organizations the caller deleted and can still restore',
    description: 'Most recently deleted first; each carries its deletion date and its purge date.',
    auth: 'session',
    answers: { 200: z.strictObject({ organizations: z.array(deletedOrganizationSchema) }) },
    example: {
      answer: {
        organizations: [
          {
            ...exampleOrganization,
            deletedAt: '2026-02-01T10:00:00.000Z',
            scheduledPurgeAt: '2026-03-03T10:00:00.000Z',
          },
        ],
      },
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: ORGANIZATION,
    tag: 'Organizations',
    summary: 'An organization',
    auth: { apiKeyPermission: 'organizations:read' },
    answers: { 200: z.strictObject({ organization: organizationSchema }) },
    example: { answer: { organization: exampleOrganization } },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: ORGANIZATION,
    tag: 'Organizations',
    summary: 'Rename an organization',
    description: NAME_RULE,
    auth: { apiKeyPermission: 'organizations:update' },
    roles: ['owner', 'admin'],
    body: updateOrganizationSchema,
    answers: { 200: z.strictObject({ organization: organizationSchema }) },
    example: { body: { name: 'Acme' }, answer: { organization: exampleOrganization } },
  }),
  updateSecurityPolicy: defineEndpoint({
    method: 'PUT',
    path: `${ORGANIZATION}/security-policy`,
    tag: 'Organizations',
    summary: 'Require a second factor of members, or stop requiring it',
    description:
      'While required, a member whose account has neither two-factor sign-in nor a passkey gets 403 `organization.two_factor_required` from every route of the organization with a session (API keys keep working, but creating one that reaches the organization needs a second factor). Turning it on is refused (409 `organization.two_factor_not_set_up`) to someone without a second factor. Sessions only: API keys cannot change it.',
    auth: 'session',
    roles: ['owner', 'admin'],
    body: updateSecurityPolicySchema,
    answers: { 200: z.strictObject({ organization: organizationSchema }) },
    errors: { 409: ['organization.two_factor_not_set_up'] },
    example: {
      body: { requiresTwoFactor: true },
      answer: { organization: { ...exampleOrganization, requiresTwoFactor: true } },
    },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: ORGANIZATION,
    tag: 'Organizations',
    summary: 'Delete an organization (restorable until its purge)',
    description:
      'A soft delete: the owner who deleted it can restore it until its purge date (ORGANIZATIONS_PURGE_DAYS later); then an hourly job purges it with everything it holds.',
    auth: { apiKeyPermission: 'organizations:delete' },
    roles: ['owner'],
    answers: { 204: null },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/restore`,
    tag: 'Organizations',
    summary: 'Restore a deleted organization',
    description:
      'Only the owner who deleted it, before its purge date (404 `organizations.not_found` after it). Restoring an organization that is not deleted is a conflict (409 `organizations.not_deleted`) for any member.',
    // Any role passes the guard: a member restoring a live organization gets 409, not 403.
    auth: { apiKeyPermission: 'organizations:delete' },
    answers: { 204: null },
    errors: { 404: ['organizations.not_found'], 409: ['organizations.not_deleted'] },
  }),
};

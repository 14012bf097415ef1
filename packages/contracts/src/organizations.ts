import { z } from 'zod';
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

export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;

/** An organization as the API answers it; deletedAt and scheduledPurgeAt are set once it is deleted. */
export type OrganizationDto = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  scheduledPurgeAt: string | null;
};

/** An entry of GET /api/organizations/deleted: always carries its deletion data. */
export type DeletedOrganizationDto = OrganizationDto & {
  deletedAt: string;
  scheduledPurgeAt: string;
};

/** This domain's endpoints (see endpoint.ts). */
export const organizationsEndpoints = {};

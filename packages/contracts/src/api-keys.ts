import { z } from 'zod';
import { API_KEY_PERMISSIONS } from './permissions';
import { singleLineString } from './text';

export const API_KEY_NAME_MAX_LENGTH = 64;

/**
 * POST /api/api-keys. An empty `organizationIds` list does not restrict the key: it acts in all of
 * its owner's organizations (within its permissions), as `allOrganizations: true` says; the spec's
 * form and existing clients send `organizationIds: []` with `allOrganizations: false` for such a key.
 * A non-empty list restricts the key to those organizations.
 */
export const createApiKeySchema = z
  .strictObject({
    name: singleLineString().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
    permissions: z
      .array(z.enum(API_KEY_PERMISSIONS))
      .min(1)
      .transform((permissions) => [...new Set(permissions)]),
    organizationIds: z.array(z.string().min(1)).default([]),
    allOrganizations: z.boolean().default(false),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .transform((input) => ({
    ...input,
    allOrganizations: input.allOrganizations || input.organizationIds.length === 0,
  }));

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export type ApiKeyDto = {
  id: string;
  name: string;
  permissions: string[];
  organizationIds: string[];
  allOrganizations: boolean;
  prefix: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** This domain's endpoints (see endpoint.ts). */
export const apiKeysEndpoints = {};

import { z } from 'zod';
import { API_KEY_PERMISSIONS } from './permissions';
import { singleLineString } from './text';

export const API_KEY_NAME_MAX_LENGTH = 64;

/** POST /api/api-keys. The web form sends an empty organizationIds list and allOrganizations false. */
export const createApiKeySchema = z.object({
  name: singleLineString().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS))
    .min(1)
    .transform((permissions) => [...new Set(permissions)]),
  organizationIds: z.array(z.string().min(1)).default([]),
  allOrganizations: z.boolean().default(false),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

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

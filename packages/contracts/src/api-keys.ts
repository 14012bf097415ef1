import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { API_KEY_PERMISSIONS, API_KEY_PREFIX_LENGTH, API_KEY_TOKEN_PREFIX } from './permissions';
import { idReferenceSchema, singleLineString } from './text';

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
    organizationIds: z.array(idReferenceSchema).default([]),
    allOrganizations: z.boolean().default(false),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .transform((input) => ({
    ...input,
    allOrganizations: input.allOrganizations || input.organizationIds.length === 0,
  }));

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** An API key as answered: never its token, only the token's first characters. */
export const apiKeySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  /** The organizations it is restricted to; empty when `allOrganizations`. */
  organizationIds: z.array(z.string()),
  allOrganizations: z.boolean(),
  /** The token's first API_KEY_PREFIX_LENGTH characters (`sheaf_` and five more), to recognise it. */
  prefix: z.string(),
  expiresAt: isoDateTime().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type ApiKeyDto = z.infer<typeof apiKeySchema>;

/** POST /api/api-keys: the key, and its token — answered only here, never again. */
export const createdApiKeyAnswerSchema = z.strictObject({
  apiKey: apiKeySchema,
  /** `sheaf_` followed by 64 alphanumerics: `Authorization: Bearer <token>`. */
  token: z.string(),
});

export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyAnswerSchema>;

const TAG = 'API keys';
const SESSION_ONLY = 'A session only: an API key cannot list, create or delete keys.';
const exampleToken = `${API_KEY_TOKEN_PREFIX}aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5kL7nP9rS1tV3xZ5aC7eG9iK1mO3q`;
const exampleApiKey: ApiKeyDto = {
  id: 'ak_0123456789abcdefghijklmn',
  name: 'Scanner upload',
  permissions: ['documents:create', 'documents:read'],
  organizationIds: [],
  allOrganizations: true,
  prefix: exampleToken.slice(0, API_KEY_PREFIX_LENGTH),
  expiresAt: null,
  lastUsedAt: null,
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};

export const apiKeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/api-keys',
    tag: TAG,
    summary: "The signed-in user's API keys (never their token)",
    description: SESSION_ONLY,
    auth: 'session',
    answers: { 200: z.strictObject({ apiKeys: z.array(apiKeySchema) }) },
    example: { answer: { apiKeys: [exampleApiKey] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/api-keys',
    tag: TAG,
    summary: 'Create an API key; its token is answered only here',
    description: `An expiry in the past, or an organization the user is not a member of, is refused (400 \`api.validation_error\` naming the field); a key that reaches an organization requiring two-factor sign-in needs the user to have a second factor (403 \`organization.two_factor_required\`). ${SESSION_ONLY}`,
    auth: 'session',
    body: createApiKeySchema,
    answers: { 201: createdApiKeyAnswerSchema },
    // A key reaching an organization that requires a second factor, created by a user without one.
    errors: { 403: ['organization.two_factor_required'] },
    example: {
      body: {
        name: 'Scanner upload',
        permissions: ['documents:create', 'documents:read'],
        organizationIds: [],
        allOrganizations: false,
        expiresAt: null,
      },
      answer: { apiKey: exampleApiKey, token: exampleToken },
    },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/api-keys/:apiKeyId',
    tag: TAG,
    summary: 'Delete an API key',
    description: `It stops working at once. ${SESSION_ONLY}`,
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['api_keys.not_found'] },
  }),
};

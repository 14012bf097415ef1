export const API_KEY_PERMISSIONS_BY_SECTION = {
  organizations: [
    'organizations:create',
    'organizations:read',
    'organizations:update',
    'organizations:delete',
  ],
  documents: [
    'documents:create',
    'documents:read',
    'documents:update',
    'documents:delete',
    'documents:share',
  ],
  tags: ['tags:create', 'tags:read', 'tags:update', 'tags:delete'],
} as const;

export const API_KEY_PERMISSIONS = [
  ...API_KEY_PERMISSIONS_BY_SECTION.organizations,
  ...API_KEY_PERMISSIONS_BY_SECTION.documents,
  ...API_KEY_PERMISSIONS_BY_SECTION.tags,
] as const;

export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

export const API_KEY_TOKEN_PREFIX = 'sheaf_';
export const API_KEY_TOKEN_RANDOM_LENGTH = 64;
export const API_KEY_PREFIX_LENGTH = 11;

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const INVITATION_ROLES = ['member', 'admin'] as const;

import { createApiKeySchema } from '@sheaf/contracts/api-keys';
import {
  listDeletedDocumentsQuerySchema,
  listDocumentActivityQuerySchema,
  listDocumentsQuerySchema,
  searchDocumentsQuerySchema,
  updateDocumentSchema,
} from '@sheaf/contracts/documents';
import { updateIntakeEmailSchema } from '@sheaf/contracts/intake-emails';
import { inviteMemberSchema } from '@sheaf/contracts/invitations';
import { updateMemberRoleSchema } from '@sheaf/contracts/members';
import { createOrganizationSchema, updateOrganizationSchema } from '@sheaf/contracts/organizations';
import type { ApiKeyPermission } from '@sheaf/contracts/permissions';
import { checkoutSessionBodySchema } from '@sheaf/contracts/subscriptions';
import { taggingRuleInputSchema } from '@sheaf/contracts/tagging-rules';
import { attachTagSchema, tagInputSchema } from '@sheaf/contracts/tags';
import { updateUserSchema } from '@sheaf/contracts/users';
import {
  createWebhookSchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookSchema,
} from '@sheaf/contracts/webhooks';
import type { z } from 'zod';

/** Who may call an operation: nobody signed in, a session only, a session or an API key with a permission, or a signature. */
export type OperationAuth = 'none' | 'session' | { apiKeyPermission: ApiKeyPermission } | 'signature';

export type ApiOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's form (`:organizationId`); the document turns it into `{organizationId}`. */
  path: string;
  tag: string;
  summary: string;
  auth: OperationAuth;
  /** The zod schema the route validates its JSON body with, the same one (one rule, one place). */
  body?: z.ZodType;
  /** A body that is not JSON: the media type and a description of it. */
  rawBody?: { mediaType: string; description: string };
  /** The zod schema of the query string. */
  query?: z.ZodType;
  /** The success status and what it answers. */
  ok: { status: number; description: string; mediaType?: string };
};

const org = (path = '') => `/api/organizations/:organizationId${path}`;
const key = (apiKeyPermission: ApiKeyPermission) => ({ apiKeyPermission });

/**
 * Every route of the API, with the schemas its handler validates with. A test checks that each
 * route the app registers is here, so the document cannot fall behind the code.
 */
export const apiOperations: ApiOperation[] = [
  // Instance
  {
    method: 'GET',
    path: '/api/config',
    tag: 'Instance',
    summary: 'Runtime configuration',
    auth: 'none',
    ok: { status: 200, description: '`{ config }`' },
  },
  {
    method: 'GET',
    path: '/api/health',
    tag: 'Instance',
    summary: 'Health check',
    auth: 'none',
    ok: { status: 200, description: '`{ status, database }`; 503 when the database is unreachable' },
  },

  // Account
  {
    method: 'GET',
    path: '/api/users/me',
    tag: 'Account',
    summary: 'The signed-in user',
    auth: 'session',
    ok: { status: 200, description: '`{ user }`' },
  },
  {
    method: 'PUT',
    path: '/api/users/me',
    tag: 'Account',
    summary: 'Rename the signed-in user',
    auth: 'session',
    body: updateUserSchema,
    ok: { status: 200, description: '`{ user }`' },
  },
  {
    method: 'GET',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: "The user's API keys (never their token)",
    auth: 'session',
    ok: { status: 200, description: '`{ apiKeys }`' },
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: 'Create an API key; its token is answered only here',
    auth: 'session',
    body: createApiKeySchema,
    ok: { status: 201, description: '`{ apiKey, token }`' },
  },
  {
    method: 'DELETE',
    path: '/api/api-keys/:apiKeyId',
    tag: 'API keys',
    summary: 'Delete an API key',
    auth: 'session',
    ok: { status: 204, description: 'Deleted' },
  },

  // Organizations
  {
    method: 'GET',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: "The caller's organizations",
    auth: key('organizations:read'),
    ok: { status: 200, description: '`{ organizations }`' },
  },
  {
    method: 'POST',
    path: '/api/organizations',
    tag: 'Organizations',
    summary: 'Create an organization (the caller owns it)',
    auth: key('organizations:create'),
    body: createOrganizationSchema,
    ok: { status: 201, description: '`{ organization }`' },
  },
  {
    method: 'GET',
    path: '/api/organizations/deleted',
    tag: 'Organizations',
    summary: 'Organizations the caller deleted and can still restore',
    auth: 'session',
    ok: { status: 200, description: '`{ organizations }`' },
  },
  {
    method: 'GET',
    path: org(),
    tag: 'Organizations',
    summary: 'An organization',
    auth: key('organizations:read'),
    ok: { status: 200, description: '`{ organization }`' },
  },
  {
    method: 'PUT',
    path: org(),
    tag: 'Organizations',
    summary: 'Rename an organization',
    auth: key('organizations:update'),
    body: updateOrganizationSchema,
    ok: { status: 200, description: '`{ organization }`' },
  },
  {
    method: 'DELETE',
    path: org(),
    tag: 'Organizations',
    summary: 'Delete an organization (restorable until its purge)',
    auth: key('organizations:delete'),
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'POST',
    path: org('/restore'),
    tag: 'Organizations',
    summary: 'Restore a deleted organization',
    auth: key('organizations:delete'),
    ok: { status: 204, description: 'Restored' },
  },
  {
    method: 'GET',
    path: org('/usage'),
    tag: 'Organizations',
    summary: "The organization's usage against its plan's limits",
    auth: key('organizations:read'),
    ok: { status: 200, description: '`{ usage, limits }`' },
  },
  {
    method: 'GET',
    path: org('/subscription'),
    tag: 'Organizations',
    summary: "The organization's subscription and plan",
    auth: key('organizations:read'),
    ok: { status: 200, description: '`{ subscription, plan }`' },
  },

  {
    method: 'POST',
    path: org('/checkout-session'),
    tag: 'Billing',
    summary: 'Start a Stripe Checkout for a plan (owner; subscriptions enabled)',
    auth: 'session',
    body: checkoutSessionBodySchema,
    ok: { status: 200, description: '`{ checkoutUrl }`' },
  },
  {
    method: 'GET',
    path: org('/customer-portal'),
    tag: 'Billing',
    summary: "Open the organization's Stripe customer portal (owner)",
    auth: 'session',
    ok: { status: 200, description: '`{ customerPortalUrl }`' },
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    tag: 'Billing',
    summary: "Stripe's events (checkout, subscription changes, invoices)",
    auth: 'signature',
    rawBody: {
      mediaType: 'application/json',
      description: 'A Stripe event, verified with the `Stripe-Signature` header.',
    },
    ok: { status: 200, description: '`{ received: true }`' },
  },

  // Members and invitations
  {
    method: 'GET',
    path: org('/members'),
    tag: 'Members',
    summary: 'Members of the organization',
    auth: 'session',
    ok: { status: 200, description: '`{ members }`' },
  },
  {
    method: 'GET',
    path: org('/members/me'),
    tag: 'Members',
    summary: "The caller's membership",
    auth: 'session',
    ok: { status: 200, description: '`{ member }`' },
  },
  {
    method: 'PATCH',
    path: org('/members/:memberId'),
    tag: 'Members',
    summary: "Change a member's role",
    auth: 'session',
    body: updateMemberRoleSchema,
    ok: { status: 200, description: '`{ member }`, the updated member' },
  },
  {
    method: 'DELETE',
    path: org('/members/:memberId'),
    tag: 'Members',
    summary: 'Remove a member, or leave',
    auth: 'session',
    ok: { status: 204, description: 'Removed' },
  },
  {
    method: 'GET',
    path: org('/members/invitations'),
    tag: 'Members',
    summary: "The organization's invitations",
    auth: 'session',
    ok: { status: 200, description: '`{ invitations }`' },
  },
  {
    method: 'POST',
    path: org('/members/invitations'),
    tag: 'Members',
    summary: 'Invite someone by e-mail',
    auth: 'session',
    body: inviteMemberSchema,
    ok: { status: 201, description: '`{ invitation }`' },
  },
  {
    method: 'GET',
    path: '/api/invitations',
    tag: 'Members',
    summary: 'Invitations received by the caller',
    auth: 'session',
    ok: { status: 200, description: '`{ invitations }`' },
  },
  {
    method: 'GET',
    path: '/api/invitations/count',
    tag: 'Members',
    summary: "How many invitations wait for the caller's answer",
    auth: 'session',
    ok: { status: 200, description: '`{ pendingInvitationsCount }`' },
  },
  {
    method: 'POST',
    path: '/api/invitations/:invitationId/accept',
    tag: 'Members',
    summary: 'Accept an invitation',
    auth: 'session',
    ok: { status: 204, description: 'Accepted' },
  },
  {
    method: 'POST',
    path: '/api/invitations/:invitationId/reject',
    tag: 'Members',
    summary: 'Reject an invitation',
    auth: 'session',
    ok: { status: 204, description: 'Rejected' },
  },
  {
    method: 'POST',
    path: '/api/invitations/:invitationId/cancel',
    tag: 'Members',
    summary: 'Cancel an invitation',
    auth: 'session',
    ok: { status: 204, description: 'Cancelled' },
  },
  {
    method: 'POST',
    path: '/api/invitations/:invitationId/resend',
    tag: 'Members',
    summary: 'Send an invitation again',
    auth: 'session',
    ok: { status: 204, description: 'Sent again' },
  },

  // Documents
  {
    method: 'GET',
    path: org('/documents'),
    tag: 'Documents',
    summary: 'Documents, newest first',
    auth: key('documents:read'),
    query: listDocumentsQuerySchema,
    ok: { status: 200, description: '`{ documents, documentsCount }` (no content in list items)' },
  },
  {
    method: 'POST',
    path: org('/documents'),
    tag: 'Documents',
    summary: 'Upload a document',
    auth: key('documents:create'),
    rawBody: {
      mediaType: 'multipart/form-data',
      description: 'One file in the field `file`, streamed to storage.',
    },
    ok: {
      status: 201,
      description: '`{ document }`; 200 when an identical document was restored from the trash',
    },
  },
  {
    method: 'GET',
    path: org('/documents/deleted'),
    tag: 'Documents',
    summary: 'Documents in the trash',
    auth: key('documents:read'),
    query: listDeletedDocumentsQuerySchema,
    ok: { status: 200, description: '`{ documents, documentsCount }`' },
  },
  {
    method: 'GET',
    path: org('/documents/statistics'),
    tag: 'Documents',
    summary: 'Document count and size',
    auth: key('documents:read'),
    ok: { status: 200, description: '`{ organizationStats }`' },
  },
  {
    method: 'GET',
    path: org('/documents/search'),
    tag: 'Documents',
    summary: 'Search names and contents',
    auth: key('documents:read'),
    query: searchDocumentsQuerySchema,
    ok: { status: 200, description: '`{ documents, documentsCount, documentsCountIsCapped }` with snippets' },
  },
  {
    method: 'GET',
    path: org('/documents/:documentId'),
    tag: 'Documents',
    summary: 'A document with its content and tags',
    auth: key('documents:read'),
    ok: { status: 200, description: '`{ document }`' },
  },
  {
    method: 'PATCH',
    path: org('/documents/:documentId'),
    tag: 'Documents',
    summary: 'Rename a document or edit its content',
    auth: key('documents:update'),
    body: updateDocumentSchema,
    ok: { status: 200, description: '`{ document }`' },
  },
  {
    method: 'DELETE',
    path: org('/documents/:documentId'),
    tag: 'Documents',
    summary: 'Move a document to the trash',
    auth: key('documents:delete'),
    ok: { status: 204, description: 'Trashed' },
  },
  {
    method: 'GET',
    path: org('/documents/:documentId/file'),
    tag: 'Documents',
    summary: "The document's file",
    auth: key('documents:read'),
    ok: { status: 200, description: 'The file, streamed', mediaType: 'application/octet-stream' },
  },
  {
    method: 'POST',
    path: org('/documents/:documentId/extraction'),
    tag: 'Documents',
    summary: "Extract the document's text again",
    auth: key('documents:update'),
    ok: { status: 202, description: '`{ document }` with its extraction pending' },
  },
  {
    method: 'POST',
    path: org('/documents/:documentId/restore'),
    tag: 'Documents',
    summary: 'Restore a document from the trash',
    auth: key('documents:delete'),
    ok: { status: 200, description: '`{ document }`' },
  },
  {
    method: 'DELETE',
    path: org('/documents/trash'),
    tag: 'Documents',
    summary: 'Empty the trash',
    auth: key('documents:delete'),
    ok: { status: 204, description: 'Emptied' },
  },
  {
    method: 'DELETE',
    path: org('/documents/trash/:documentId'),
    tag: 'Documents',
    summary: 'Delete a trashed document for good',
    auth: key('documents:delete'),
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'GET',
    path: org('/documents/:documentId/activity'),
    tag: 'Documents',
    summary: "The document's activity, newest first",
    auth: key('documents:read'),
    query: listDocumentActivityQuerySchema,
    ok: { status: 200, description: '`{ activities }`' },
  },

  // Tags
  {
    method: 'GET',
    path: org('/tags'),
    tag: 'Tags',
    summary: "The organization's tags",
    auth: key('tags:read'),
    ok: { status: 200, description: '`{ tags }`' },
  },
  {
    method: 'POST',
    path: org('/tags'),
    tag: 'Tags',
    summary: 'Create a tag',
    auth: key('tags:create'),
    body: tagInputSchema,
    ok: { status: 201, description: '`{ tag }`' },
  },
  {
    method: 'PUT',
    path: org('/tags/:tagId'),
    tag: 'Tags',
    summary: 'Update a tag',
    auth: key('tags:update'),
    body: tagInputSchema,
    ok: { status: 200, description: '`{ tag }`' },
  },
  {
    method: 'DELETE',
    path: org('/tags/:tagId'),
    tag: 'Tags',
    summary: 'Delete a tag',
    auth: key('tags:delete'),
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'POST',
    path: org('/documents/:documentId/tags'),
    tag: 'Tags',
    summary: 'Tag a document',
    auth: key('documents:update'),
    body: attachTagSchema,
    ok: { status: 201, description: '`{ documentTag }`' },
  },
  {
    method: 'DELETE',
    path: org('/documents/:documentId/tags/:tagId'),
    tag: 'Tags',
    summary: 'Untag a document',
    auth: key('documents:update'),
    ok: { status: 204, description: 'Untagged' },
  },

  // Tagging rules
  {
    method: 'GET',
    path: org('/tagging-rules'),
    tag: 'Tagging rules',
    summary: "The organization's tagging rules",
    auth: 'session',
    ok: { status: 200, description: '`{ taggingRules }`' },
  },
  {
    method: 'POST',
    path: org('/tagging-rules'),
    tag: 'Tagging rules',
    summary: 'Create a tagging rule',
    auth: 'session',
    body: taggingRuleInputSchema,
    ok: { status: 201, description: '`{ taggingRule }`' },
  },
  {
    method: 'GET',
    path: org('/tagging-rules/:taggingRuleId'),
    tag: 'Tagging rules',
    summary: 'A tagging rule',
    auth: 'session',
    ok: { status: 200, description: '`{ taggingRule }`' },
  },
  {
    method: 'PUT',
    path: org('/tagging-rules/:taggingRuleId'),
    tag: 'Tagging rules',
    summary: 'Replace a tagging rule',
    auth: 'session',
    body: taggingRuleInputSchema,
    ok: { status: 200, description: '`{ taggingRule }`' },
  },
  {
    method: 'DELETE',
    path: org('/tagging-rules/:taggingRuleId'),
    tag: 'Tagging rules',
    summary: 'Delete a tagging rule',
    auth: 'session',
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'POST',
    path: org('/tagging-rules/:taggingRuleId/apply'),
    tag: 'Tagging rules',
    summary: 'Apply a rule to the existing documents',
    auth: 'session',
    ok: { status: 202, description: '`{ taggingRuleRun }`' },
  },
  {
    method: 'GET',
    path: org('/tagging-rules/:taggingRuleId/runs/:runId'),
    tag: 'Tagging rules',
    summary: 'A run of a rule over the existing documents',
    auth: 'session',
    ok: { status: 200, description: '`{ taggingRuleRun }`' },
  },

  // Webhooks
  {
    method: 'GET',
    path: org('/webhooks'),
    tag: 'Webhooks',
    summary: "The organization's webhooks",
    auth: 'session',
    ok: { status: 200, description: '`{ webhooks }`' },
  },
  {
    method: 'POST',
    path: org('/webhooks'),
    tag: 'Webhooks',
    summary: 'Create a webhook',
    auth: 'session',
    body: createWebhookSchema,
    ok: { status: 201, description: '`{ webhook }`' },
  },
  {
    method: 'GET',
    path: org('/webhooks/:webhookId'),
    tag: 'Webhooks',
    summary: 'A webhook',
    auth: 'session',
    ok: { status: 200, description: '`{ webhook }`' },
  },
  {
    method: 'PUT',
    path: org('/webhooks/:webhookId'),
    tag: 'Webhooks',
    summary: 'Update a webhook',
    auth: 'session',
    body: updateWebhookSchema,
    ok: { status: 200, description: '`{ webhook }`' },
  },
  {
    method: 'DELETE',
    path: org('/webhooks/:webhookId'),
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    auth: 'session',
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'GET',
    path: org('/webhooks/:webhookId/deliveries'),
    tag: 'Webhooks',
    summary: "The webhook's delivery attempts, newest first",
    auth: 'session',
    query: listWebhookDeliveriesQuerySchema,
    ok: { status: 200, description: '`{ deliveries, deliveriesCount }`' },
  },
  {
    method: 'POST',
    path: org('/webhooks/:webhookId/deliveries/:deliveryId/redeliver'),
    tag: 'Webhooks',
    summary: "Send a delivery's event again",
    auth: 'session',
    ok: { status: 202, description: '`{ messageId }`' },
  },
  {
    method: 'POST',
    path: org('/webhooks/:webhookId/test'),
    tag: 'Webhooks',
    summary: 'Send a webhook:test event',
    auth: 'session',
    ok: { status: 202, description: '`{ messageId }`' },
  },

  // Intake e-mail
  {
    method: 'GET',
    path: org('/intake-emails'),
    tag: 'Intake e-mail',
    summary: "The organization's intake addresses",
    auth: 'session',
    ok: { status: 200, description: '`{ intakeEmails }`' },
  },
  {
    method: 'POST',
    path: org('/intake-emails'),
    tag: 'Intake e-mail',
    summary: 'Create an intake address',
    auth: 'session',
    ok: { status: 201, description: '`{ intakeEmail }`' },
  },
  {
    method: 'PUT',
    path: org('/intake-emails/:intakeEmailId'),
    tag: 'Intake e-mail',
    summary: 'Update an intake address',
    auth: 'session',
    body: updateIntakeEmailSchema,
    ok: { status: 200, description: '`{ intakeEmail }`' },
  },
  {
    method: 'DELETE',
    path: org('/intake-emails/:intakeEmailId'),
    tag: 'Intake e-mail',
    summary: 'Delete an intake address',
    auth: 'session',
    ok: { status: 204, description: 'Deleted' },
  },
  {
    method: 'GET',
    path: org('/intake-emails/:intakeEmailId/messages'),
    tag: 'Intake e-mail',
    summary: 'Messages the address received',
    auth: 'session',
    ok: { status: 200, description: '`{ messages }`' },
  },
  {
    method: 'POST',
    path: '/api/intake-emails/ingest',
    tag: 'Intake e-mail',
    summary: 'Mail from an e-mail worker or relay',
    auth: 'signature',
    rawBody: {
      mediaType: 'multipart/form-data',
      description:
        'A field `email` holding JSON (`from`, `to`, `cc`, `subject`, `messageId`) and files under `attachments[]`; header `X-Signature`: base64 HMAC-SHA256 of the raw body.',
    },
    ok: { status: 202, description: 'Accepted' },
  },
];

/**
 * better-auth's own routes (served under `/api/auth/*`): the ones a client of Sheaf calls,
 * described by hand since better-auth validates them itself.
 */
export const authOperations: ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    tag: 'Authentication',
    summary: 'Create an account with an e-mail and a password',
    auth: 'none',
    rawBody: { mediaType: 'application/json', description: '`{ name, email, password }`' },
    ok: { status: 200, description: '`{ token, user }`' },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    tag: 'Authentication',
    summary: 'Sign in with an e-mail and a password',
    auth: 'none',
    rawBody: { mediaType: 'application/json', description: '`{ email, password, rememberMe? }`' },
    ok: { status: 200, description: '`{ token, user }` and the session cookie' },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    tag: 'Authentication',
    summary: 'Start a sign-in with Google, GitHub or a custom provider',
    auth: 'none',
    rawBody: { mediaType: 'application/json', description: '`{ provider, callbackURL? }`' },
    ok: { status: 200, description: "`{ url }` of the provider's authorization page" },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    tag: 'Authentication',
    summary: 'Sign out',
    auth: 'session',
    ok: { status: 200, description: '`{ success }`' },
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    tag: 'Authentication',
    summary: 'The current session and user, or null',
    auth: 'none',
    ok: { status: 200, description: '`{ session, user }` or null' },
  },
];

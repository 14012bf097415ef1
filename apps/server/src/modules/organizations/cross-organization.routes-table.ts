import type { Database } from '../../db/database.types';

/**
 * The table behind `cross-organization.test.ts`: every route that reaches an organization's
 * data. For each, a signed-in non-member and an API key with every permission but scoped to
 * another organization must be refused, and the organization's rows must not change.
 *
 * Later modules append their routes here (and, when a route needs an item id, create that item
 * in the test's fixture and add its table to `crossOrganizationSnapshotTables`). The test also
 * fails when a route under `/api/organizations/:organizationId` is registered but missing here.
 */
export type CrossOrganizationRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Path template. `:organizationId` is the victim organization; other `:name` placeholders are
   * ids from the test fixture (`memberId`, `invitationId`, `cancelledInvitationId`…). Parameters
   * may be named differently from the registered route (`:cancelledInvitationId` for `:invitationId`).
   */
  path: string;
  /**
   * A body that would succeed for an authorized caller, so only the access check refuses it.
   * String values that are exactly `:name` are replaced by that fixture id, like in `path`.
   */
  body?: unknown;
  /**
   * What a signed-in non-member gets: 403 on organization routes; 404 on routes that find the
   * organization through an item id (e.g. /api/invitations/:invitationId/cancel). API keys always get 403.
   */
  nonMemberStatus?: 403 | 404;
};

export const crossOrganizationRoutes: CrossOrganizationRoute[] = [
  // Organizations
  { method: 'GET', path: '/api/organizations/:organizationId' },
  { method: 'PUT', path: '/api/organizations/:organizationId', body: { name: 'Taken over' } },
  { method: 'DELETE', path: '/api/organizations/:organizationId' },
  { method: 'POST', path: '/api/organizations/:organizationId/restore' },
  // Members
  { method: 'GET', path: '/api/organizations/:organizationId/members' },
  { method: 'GET', path: '/api/organizations/:organizationId/members/me' },
  { method: 'PATCH', path: '/api/organizations/:organizationId/members/:memberId', body: { role: 'admin' } },
  { method: 'DELETE', path: '/api/organizations/:organizationId/members/:memberId' },
  // Invitations
  { method: 'GET', path: '/api/organizations/:organizationId/members/invitations' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/members/invitations',
    body: { email: 'intruder-invite@example.com', role: 'admin' },
  },
  { method: 'POST', path: '/api/invitations/:invitationId/cancel', nonMemberStatus: 404 },
  { method: 'POST', path: '/api/invitations/:cancelledInvitationId/resend', nonMemberStatus: 404 },
  { method: 'POST', path: '/api/invitations/:invitationId/accept', nonMemberStatus: 404 },
  { method: 'POST', path: '/api/invitations/:invitationId/reject', nonMemberStatus: 404 },
  // Documents (`:documentId` is active in the victim organization, `:trashedDocumentId` in its trash)
  { method: 'GET', path: '/api/organizations/:organizationId/documents' },
  // The body is JSON here: the access check must refuse before the upload is read at all.
  { method: 'POST', path: '/api/organizations/:organizationId/documents', body: { file: 'x' } },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/deleted' },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/statistics' },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/search' },
  { method: 'DELETE', path: '/api/organizations/:organizationId/documents/trash' },
  { method: 'DELETE', path: '/api/organizations/:organizationId/documents/trash/:trashedDocumentId' },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/:documentId' },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/:documentId/file' },
  { method: 'GET', path: '/api/organizations/:organizationId/documents/:documentId/activity' },
  { method: 'POST', path: '/api/organizations/:organizationId/documents/:documentId/extraction' },
  {
    method: 'PATCH',
    path: '/api/organizations/:organizationId/documents/:documentId',
    body: { name: 'Taken over.pdf', content: 'defaced' },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/documents/:documentId' },
  { method: 'POST', path: '/api/organizations/:organizationId/documents/:trashedDocumentId/restore' },
  // Tags (`:tagId` is a tag of the victim organization not on `:documentId`, `:attachedTagId` one on it)
  { method: 'GET', path: '/api/organizations/:organizationId/tags' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/tags',
    body: { name: 'Intruder tag', color: '#ff0000' },
  },
  {
    method: 'PUT',
    path: '/api/organizations/:organizationId/tags/:tagId',
    body: { name: 'Taken over', color: '#000000', description: 'defaced' },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/tags/:tagId' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/documents/:documentId/tags',
    body: { tagId: ':tagId' },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/documents/:documentId/tags/:attachedTagId' },
  // Tagging rules (`:taggingRuleId` is a rule of the victim organization)
  { method: 'GET', path: '/api/organizations/:organizationId/tagging-rules' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/tagging-rules',
    body: { name: 'Intruder rule', conditions: [], tagIds: [':tagId'] },
  },
  { method: 'GET', path: '/api/organizations/:organizationId/tagging-rules/:taggingRuleId' },
  {
    method: 'PUT',
    path: '/api/organizations/:organizationId/tagging-rules/:taggingRuleId',
    body: { name: 'Taken over', conditions: [], tagIds: [':tagId'] },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/tagging-rules/:taggingRuleId' },
  { method: 'POST', path: '/api/organizations/:organizationId/tagging-rules/:taggingRuleId/apply' },
  {
    method: 'GET',
    path: '/api/organizations/:organizationId/tagging-rules/:taggingRuleId/runs/:taggingRuleRunId',
  },
  // Webhooks (`:webhookId` is a webhook of the victim organization, `:webhookDeliveryId` one of its deliveries)
  { method: 'GET', path: '/api/organizations/:organizationId/webhooks' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/webhooks',
    body: { name: 'Intruder hook', url: 'https://93.184.215.14/steal', events: ['document:created'] },
  },
  { method: 'GET', path: '/api/organizations/:organizationId/webhooks/:webhookId' },
  {
    method: 'PUT',
    path: '/api/organizations/:organizationId/webhooks/:webhookId',
    body: { url: 'https://93.184.215.14/steal', secret: '' },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/webhooks/:webhookId' },
  { method: 'GET', path: '/api/organizations/:organizationId/webhooks/:webhookId/deliveries' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/webhooks/:webhookId/deliveries/:webhookDeliveryId/redeliver',
  },
  { method: 'POST', path: '/api/organizations/:organizationId/webhooks/:webhookId/test' },
  // Intake e-mail (`:intakeEmailId` is an address of the victim organization, with one logged message)
  { method: 'GET', path: '/api/organizations/:organizationId/intake-emails' },
  { method: 'POST', path: '/api/organizations/:organizationId/intake-emails' },
  {
    method: 'PUT',
    path: '/api/organizations/:organizationId/intake-emails/:intakeEmailId',
    body: { isEnabled: true, allowedOrigins: ['intruder@example.com'] },
  },
  { method: 'DELETE', path: '/api/organizations/:organizationId/intake-emails/:intakeEmailId' },
  { method: 'GET', path: '/api/organizations/:organizationId/intake-emails/:intakeEmailId/messages' },
  // Plans and usage
  { method: 'GET', path: '/api/organizations/:organizationId/subscription' },
  { method: 'GET', path: '/api/organizations/:organizationId/usage' },
  {
    method: 'POST',
    path: '/api/organizations/:organizationId/checkout-session',
    body: { planId: 'plus', billingInterval: 'annual' },
  },
  { method: 'GET', path: '/api/organizations/:organizationId/customer-portal' },
];

/** Tables holding an organization's data, and the column naming the organization. */
export const crossOrganizationSnapshotTables: Array<{ table: keyof Database; organizationColumn: string }> = [
  { table: 'organizations', organizationColumn: 'id' },
  { table: 'organization_members', organizationColumn: 'organization_id' },
  { table: 'organization_invitations', organizationColumn: 'organization_id' },
  { table: 'api_key_organizations', organizationColumn: 'organization_id' },
  { table: 'documents', organizationColumn: 'organization_id' },
  { table: 'document_activities', organizationColumn: 'organization_id' },
  { table: 'tags', organizationColumn: 'organization_id' },
  { table: 'tagging_rules', organizationColumn: 'organization_id' },
  { table: 'tagging_rule_runs', organizationColumn: 'organization_id' },
  { table: 'webhooks', organizationColumn: 'organization_id' },
  { table: 'webhook_messages', organizationColumn: 'organization_id' },
  { table: 'webhook_deliveries', organizationColumn: 'organization_id' },
  { table: 'intake_emails', organizationColumn: 'organization_id' },
  { table: 'intake_email_messages', organizationColumn: 'organization_id' },
  { table: 'organization_stripe_customers', organizationColumn: 'organization_id' },
  { table: 'organization_subscriptions', organizationColumn: 'organization_id' },
];

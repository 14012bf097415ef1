import type { Database } from '../../db/database.types';

/**
 * The fixtures behind `cross-organization.test.ts`. The test walks the endpoint catalogue: every
 * endpoint under `/api/organizations/:organizationId`, and those listed in
 * `itemScopedEndpointKeys`. For each, a signed-in non-member and API keys with every permission but
 * scoped elsewhere must be refused, and the organization's rows must not change. Only what the
 * catalogue cannot know is written here: bodies that would succeed for an authorized caller, and
 * which fixture id fills a path parameter when it is not the one of the parameter's own name.
 */
export type CrossOrganizationCase = {
  /**
   * Path parameters filled from another fixture id than the one of their name
   * (`{ documentId: 'trashedDocumentId' }`). The test's fixture has `organizationId`, `memberId`,
   * `invitationId`, `cancelledInvitationId`, `documentId`, `trashedDocumentId`, `tagId`,
   * `attachedTagId`, `propertyId` (a text property with a value on `documentId`), `noteId` (a note on
   * `documentId`), `savedViewId` (a shared view), `taggingRuleId`, `taggingRuleRunId`, `webhookId`, `webhookDeliveryId`, `intakeEmailId`.
   */
  params?: Record<string, string>;
  /**
   * A body that would succeed for an authorized caller, so only the access check refuses it.
   * String values that are exactly `:name` are replaced by that fixture id.
   */
  body?: unknown;
  /**
   * What a signed-in non-member gets: 403 on organization routes; 404 on routes that find the
   * organization through an item id (e.g. /api/invitations/:invitationId/cancel). API keys always get 403.
   */
  nonMemberStatus?: 403 | 404;
};

const ORGANIZATION = '/api/organizations/:organizationId';

/** Endpoints outside `/api/organizations/:organizationId` that reach an organization through an item id. */
export const itemScopedEndpointKeys = [
  'POST /api/invitations/:invitationId/cancel',
  'POST /api/invitations/:invitationId/resend',
  'POST /api/invitations/:invitationId/accept',
  'POST /api/invitations/:invitationId/reject',
];

/** By `METHOD path` of the catalogue entry. */
export const crossOrganizationCases: Record<string, CrossOrganizationCase> = {
  [`PUT ${ORGANIZATION}`]: { body: { name: 'Taken over' } },
  [`PATCH ${ORGANIZATION}/members/:memberId`]: { body: { role: 'admin' } },
  [`POST ${ORGANIZATION}/members/invitations`]: {
    body: { email: 'intruder-invite@example.com', role: 'admin' },
  },
  'POST /api/invitations/:invitationId/cancel': { nonMemberStatus: 404 },
  'POST /api/invitations/:invitationId/resend': {
    params: { invitationId: 'cancelledInvitationId' },
    nonMemberStatus: 404,
  },
  'POST /api/invitations/:invitationId/accept': { nonMemberStatus: 404 },
  'POST /api/invitations/:invitationId/reject': { nonMemberStatus: 404 },
  // The body is JSON here: the access check must refuse before the upload is read at all.
  [`POST ${ORGANIZATION}/documents`]: { body: { file: 'x' } },
  [`DELETE ${ORGANIZATION}/documents/trash/:documentId`]: { params: { documentId: 'trashedDocumentId' } },
  [`PATCH ${ORGANIZATION}/documents/:documentId`]: { body: { name: 'Taken over.pdf', content: 'defaced' } },
  [`POST ${ORGANIZATION}/documents/:documentId/restore`]: { params: { documentId: 'trashedDocumentId' } },
  // `:tagId` is a tag of the victim organization not on `:documentId`, `:attachedTagId` one on it.
  [`POST ${ORGANIZATION}/tags`]: { body: { name: 'Intruder tag', color: '#ff0000' } },
  [`PUT ${ORGANIZATION}/tags/:tagId`]: {
    body: { name: 'Taken over', color: '#000000', description: 'defaced' },
  },
  [`POST ${ORGANIZATION}/documents/:documentId/tags`]: { body: { tagId: ':tagId' } },
  [`DELETE ${ORGANIZATION}/documents/:documentId/tags/:tagId`]: { params: { tagId: 'attachedTagId' } },
  [`POST ${ORGANIZATION}/documents/:documentId/notes`]: { body: { content: 'Intruder note' } },
  [`PATCH ${ORGANIZATION}/documents/:documentId/notes/:noteId`]: { body: { content: 'Taken over' } },
  [`POST ${ORGANIZATION}/properties`]: { body: { name: 'Intruder property', type: 'text' } },
  [`PATCH ${ORGANIZATION}/properties/:propertyId`]: { body: { name: 'Taken over' } },
  [`PUT ${ORGANIZATION}/documents/:documentId/properties/:propertyId`]: { body: { value: 'defaced' } },
  [`POST ${ORGANIZATION}/saved-views`]: { body: { name: 'Intruder view', filters: { tags: [':tagId'] } } },
  [`PATCH ${ORGANIZATION}/saved-views/:savedViewId`]: { body: { name: 'Taken over', isPinned: true } },
  [`POST ${ORGANIZATION}/tagging-rules`]: {
    body: { name: 'Intruder rule', conditions: [], tagIds: [':tagId'] },
  },
  [`PUT ${ORGANIZATION}/tagging-rules/:taggingRuleId`]: {
    body: { name: 'Taken over', conditions: [], tagIds: [':tagId'] },
  },
  [`GET ${ORGANIZATION}/tagging-rules/:taggingRuleId/runs/:runId`]: { params: { runId: 'taggingRuleRunId' } },
  [`POST ${ORGANIZATION}/webhooks`]: {
    body: { name: 'Intruder hook', url: 'https://93.184.215.14/steal', events: ['document:created'] },
  },
  [`PUT ${ORGANIZATION}/webhooks/:webhookId`]: { body: { url: 'https://93.184.215.14/steal', secret: '' } },
  [`POST ${ORGANIZATION}/webhooks/:webhookId/deliveries/:deliveryId/redeliver`]: {
    params: { deliveryId: 'webhookDeliveryId' },
  },
  [`PUT ${ORGANIZATION}/intake-emails/:intakeEmailId`]: {
    body: { isEnabled: true, allowedOrigins: ['intruder@example.com'] },
  },
  [`POST ${ORGANIZATION}/checkout-session`]: { body: { planId: 'plus', billingInterval: 'annual' } },
  // Bulk: a body an authorized member could run; a task id is never found before the access check.
  [`POST ${ORGANIZATION}/documents/bulk`]: { body: { action: 'trash', documentIds: [':documentId'] } },
  [`GET ${ORGANIZATION}/tasks/:taskId`]: { params: { taskId: 'documentId' } },
  [`GET ${ORGANIZATION}/tasks/:taskId/download`]: { params: { taskId: 'documentId' } },
  [`POST ${ORGANIZATION}/tasks/:taskId/undo`]: { params: { taskId: 'documentId' } },
  [`POST ${ORGANIZATION}/documents/:documentId/share-links`]: {
    body: { expiresIn: 'never', password: null, allowDownload: true },
  },
  // The fixture has no share link: any id of the victim's works, the access check refuses first.
  [`DELETE ${ORGANIZATION}/share-links/:shareLinkId`]: { params: { shareLinkId: 'noteId' } },
  [`PUT ${ORGANIZATION}/share-link-settings`]: { body: { isEnabled: false } },
  // Paperless-ngx imports: the access check refuses before the upload is read; the fixture has no
  // import, any id of the victim's works.
  [`POST ${ORGANIZATION}/paperless-imports`]: { body: { file: 'x' } },
  [`POST ${ORGANIZATION}/paperless-imports/from-folder`]: { body: { path: '/tmp' } },
  [`GET ${ORGANIZATION}/paperless-imports/:importId`]: { params: { importId: 'noteId' } },
  [`GET ${ORGANIZATION}/paperless-imports/:importId/report`]: { params: { importId: 'noteId' } },
  [`POST ${ORGANIZATION}/paperless-imports/:importId/cancel`]: { params: { importId: 'noteId' } },
};

/** Tables holding an organization's data, and the column naming the organization. */
export const crossOrganizationSnapshotTables: Array<{ table: keyof Database; organizationColumn: string }> = [
  { table: 'organizations', organizationColumn: 'id' },
  { table: 'organization_members', organizationColumn: 'organization_id' },
  { table: 'organization_invitations', organizationColumn: 'organization_id' },
  { table: 'api_key_organizations', organizationColumn: 'organization_id' },
  { table: 'documents', organizationColumn: 'organization_id' },
  { table: 'document_activities', organizationColumn: 'organization_id' },
  { table: 'document_notes', organizationColumn: 'organization_id' },
  { table: 'property_definitions', organizationColumn: 'organization_id' },
  { table: 'saved_views', organizationColumn: 'organization_id' },
  { table: 'saved_view_pins', organizationColumn: 'organization_id' },
  { table: 'saved_view_defaults', organizationColumn: 'organization_id' },
  { table: 'document_property_values', organizationColumn: 'organization_id' },
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
  { table: 'bulk_tasks', organizationColumn: 'organization_id' },
  { table: 'share_links', organizationColumn: 'organization_id' },
  { table: 'share_link_settings', organizationColumn: 'organization_id' },
  { table: 'paperless_imports', organizationColumn: 'organization_id' },
  { table: 'paperless_import_documents', organizationColumn: 'organization_id' },
];

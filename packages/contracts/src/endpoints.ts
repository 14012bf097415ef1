import { accountSecurityEndpoints } from './account-security';
import { apiKeysEndpoints } from './api-keys';
import { authEndpoints } from './auth';
import { bulkEndpoints } from './bulk';
import { configEndpoints } from './config';
import { documentEventsEndpoints } from './document-events';
import { documentsEndpoints } from './documents';
import type { EndpointDefinition } from './endpoint';
import { healthEndpoints } from './health';
import { ingestionFoldersEndpoints } from './ingestion-folders';
import { intakeEmailsEndpoints } from './intake-emails';
import { invitationsEndpoints } from './invitations';
import { membersEndpoints } from './members';
import { notesEndpoints } from './notes';
import { organizationsEndpoints } from './organizations';
import { paperlessImportsEndpoints } from './paperless-imports';
import { propertiesEndpoints } from './properties';
import { savedViewsEndpoints } from './saved-views';
import { searchEndpoints } from './search';
import { shareLinksEndpoints } from './share-links';
import { subscriptionsEndpoints } from './subscriptions';
import { taggingRulesEndpoints } from './tagging-rules';
import { tagsEndpoints } from './tags';
import { usersEndpoints } from './users';
import { webhooksEndpoints } from './webhooks';

/** The catalogue: every endpoint of the API, by domain. */
export const endpointGroups = {
  config: configEndpoints,
  health: healthEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  accountSecurity: accountSecurityEndpoints,
  apiKeys: apiKeysEndpoints,
  organizations: organizationsEndpoints,
  members: membersEndpoints,
  invitations: invitationsEndpoints,
  documents: documentsEndpoints,
  documentEvents: documentEventsEndpoints,
  bulk: bulkEndpoints,
  search: searchEndpoints,
  properties: propertiesEndpoints,
  notes: notesEndpoints,
  savedViews: savedViewsEndpoints,
  tags: tagsEndpoints,
  taggingRules: taggingRulesEndpoints,
  subscriptions: subscriptionsEndpoints,
  webhooks: webhooksEndpoints,
  intakeEmails: intakeEmailsEndpoints,
  shareLinks: shareLinksEndpoints,
  ingestionFolders: ingestionFoldersEndpoints,
  paperlessImports: paperlessImportsEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

/** Every endpoint, flat. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpointGroups).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);

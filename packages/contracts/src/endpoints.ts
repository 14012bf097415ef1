import { accountSecurityEndpoints } from './account-security';
import { apiKeysEndpoints } from './api-keys';
import { authEndpoints } from './auth';
import { configEndpoints } from './config';
import { documentsEndpoints } from './documents';
import type { EndpointDefinition } from './endpoint';
import { healthEndpoints } from './health';
import { intakeEmailsEndpoints } from './intake-emails';
import { invitationsEndpoints } from './invitations';
import { membersEndpoints } from './members';
import { notesEndpoints } from './notes';
import { organizationsEndpoints } from './organizations';
import { propertiesEndpoints } from './properties';
import { searchEndpoints } from './search';
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
  search: searchEndpoints,
  properties: propertiesEndpoints,
  notes: notesEndpoints,
  tags: tagsEndpoints,
  taggingRules: taggingRulesEndpoints,
  subscriptions: subscriptionsEndpoints,
  webhooks: webhooksEndpoints,
  intakeEmails: intakeEmailsEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

/** Every endpoint, flat. */
export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpointGroups).flatMap(
  (group): EndpointDefinition[] => Object.values(group),
);

import type { Config } from '../config/config';
import type { AppDatabase } from '../db/database';
import { createApiKeysUsecases } from '../modules/api-keys/api-keys.usecases';
import { createAuth } from '../modules/auth/auth';
import { createRequireAuth } from '../modules/auth/auth.middleware';
import type { EmailDriver } from '../modules/emails/emails.driver';
import { createEmailsService } from '../modules/emails/emails.service';
import { registerInvitationsJobs } from '../modules/invitations/invitations.jobs';
import { createInvitationsUsecases } from '../modules/invitations/invitations.usecases';
import type { JobQueue } from '../modules/jobs/jobs.queue';
import { createMembersUsecases } from '../modules/members/members.usecases';
import { registerOrganizationsJobs } from '../modules/organizations/organizations.jobs';
import { createRequireOrganizationMember } from '../modules/organizations/organizations.middleware';
import { createOrganizationsUsecases } from '../modules/organizations/organizations.usecases';
import { createUsersUsecases } from '../modules/users/users.usecases';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';

/**
 * Builds every domain service once, from the process's (or a test's) database, clock, queue
 * and mailer. createApp routes requests to them; workers run their jobs.
 */
export function createServices({
  config,
  database,
  logger,
  clock,
  jobQueue,
  authSecret,
  emailDriver,
}: {
  config: Config;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  jobQueue: JobQueue;
  authSecret: string;
  emailDriver?: EmailDriver;
}) {
  const emails = createEmailsService({
    config,
    jobQueue,
    logger: logger.child({ component: 'emails' }),
    ...(emailDriver ? { driver: emailDriver } : {}),
  });
  const users = createUsersUsecases({
    database,
    clock,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
  });
  const auth = createAuth({ config, database, secret: authSecret, emails, users, logger });
  const apiKeys = createApiKeysUsecases({ database, clock });
  const requireAuth = createRequireAuth({ auth, apiKeys });
  const organizations = createOrganizationsUsecases({
    database,
    clock,
    maxOrganizationsPerUser: config.env.MAX_ORGANIZATIONS_PER_USER,
    organizationsPurgeDays: config.env.ORGANIZATIONS_PURGE_DAYS,
  });
  registerOrganizationsJobs({ jobQueue, organizations });
  const requireOrganizationMember = createRequireOrganizationMember({ requireAuth, organizations });
  const members = createMembersUsecases({ database, clock });
  const invitations = createInvitationsUsecases({
    database,
    clock,
    emails,
    organizations,
    maxInvitationsPerDay: config.env.MAX_INVITATIONS_PER_DAY,
    invitationExpirationDays: config.env.INVITATION_EXPIRATION_DAYS,
    isSubscriptionsEnabled: config.env.SUBSCRIPTIONS_IS_ENABLED,
  });
  registerInvitationsJobs({ jobQueue, invitations });
  return {
    emails,
    auth,
    apiKeys,
    users,
    organizations,
    members,
    invitations,
    requireAuth,
    requireOrganizationMember,
  };
}

export type Services = ReturnType<typeof createServices>;

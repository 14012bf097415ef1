import type { AppDatabase } from '../../db/database';
import { lockRow } from '../../db/locks';
import type { Actor, OrganizationMembership } from '../../shared/app.types';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { createApiError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { createForbiddenError } from '../auth/auth.errors.http';
import {
  createMaxOrganizationCountReachedError,
  createOrganizationNotDeletedError,
  createOrganizationNotRestorableError,
} from './organizations.errors';
import {
  DAY_MS,
  isDeletedOrganizationRow,
  toDeletedOrganizationDto,
  toOrganizationDto,
} from './organizations.models';
import { createOrganizationsRepository } from './organizations.repository';

/**
 * One step of purging an organization, run before its row (and everything referencing it by
 * foreign key) is deleted. Steps must be idempotent: a failed purge runs again later. Later
 * modules register theirs (e.g. removing the organization's stored files) with `addPurgeStep`.
 */
export type OrganizationPurgeStep = (args: { organizationId: string; logger: Logger }) => Promise<void>;

/** How many due organizations one run of the purge job handles. */
const PURGE_BATCH_SIZE = 50;

export function createOrganizationsUsecases({
  database,
  clock = systemClock,
  maxOrganizationsPerUser = 10,
  organizationsPurgeDays = 30,
  purgeSteps = [],
  hasSecondFactor = async () => false,
}: {
  database: AppDatabase;
  clock?: Clock;
  maxOrganizationsPerUser?: number;
  organizationsPurgeDays?: number;
  purgeSteps?: OrganizationPurgeStep[];
  /** Whether a user has two-factor sign-in or a passkey (account-security's usecase). */
  hasSecondFactor?: (input: { userId: string }) => Promise<boolean>;
}) {
  const repository = createOrganizationsRepository({ db: database.db });
  const steps = [...purgeSteps];

  return {
    /** The caller's organizations; an API key sees only those it is scoped to. */
    async listOrganizations({ actor }: { actor: Actor }) {
      const rows = await repository.listUserOrganizations({ userId: actor.userId });
      const visible =
        actor.kind === 'api-key' && !actor.apiKey.allOrganizations
          ? rows.filter((row) => actor.apiKey.organizationIds.includes(row.id))
          : rows;
      return visible.map(toOrganizationDto);
    },

    /**
     * Creates an organization whose owner is the caller, within the per-user ownership limit. The
     * count and the insert share a transaction holding the user's row lock, so concurrent
     * creations by one user cannot all pass the check.
     */
    async createOrganization({ userId, name }: { userId: string; name: string }) {
      const now = toTimestamp(clock.now());
      const organization = {
        id: generateId('org'),
        name,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        deleted_by: null,
        scheduled_purge_at: null,
        requires_two_factor: 0,
      };
      await database.db.transaction().execute(async (trx) => {
        const repo = createOrganizationsRepository({ db: trx });
        await lockRow(trx, 'users', userId);
        const owned = await repo.countOwnedOrganizations({ userId });
        if (owned >= maxOrganizationsPerUser)
          throw createMaxOrganizationCountReachedError(maxOrganizationsPerUser);
        await repo.insertOrganizationWithOwner({
          organization,
          owner: {
            id: generateId('mem'),
            organization_id: organization.id,
            user_id: userId,
            role: 'owner',
            created_at: now,
            updated_at: now,
          },
        });
      });
      return toOrganizationDto(organization);
    },

    async getOrganization({ organizationId }: { organizationId: string }) {
      const row = await repository.getOrganizationById({ organizationId });
      // The membership guard already checked it exists and is not deleted.
      if (!row) throw createForbiddenError();
      return toOrganizationDto(row);
    },

    async renameOrganization({ organizationId, name }: { organizationId: string; name: string }) {
      await repository.renameOrganization({ organizationId, name, now: toTimestamp(clock.now()) });
      const row = await repository.getOrganizationById({ organizationId });
      if (!row) throw createForbiddenError();
      return toOrganizationDto(row);
    },

    /**
     * Turns the second-factor policy on or off. Nobody turns it on without a second factor of
     * their own: they would lock themselves out with everyone else.
     */
    async setSecurityPolicy({
      membership,
      requiresTwoFactor,
    }: {
      membership: OrganizationMembership;
      requiresTwoFactor: boolean;
    }) {
      if (requiresTwoFactor && !(await hasSecondFactor({ userId: membership.userId }))) {
        throw createApiError('organization.two_factor_not_set_up');
      }
      await repository.setRequiresTwoFactor({
        organizationId: membership.organizationId,
        requiresTwoFactor,
        now: toTimestamp(clock.now()),
      });
      const row = await repository.getOrganizationById({ organizationId: membership.organizationId });
      if (!row) throw createForbiddenError();
      return toOrganizationDto(row);
    },

    /** The organizations among these that require a second factor of their members. */
    async listRequiringTwoFactor({ organizationIds }: { organizationIds: string[] }) {
      return repository.listRequiringTwoFactor({ organizationIds });
    },

    /** Soft delete by the owner: restorable until deletedAt + ORGANIZATIONS_PURGE_DAYS. */
    async deleteOrganization({ membership }: { membership: OrganizationMembership }) {
      if (membership.role !== 'owner')
        throw createForbiddenError('Only the owner can delete the organization.');
      const now = clock.now();
      await repository.softDeleteOrganization({
        organizationId: membership.organizationId,
        deletedBy: membership.userId,
        now: toTimestamp(now),
        scheduledPurgeAt: toTimestamp(addMilliseconds(now, organizationsPurgeDays * DAY_MS)),
      });
    },

    /** The organizations the user deleted that are not purged yet, most recently deleted first. */
    async listDeletedOrganizations({ userId }: { userId: string }) {
      const rows = await repository.listDeletedByUser({ userId, now: toTimestamp(clock.now()) });
      return rows.filter(isDeletedOrganizationRow).map(toDeletedOrganizationDto);
    },

    /**
     * Restores a deleted organization: only its owner who deleted it, before the purge date.
     * Restoring an organization that is not deleted is a conflict (409), for any member.
     */
    async restoreOrganization({ organizationId, userId }: { organizationId: string; userId: string }) {
      const membership = await repository.findMembership({ organizationId, userId, includeDeleted: true });
      if (!membership) throw createForbiddenError();
      if (membership.organization_deleted_at === null) throw createOrganizationNotDeletedError();
      if (membership.role !== 'owner' || membership.organization_deleted_by !== userId) {
        throw createForbiddenError('Only the owner who deleted the organization can restore it.');
      }
      const restored = await repository.restoreOrganization({
        organizationId,
        now: toTimestamp(clock.now()),
      });
      if (!restored) throw createOrganizationNotRestorableError();
    },

    /**
     * The caller's membership in an organization (not deleted, unless `includeDeleted`), or
     * undefined. Used by the organization access guard.
     */
    async findMembership({
      organizationId,
      userId,
      includeDeleted = false,
    }: {
      organizationId: string;
      userId: string;
      includeDeleted?: boolean;
    }): Promise<OrganizationMembership | undefined> {
      const row = await repository.findMembership({ organizationId, userId, includeDeleted });
      if (!row) return undefined;
      return {
        id: row.id,
        organizationId: row.organization_id,
        userId: row.user_id,
        role: row.role,
        createdAt: row.created_at,
        organizationRequiresTwoFactor: row.organization_requires_two_factor === 1,
      };
    },

    /** Registers a step run for each organization before it is purged (see OrganizationPurgeStep). */
    addPurgeStep(step: OrganizationPurgeStep) {
      steps.push(step);
    },

    /**
     * Hard-deletes the deleted organizations whose purge date has come, with everything they
     * hold. Returns how many were purged. Safe to run again after a failure.
     */
    async purgeDueOrganizations({ logger }: { logger: Logger }) {
      let purged = 0;
      for (;;) {
        const now = toTimestamp(clock.now());
        const organizationIds = await repository.listOrganizationIdsDueForPurge({
          now,
          limit: PURGE_BATCH_SIZE,
        });
        let purgedInBatch = 0;
        for (const organizationId of organizationIds) {
          for (const step of steps) await step({ organizationId, logger });
          if (await repository.deletePurgeableOrganization({ organizationId, now })) {
            purgedInBatch++;
            logger.info({ organizationId }, 'Organization purged');
          }
        }
        purged += purgedInBatch;
        if (organizationIds.length < PURGE_BATCH_SIZE || purgedInBatch === 0) return purged;
      }
    },
  };
}

export type OrganizationsUsecases = ReturnType<typeof createOrganizationsUsecases>;

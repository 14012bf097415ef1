import type { InvitationRole } from '@sheaf/contracts/invitations';
import { canManageMembers } from '@sheaf/contracts/members';
import { PLANS } from '@sheaf/contracts/plans';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, OrganizationInvitationsTable, Timestamp } from '../../db/database.types';
import { lockRow } from '../../db/locks';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Actor, OrganizationMembership } from '../../shared/app.types';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { createForbiddenError } from '../auth/auth.errors.http';
import type { EmailsService } from '../emails/emails.service';
import type { OrganizationsUsecases } from '../organizations/organizations.usecases';
import {
  createInvitationAlreadyExistsError,
  createInvitationInvalidStatusError,
  createInvitationLimitReachedError,
  createInvitationNotFoundError,
  createMaxMembersCountReachedError,
  createUserAlreadyInOrganizationError,
} from './invitations.errors';
import { DAY_MS, effectiveInvitationStatus, toInvitationDto } from './invitations.models';
import { createInvitationsRepository, type InvitationsRepository } from './invitations.repository';

/** Where the invitation e-mail sends the invitee: their received invitations. */
export const INVITATIONS_PAGE_PATH = '/invitations';

/** The member limit of an organization's plan (members + pending invitations), null for unlimited. */
export type GetMembersLimit = (args: { organizationId: string }) => Promise<number | null>;

export function createInvitationsUsecases({
  database,
  clock = systemClock,
  emails,
  organizations,
  maxInvitationsPerDay = 30,
  invitationExpirationDays = 7,
  isSubscriptionsEnabled = false,
  getMembersLimit = async () =>
    isSubscriptionsEnabled ? PLANS.free.limits.maxOrganizationsMembersCount : null,
}: {
  database: AppDatabase;
  clock?: Clock;
  emails: EmailsService;
  organizations: Pick<OrganizationsUsecases, 'findMembership'>;
  maxInvitationsPerDay?: number;
  invitationExpirationDays?: number;
  isSubscriptionsEnabled?: boolean;
  /** Until billing exists every organization is on the free plan; billing replaces this. */
  getMembersLimit?: GetMembersLimit;
}) {
  const repository = createInvitationsRepository({ db: database.db });

  /** Runs `work` in a transaction; every query in it must go through `trx` or `repo` (SQLite has one connection). */
  const withTransaction = <T>(
    work: (trx: Transaction<Database>, repo: InvitationsRepository) => Promise<T>,
  ) => database.db.transaction().execute((trx) => work(trx, createInvitationsRepository({ db: trx })));

  /**
   * The checks shared by creating and resending an invitation, inside the transaction that then
   * writes it. It first locks the inviter's row (invitations per day) then the organization's
   * (members + pending invitations), always in that order, so concurrent sends are counted one
   * after the other instead of all passing the check.
   */
  async function assertCanSend({
    trx,
    repo,
    organizationId,
    email,
    inviterId,
    now,
    membersLimit,
  }: {
    trx: Transaction<Database>;
    repo: InvitationsRepository;
    organizationId: string;
    email: string;
    inviterId: string;
    now: Date;
    /** Read before the transaction: the plan lookup runs on the pool, not on `trx`. */
    membersLimit: number | null;
  }) {
    await lockRow(trx, 'users', inviterId);
    await lockRow(trx, 'organizations', organizationId);
    const nowTimestamp = toTimestamp(now);
    if (await repo.findMemberByEmail({ organizationId, email })) throw createUserAlreadyInOrganizationError();
    if (await repo.findPendingInvitation({ organizationId, email, now: nowTimestamp })) {
      throw createInvitationAlreadyExistsError();
    }
    const sent = await repo.countInvitationsSentSince({
      inviterId,
      since: toTimestamp(addMilliseconds(now, -DAY_MS)),
    });
    if (sent >= maxInvitationsPerDay) throw createInvitationLimitReachedError(maxInvitationsPerDay);
    if (
      membersLimit !== null &&
      (await repo.countMembersAndPendingInvitations({ organizationId, now: nowTimestamp })) >= membersLimit
    ) {
      throw createMaxMembersCountReachedError(membersLimit);
    }
  }

  /** Sends the invitation e-mail in the invitee's language when they have an account, else the inviter's. */
  async function sendInvitationEmail({
    email,
    inviterId,
    organizationName,
    trx,
    repo,
  }: {
    email: string;
    inviterId: string;
    organizationName: string;
    trx: Transaction<Database>;
    repo: InvitationsRepository;
  }) {
    const invitee = await repo.findUserByEmail({ email });
    const inviter = await repo.findUserById({ userId: inviterId });
    await emails.sendInvitationEmail(
      {
        to: email,
        inviterName: inviter?.name || inviter?.email || 'Sheaf',
        organizationName,
        url: INVITATIONS_PAGE_PATH,
        locale: invitee?.locale ?? inviter?.locale ?? null,
      },
      { trx },
    );
  }

  /** The invitation, for an owner or admin of its organization; others get 404 or 403. */
  async function getManagedInvitation({ invitationId, userId }: { invitationId: string; userId: string }) {
    const invitation = await repository.findInvitation({ invitationId });
    if (!invitation) throw createInvitationNotFoundError();
    const membership = await organizations.findMembership({
      organizationId: invitation.organization_id,
      userId,
    });
    // Outside the organization the invitation does not exist, as for any other id.
    if (!membership) throw createInvitationNotFoundError();
    if (!canManageMembers(membership.role)) {
      throw createForbiddenError('Only the owner and admins can manage invitations.');
    }
    return invitation;
  }

  /** The invitation addressed to the caller's e-mail, in an organization that is not deleted. */
  async function getReceivedInvitation({ invitationId, actor }: { invitationId: string; actor: Actor }) {
    const invitation = await repository.findInvitation({ invitationId });
    if (
      !invitation ||
      invitation.organization_deleted_at !== null ||
      invitation.email !== actor.email.toLowerCase()
    ) {
      throw createInvitationNotFoundError();
    }
    return invitation;
  }

  const assertStatus = (
    invitation: Pick<OrganizationInvitationsTable, 'status' | 'expires_at'>,
    allowed: string[],
    now: Timestamp,
    action: string,
  ) => {
    const status = effectiveInvitationStatus(invitation, now);
    if (!allowed.includes(status)) {
      throw createInvitationInvalidStatusError(`This invitation is ${status}; it cannot be ${action}.`);
    }
  };

  return {
    /** The organization's invitations, without accepted ones. */
    async listOrganizationInvitations({ membership }: { membership: OrganizationMembership }) {
      const now = toTimestamp(clock.now());
      const rows = await repository.listOrganizationInvitations({
        organizationId: membership.organizationId,
      });
      return rows.map((row) => toInvitationDto(row, now));
    },

    async createInvitation({
      membership,
      email,
      role,
    }: {
      membership: OrganizationMembership;
      email: string;
      role: InvitationRole;
    }) {
      const { organizationId, userId } = membership;
      const now = clock.now();
      const timestamp = toTimestamp(now);
      const membersLimit = await getMembersLimit({ organizationId });
      const row: OrganizationInvitationsTable = {
        id: generateId('inv'),
        organization_id: organizationId,
        email,
        role,
        status: 'pending',
        inviter_id: userId,
        sent_at: timestamp,
        expires_at: toTimestamp(addMilliseconds(now, invitationExpirationDays * DAY_MS)),
        created_at: timestamp,
        updated_at: timestamp,
      };
      try {
        const organizationName = await withTransaction(async (trx, repo) => {
          await assertCanSend({ trx, repo, organizationId, email, inviterId: userId, now, membersLimit });
          // A pending one past its expiry (not yet marked) must not block the new one.
          await repo.expirePendingInvitations({ now: timestamp, organizationId, email });
          await repo.insertInvitation(row);
          const invitation = await repo.findInvitation({ invitationId: row.id });
          const name = invitation?.organization_name ?? '';
          await sendInvitationEmail({ email, inviterId: userId, organizationName: name, trx, repo });
          return name;
        });
        return toInvitationDto({ ...row, organization_name: organizationName }, timestamp);
      } catch (error) {
        if (isUniqueViolation(error)) throw createInvitationAlreadyExistsError();
        throw error;
      }
    },

    /** Invitations received at the caller's e-mail (case-insensitive), each with its organization. */
    async listReceivedInvitations({ actor }: { actor: Actor }) {
      const now = toTimestamp(clock.now());
      const rows = await repository.listInvitationsForEmail({ email: actor.email.toLowerCase() });
      return rows.map((row) => toInvitationDto(row, now));
    },

    async countPendingInvitations({ actor }: { actor: Actor }) {
      return repository.countPendingInvitationsForEmail({
        email: actor.email.toLowerCase(),
        now: toTimestamp(clock.now()),
      });
    },

    /** The invitee joins the organization with the invited role, in one transaction. */
    async acceptInvitation({ actor, invitationId }: { actor: Actor; invitationId: string }) {
      const invitation = await getReceivedInvitation({ invitationId, actor });
      const now = toTimestamp(clock.now());
      assertStatus(invitation, ['pending'], now, 'accepted');
      const organizationId = invitation.organization_id;
      const membersLimit = await getMembersLimit({ organizationId });
      await withTransaction(async (trx, repo) => {
        if (membersLimit !== null) await lockRow(trx, 'organizations', organizationId);
        const accepted = await repo.transitionInvitation({
          invitationId,
          from: ['pending'],
          now,
          set: { status: 'accepted' },
        });
        if (!accepted) throw createInvitationInvalidStatusError('This invitation is no longer pending.');
        await repo.insertMemberUnlessPresent({
          member: {
            id: generateId('mem'),
            organization_id: invitation.organization_id,
            user_id: actor.userId,
            role: invitation.role,
            created_at: now,
            updated_at: now,
          },
        });
        // The pending invitation already held its seat, so this only refuses an organization that is
        // over its plan's limit (after a downgrade): it may not add members until under it again.
        if (
          membersLimit !== null &&
          (await repo.countMembersAndPendingInvitations({ organizationId, now })) > membersLimit
        ) {
          throw createMaxMembersCountReachedError(membersLimit);
        }
      });
    },

    async rejectInvitation({ actor, invitationId }: { actor: Actor; invitationId: string }) {
      const invitation = await getReceivedInvitation({ invitationId, actor });
      const now = toTimestamp(clock.now());
      assertStatus(invitation, ['pending'], now, 'rejected');
      if (
        !(await repository.transitionInvitation({
          invitationId,
          from: ['pending'],
          now,
          set: { status: 'rejected' },
        }))
      ) {
        throw createInvitationInvalidStatusError('This invitation is no longer pending.');
      }
    },

    /** An owner or admin withdraws a pending invitation. */
    async cancelInvitation({ userId, invitationId }: { userId: string; invitationId: string }) {
      const invitation = await getManagedInvitation({ invitationId, userId });
      const now = toTimestamp(clock.now());
      assertStatus(invitation, ['pending'], now, 'cancelled');
      if (
        !(await repository.transitionInvitation({
          invitationId,
          from: ['pending'],
          now,
          set: { status: 'cancelled' },
        }))
      ) {
        throw createInvitationInvalidStatusError('This invitation is no longer pending.');
      }
    },

    /** An owner or admin sends a rejected, expired or cancelled invitation again, with a new expiry. */
    async resendInvitation({ userId, invitationId }: { userId: string; invitationId: string }) {
      const invitation = await getManagedInvitation({ invitationId, userId });
      const now = clock.now();
      const timestamp = toTimestamp(now);
      assertStatus(invitation, ['rejected', 'expired', 'cancelled'], timestamp, 'resent');
      const { organization_id: organizationId, email } = invitation;
      const membersLimit = await getMembersLimit({ organizationId });
      try {
        await withTransaction(async (trx, repo) => {
          await assertCanSend({ trx, repo, organizationId, email, inviterId: userId, now, membersLimit });
          await repo.expirePendingInvitations({ now: timestamp, organizationId, email });
          const resent = await repo.transitionInvitation({
            invitationId,
            from: ['rejected', 'expired', 'cancelled'],
            now: timestamp,
            set: {
              status: 'pending',
              inviter_id: userId,
              sent_at: timestamp,
              expires_at: toTimestamp(addMilliseconds(now, invitationExpirationDays * DAY_MS)),
            },
          });
          if (!resent) throw createInvitationInvalidStatusError('This invitation can no longer be resent.');
          await sendInvitationEmail({
            email,
            inviterId: userId,
            organizationName: invitation.organization_name,
            trx,
            repo,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw createInvitationAlreadyExistsError();
        throw error;
      }
    },

    /** Marks pending invitations past their expiry as expired; returns how many. */
    async expireInvitations() {
      return repository.expirePendingInvitations({ now: toTimestamp(clock.now()) });
    },
  };
}

export type InvitationsUsecases = ReturnType<typeof createInvitationsUsecases>;

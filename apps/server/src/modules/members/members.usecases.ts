import { type AssignableMemberRole, canChangeMemberRole, canRemoveMember } from '@sheaf/contracts/members';
import type { AppDatabase } from '../../db/database';
import type { OrganizationMembership } from '../../shared/app.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { createForbiddenError } from '../auth/auth.errors.http';
import { createMemberNotFoundError } from './members.errors';
import { toMemberDto } from './members.models';
import { createMembersRepository } from './members.repository';

export function createMembersUsecases({
  database,
  clock = systemClock,
}: {
  database: AppDatabase;
  clock?: Clock;
}) {
  const repository = createMembersRepository({ db: database.db });

  async function getMember({ organizationId, memberId }: { organizationId: string; memberId: string }) {
    const member = await repository.findMember({ organizationId, memberId });
    if (!member) throw createMemberNotFoundError();
    return member;
  }

  return {
    async listMembers({ membership }: { membership: OrganizationMembership }) {
      return (await repository.listMembers({ organizationId: membership.organizationId })).map(toMemberDto);
    },

    /** The organization's members' user ids by lowercased e-mail (for imports matching authors). */
    async memberUserIdsByEmail({ organizationId }: { organizationId: string }) {
      const members = await repository.listMembers({ organizationId });
      return new Map(
        members.map((member) => {
          const { user } = toMemberDto(member);
          return [user.email.toLowerCase(), user.id] as const;
        }),
      );
    },

    /** The user id of the organization's owner, or null when it has none. */
    async ownerUserId({ organizationId }: { organizationId: string }): Promise<string | null> {
      const members = await repository.listMembers({ organizationId });
      const owner = members.map(toMemberDto).find((member) => member.role === 'owner');
      return owner?.user.id ?? null;
    },

    async getMyMember({ membership }: { membership: OrganizationMembership }) {
      return toMemberDto(
        await getMember({ organizationId: membership.organizationId, memberId: membership.id }),
      );
    },

    /** Owners and admins set admin or member on anyone but the owner; answers the updated member. */
    async updateMemberRole({
      membership,
      memberId,
      role,
    }: {
      membership: OrganizationMembership;
      memberId: string;
      role: AssignableMemberRole;
    }) {
      const target = await getMember({ organizationId: membership.organizationId, memberId });
      if (!canChangeMemberRole({ actorRole: membership.role, targetRole: target.role })) {
        throw createForbiddenError(
          target.role === 'owner'
            ? "The owner's role cannot be changed."
            : 'Only the owner and admins can change roles.',
        );
      }
      await repository.updateRole({
        organizationId: membership.organizationId,
        memberId,
        role,
        now: toTimestamp(clock.now()),
      });
      return toMemberDto(await getMember({ organizationId: membership.organizationId, memberId }));
    },

    /**
     * Owners and admins remove anyone but the owner; any other member may remove themselves (leave).
     * The organization also leaves the scope of the removed user's API keys, in the same
     * transaction: were they to join again, an old key must not quietly regain access.
     */
    async removeMember({ membership, memberId }: { membership: OrganizationMembership; memberId: string }) {
      const target = await getMember({ organizationId: membership.organizationId, memberId });
      if (
        !canRemoveMember({
          actorRole: membership.role,
          targetRole: target.role,
          isSelf: target.id === membership.id,
        })
      ) {
        throw createForbiddenError(
          target.role === 'owner'
            ? 'The owner cannot be removed from the organization.'
            : 'Only the owner and admins can remove other members.',
        );
      }
      await database.db.transaction().execute(async (trx) => {
        const repo = createMembersRepository({ db: trx });
        if (await repo.deleteMember({ organizationId: membership.organizationId, memberId })) {
          await repo.removeOrganizationFromUserApiKeys({
            organizationId: membership.organizationId,
            userId: target.user_id,
          });
        }
      });
    },
  };
}

export type MembersUsecases = ReturnType<typeof createMembersUsecases>;

import { MEMBER_ROLES, type MemberRole } from '@sheaf/contracts/permissions';
import { describe, expect, test } from 'vitest';
import { isRoleOptionDisabled } from './member-role-menu';

type Row = [actor: MemberRole, target: MemberRole, option: MemberRole, disabled: boolean];

/** Every combination of current user's role, target's role and offered role (spec §6). */
const TABLE: Row[] = MEMBER_ROLES.flatMap((actor) =>
  MEMBER_ROLES.flatMap((target) =>
    MEMBER_ROLES.map((option): Row => {
      const disabled = actor === 'member' || target === 'owner' || option === 'owner';
      return [actor, target, option, disabled];
    }),
  ),
);

describe('role menu disabled rules', () => {
  test('the table covers all 27 combinations', () => {
    expect(TABLE).toHaveLength(27);
    expect(TABLE.filter(([, , , disabled]) => !disabled)).toEqual([
      ['owner', 'admin', 'admin', false],
      ['owner', 'admin', 'member', false],
      ['owner', 'member', 'admin', false],
      ['owner', 'member', 'member', false],
      ['admin', 'admin', 'admin', false],
      ['admin', 'admin', 'member', false],
      ['admin', 'member', 'admin', false],
      ['admin', 'member', 'member', false],
    ]);
  });

  test.each(TABLE)('a %s changing a %s to %s: disabled %s', (actorRole, targetRole, optionRole, disabled) => {
    expect(isRoleOptionDisabled({ actorRole, targetRole, optionRole })).toBe(disabled);
  });
});

import {
  ASSIGNABLE_MEMBER_ROLES,
  type AssignableMemberRole,
  canChangeMemberRole,
  type MemberDto,
} from '@sheaf/contracts/members';
import { MEMBER_ROLES, type MemberRole } from '@sheaf/contracts/permissions';
import { ChevronDown, Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { Tooltip } from '../../../shared/ui/tooltip';

const isAssignable = (role: string): role is AssignableMemberRole =>
  (ASSIGNABLE_MEMBER_ROLES as readonly string[]).includes(role);

/**
 * Whether the role option `optionRole` is disabled in the menu of `target` (spec §6): always when the
 * current user is a member, when the target is the owner, or when the option is owner.
 */
export function isRoleOptionDisabled({
  actorRole,
  targetRole,
  optionRole,
}: {
  actorRole: MemberRole;
  targetRole: MemberRole;
  optionRole: MemberRole;
}): boolean {
  return !canChangeMemberRole({ actorRole, targetRole }) || !isAssignable(optionRole);
}

/** A member's role, as a menu that changes it when the current user may. */
export function MemberRoleMenu({
  member,
  memberName,
  actorRole,
  isUpdating,
  onChange,
}: {
  member: MemberDto;
  memberName: string;
  actorRole: MemberRole;
  isUpdating?: boolean;
  onChange: (role: AssignableMemberRole) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  if (!canChangeMemberRole({ actorRole, targetRole: member.role })) {
    // Every option would be disabled: no menu, but a focusable (aria-disabled) button whose tooltip says why.
    const reason =
      member.role === 'owner' ? t('members.role-menu.owner-fixed') : t('members.role-menu.not-allowed');
    return (
      <>
        <span id={noteId} hidden>
          {reason}
        </span>
        <Tooltip content={reason}>
          <Button
            variant="outline"
            size="sm"
            className="w-28 cursor-not-allowed justify-between aria-disabled:pointer-events-auto"
            aria-label={t('members.role-menu.trigger', { name: memberName })}
            aria-disabled="true"
            aria-describedby={noteId}
            onClick={(event) => event.preventDefault()}
          >
            {t(`members.roles.${member.role}`)}
            <Lock className="text-muted-foreground" aria-hidden="true" />
          </Button>
        </Tooltip>
      </>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="w-28 justify-between"
          aria-label={t('members.role-menu.trigger', { name: memberName })}
          isLoading={isUpdating}
        >
          {t(`members.roles.${member.role}`)}
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-40">
        <DropdownMenuLabel>{t('members.role-menu.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={member.role}
          onValueChange={(value) => {
            if (value !== member.role && isAssignable(value)) {
              onChange(value);
            }
          }}
        >
          {MEMBER_ROLES.map((role) => (
            <DropdownMenuRadioItem
              key={role}
              value={role}
              disabled={isRoleOptionDisabled({ actorRole, targetRole: member.role, optionRole: role })}
            >
              {t(`members.roles.${role}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Languages, LogOut, Mail, UserRound, UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../modules/auth/api';
import { pendingInvitationsCountQueryOptions } from '../../modules/invitations/api';
import { useUpdateCurrentUser } from '../../modules/users/api';
import { Badge } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '../../shared/ui/dropdown-menu';
import { LocaleRadioItems } from './language-switcher';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const updateUser = useUpdateCurrentUser();
  const { data: session } = useSession();
  const user = session?.user;
  const pendingCount =
    useQuery({ ...pendingInvitationsCountQueryOptions(), enabled: Boolean(user) }).data ?? 0;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="relative"
          // The dot below is decorative: the label tells screen readers about pending invitations.
          aria-label={
            pendingCount > 0
              ? t('layout.user-menu.label-with-invitations', { count: pendingCount })
              : t('layout.user-menu.label')
          }
        >
          <UserRound aria-hidden="true" />
          {pendingCount > 0 ? (
            <span
              className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full border-2 border-background bg-primary"
              aria-hidden="true"
            />
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        {user ? (
          <>
            <DropdownMenuLabel className="grid gap-0.5 font-normal">
              {user.name ? (
                <span className="truncate text-sm font-medium text-foreground">{user.name}</span>
              ) : null}
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem onSelect={() => navigate({ to: '/settings' })}>
          <UserRoundCog aria-hidden="true" />
          {t('layout.user-menu.account-settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate({ to: '/api-keys' })}>
          <KeyRound aria-hidden="true" />
          {t('layout.user-menu.api-keys')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate({ to: '/invitations' })}>
          <Mail aria-hidden="true" />
          {t('layout.user-menu.invitations')}
          {pendingCount > 0 ? ' ' : null}
          {pendingCount > 0 ? (
            <Badge
              className="ml-auto min-w-5 justify-center tabular-nums"
              data-testid="pending-invitations-badge"
            >
              <span aria-hidden="true">{pendingCount}</span>
              <span className="sr-only">
                {t('layout.user-menu.pending-invitations', { pending: pendingCount })}
              </span>
            </Badge>
          ) : null}
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden="true" />
            {t('layout.user-menu.language')}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="min-w-48">
            <LocaleRadioItems
              // Best effort: the UI switches at once; a failed save only leaves the e-mails' language.
              onLocaleChange={(locale) => updateUser.mutate({ locale }, { onError: () => {} })}
            />
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          {t('layout.user-menu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

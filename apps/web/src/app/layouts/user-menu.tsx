import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Languages, LogOut, Mail, UserRound, UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLogout, useSession } from '../../modules/auth/api';
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
  const { data: session } = useSession();
  const user = session?.user;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t('layout.user-menu.label')}>
          <UserRound aria-hidden="true" />
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
        </DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden="true" />
            {t('layout.user-menu.language')}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent className="min-w-48">
            <LocaleRadioItems />
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

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound, Languages, LogOut, Mail, UserRound, UserRoundCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { sessionQueryKey, signOut } from '../../modules/auth/api';
import { configQueryKey } from '../../modules/config/api';
import { apiClient } from '../../shared/http/api-client';
import { Button } from '../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
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
  const queryClient = useQueryClient();

  const logout = async () => {
    await signOut(apiClient);
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.removeQueries({
      predicate: (query) =>
        query.queryKey[0] !== configQueryKey[0] && query.queryKey[0] !== sessionQueryKey[0],
    });
    await navigate({ to: '/login' });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t('layout.user-menu.label')}>
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
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

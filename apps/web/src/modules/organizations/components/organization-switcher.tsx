import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Building2, ChevronsUpDown, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { organizationQueryOptions, organizationsQueryOptions } from '../api';

/** Sidebar control listing the user's organizations (the current one checked) plus a create option. */
export function OrganizationSwitcher({
  organizationId,
  onNavigate,
}: {
  organizationId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organization = useQuery(organizationQueryOptions(organizationId));
  const organizations = useQuery(organizationsQueryOptions());
  const name = organization.data?.name ?? '';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('organizations.switcher.trigger', { name })}
        className={cn(
          'flex min-h-11 w-full min-w-0 items-center gap-2.5 rounded-lg border bg-background px-2.5 py-1.5 text-left text-sm shadow-xs',
          'outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
          'data-[state=open]:bg-muted',
        )}
      >
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
          <Building2 className="size-4" aria-hidden="true" />
        </span>
        {/* Up to two lines before it is cut; the whole name shows on hover. */}
        <span className="line-clamp-2 min-w-0 flex-1 break-words font-medium leading-tight" title={name}>
          {name}
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel>{t('organizations.switcher.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={organizationId}
          onValueChange={(nextId) => {
            onNavigate?.();
            void navigate({ to: '/organizations/$organizationId', params: { organizationId: nextId } });
          }}
        >
          {(organizations.data ?? []).map((item) => (
            <DropdownMenuRadioItem key={item.id} value={item.id}>
              <span className="truncate" title={item.name}>
                {item.name}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            onNavigate?.();
            void navigate({ to: '/organizations/create' });
          }}
        >
          <Plus aria-hidden="true" />
          {t('organizations.switcher.create')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

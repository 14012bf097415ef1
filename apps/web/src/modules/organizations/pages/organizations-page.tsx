import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Building2, EllipsisVertical, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import { QueryStates } from '../../../shared/ui/query-states';
import { organizationsQueryOptions } from '../api';

const cardClasses = cn(
  'flex min-h-28 flex-col justify-between gap-4 rounded-xl border p-4 outline-none transition-colors',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
);

/** `/organizations`: a card per organization and a dashed card to create one (spec §2). */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { formatDate } = useDateFormatter();
  const organizations = useQuery(organizationsQueryOptions());

  return (
    <div className="grid gap-6">
      <div className="flex items-end justify-between gap-3 border-b pb-4">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('organizations.list.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('organizations.list.description')}</p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="icon" aria-label={t('organizations.list.menu')}>
              <EllipsisVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void navigate({ to: '/organizations/deleted' })}>
              <Trash2 aria-hidden="true" />
              {t('organizations.list.deleted-link')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <QueryStates query={organizations}>
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('organizations.list.title')}>
            {data.map((organization) => (
              <li key={organization.id}>
                <Link
                  to="/organizations/$organizationId"
                  params={{ organizationId: organization.id }}
                  className={cn(
                    cardClasses,
                    'bg-surface shadow-sm hover:border-primary/40 hover:bg-muted/40',
                  )}
                >
                  <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                    <Building2 className="size-4" aria-hidden="true" />
                  </span>
                  <span className="grid min-w-0 gap-0.5">
                    <span className="truncate font-medium">{organization.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('organizations.list.created', { date: formatDate(organization.createdAt) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/organizations/create"
                className={cn(
                  cardClasses,
                  'items-center justify-center border-dashed text-muted-foreground hover:border-primary/50 hover:text-foreground',
                )}
              >
                <Plus className="size-5" aria-hidden="true" />
                <span className="text-sm font-medium">{t('organizations.list.create')}</span>
              </Link>
            </li>
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

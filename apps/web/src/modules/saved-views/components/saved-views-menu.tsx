import type { SavedViewColumn, SavedViewDto } from '@sheaf/contracts/saved-views';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, BookmarkPlus, Check, Settings2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';
import type { DocumentsSearch } from '../../documents/search-params';
import { savedViewsQueryOptions } from '../api';
import { useApplySavedView, useSavedViewsOnList } from '../apply-view';
import { isViewShown } from '../view-search';
import { ManageViewsDialog } from './manage-views-dialog';
import { SaveViewDialog } from './save-view-dialog';

function ViewItem({
  view,
  isShown,
  onSelect,
}: {
  view: SavedViewDto;
  isShown: boolean;
  onSelect: () => void;
}) {
  return (
    <DropdownMenuItem onSelect={onSelect} aria-current={isShown ? 'true' : undefined}>
      <Check aria-hidden="true" className={isShown ? undefined : 'invisible'} />
      <span className="truncate">{view.name}</span>
    </DropdownMenuItem>
  );
}

/**
 * "Views" beside the list's sort and columns: the saved views (the one shown checked), "Save
 * view…" for the list as it is, and "Manage views…". The button reads the name of the view shown.
 */
export function SavedViewsMenu({
  organizationId,
  search,
  columns,
  setColumns,
}: {
  organizationId: string;
  search: DocumentsSearch;
  columns: readonly string[];
  setColumns: (columns: SavedViewColumn[]) => void;
}) {
  const { t } = useTranslation();
  // Mounted with the list: takes a view's columns, and opens the member's default view.
  useSavedViewsOnList({ organizationId, search, setColumns });
  const views = useQuery(savedViewsQueryOptions(organizationId));
  const apply = useApplySavedView(organizationId);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const list = views.data ?? [];
  const shown = list.find((view) => isViewShown(view, search));
  const personal = list.filter(({ visibility }) => visibility === 'personal');
  const shared = list.filter(({ visibility }) => visibility === 'organization');

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="max-w-56">
            <Bookmark aria-hidden="true" />
            <span className="truncate">
              {shown ? t('saved-views.menu.current', { name: shown.name }) : t('saved-views.menu.button')}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-96 w-64 overflow-y-auto">
          {list.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t('saved-views.menu.empty')}</p>
          ) : null}
          {personal.length > 0 ? (
            <>
              <DropdownMenuLabel>{t('saved-views.menu.personal')}</DropdownMenuLabel>
              {personal.map((view) => (
                <ViewItem
                  key={view.id}
                  view={view}
                  isShown={view === shown}
                  onSelect={() => void apply(view)}
                />
              ))}
            </>
          ) : null}
          {shared.length > 0 ? (
            <>
              {personal.length > 0 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuLabel className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-3.5" />
                {t('saved-views.menu.shared')}
              </DropdownMenuLabel>
              {shared.map((view) => (
                <ViewItem
                  key={view.id}
                  view={view}
                  isShown={view === shown}
                  onSelect={() => void apply(view)}
                />
              ))}
            </>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog('save')}>
            <BookmarkPlus aria-hidden="true" />
            {t('saved-views.menu.save')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('manage')}>
            <Settings2 aria-hidden="true" />
            {t('saved-views.menu.manage')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SaveViewDialog
        organizationId={organizationId}
        search={search}
        columns={columns}
        open={dialog === 'save'}
        onOpenChange={(open) => setDialog(open ? 'save' : null)}
      />
      <ManageViewsDialog
        organizationId={organizationId}
        search={search}
        columns={columns}
        open={dialog === 'manage'}
        onOpenChange={(open) => setDialog(open ? 'manage' : null)}
      />
    </>
  );
}

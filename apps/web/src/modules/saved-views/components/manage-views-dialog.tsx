import type { SavedViewDto, UpdateSavedViewInput } from '@sheaf/contracts/saved-views';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Pin, RefreshCw, Star, Trash2, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Tooltip } from '../../../shared/ui/tooltip';
import type { DocumentsSearch } from '../../documents/search-params';
import { savedViewsQueryOptions, useDeleteSavedView, useUpdateSavedView } from '../api';
import { droppedText } from '../apply-view';
import { viewPartsOfSearch } from '../view-search';
import { viewNameResolver } from './save-view-dialog';

/** An icon button; a toggle keeps its label and says its state with aria-pressed, its tooltip what a click does. */
function IconAction({
  label,
  tooltip = label,
  pressed,
  onClick,
  children,
  disabled,
}: {
  label: string;
  tooltip?: string;
  pressed?: boolean;
  onClick: () => void;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip content={tooltip}>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function RenameForm({
  view,
  onDone,
  onSave,
}: {
  view: SavedViewDto;
  onDone: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const resolver = useMemo(() => viewNameResolver(t), [t]);
  const form = useForm<{ name: string }>({
    resolver,
    defaultValues: { name: view.name },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    await onSave(name);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-1 items-start gap-2">
      <FormField
        control={form.control}
        name="name"
        className="flex-1"
        render={({ field, controlProps }) => (
          <Input
            {...field}
            {...controlProps}
            aria-label={t('saved-views.manage.rename-label', { name: view.name })}
            autoComplete="off"
            // The field takes the place of the name the user chose to edit.
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                onDone();
              }
            }}
          />
        )}
      />
      <Button type="submit" size="sm" isLoading={form.formState.isSubmitting}>
        {t('saved-views.manage.rename-save')}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDone}>
        {t('saved-views.save.cancel')}
      </Button>
    </form>
  );
}

function ViewRow({
  view,
  search,
  columns,
  onUpdate,
  onDelete,
}: {
  view: SavedViewDto;
  search: DocumentsSearch;
  columns: readonly string[];
  onUpdate: (input: UpdateSavedViewInput, success?: string) => Promise<void>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [isRenaming, setIsRenaming] = useState(false);
  const dropped = droppedText(view, t);
  return (
    <li className="grid gap-1.5 py-3">
      <div className="flex flex-wrap items-center gap-2">
        {isRenaming ? (
          <RenameForm
            view={view}
            onDone={() => setIsRenaming(false)}
            onSave={(name) => onUpdate({ name }, t('saved-views.update.success'))}
          />
        ) : (
          <>
            <span className="min-w-40 flex-1 truncate font-medium">{view.name}</span>
            <Badge variant={view.visibility === 'organization' ? 'default' : 'secondary'}>
              {view.visibility === 'organization'
                ? t('saved-views.manage.shared-badge')
                : t('saved-views.manage.personal-badge')}
            </Badge>
            <div className="flex items-center">
              <IconAction
                label={t('saved-views.manage.pin')}
                tooltip={view.isPinned ? t('saved-views.manage.unpin') : t('saved-views.manage.pin')}
                pressed={view.isPinned}
                onClick={() => void onUpdate({ isPinned: !view.isPinned })}
              >
                <Pin aria-hidden="true" className={view.isPinned ? 'fill-current text-primary' : undefined} />
              </IconAction>
              <IconAction
                label={t('saved-views.manage.default')}
                tooltip={view.isDefault ? t('saved-views.manage.undefault') : t('saved-views.manage.default')}
                pressed={view.isDefault}
                onClick={() => void onUpdate({ isDefault: !view.isDefault })}
              >
                <Star
                  aria-hidden="true"
                  className={view.isDefault ? 'fill-current text-primary' : undefined}
                />
              </IconAction>
              {view.canEdit ? (
                <>
                  <IconAction label={t('saved-views.manage.rename')} onClick={() => setIsRenaming(true)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={t('saved-views.manage.replace')}
                    onClick={() =>
                      void onUpdate(
                        { ...viewPartsOfSearch(search), columns: [...columns] },
                        t('saved-views.update.success'),
                      )
                    }
                  >
                    <RefreshCw aria-hidden="true" />
                  </IconAction>
                  <IconAction label={t('saved-views.manage.delete')} onClick={onDelete}>
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </>
              ) : null}
            </div>
          </>
        )}
      </div>
      {dropped ? (
        <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {dropped}
        </p>
      ) : null}
    </li>
  );
}

/**
 * "Manage views": every view the member sees, to pin, make the default, rename, replace with the
 * list as shown now, or delete (the last three for those who may change it).
 */
export function ManageViewsDialog({
  organizationId,
  search,
  columns,
  open,
  onOpenChange,
}: {
  organizationId: string;
  search: DocumentsSearch;
  columns: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const views = useQuery(savedViewsQueryOptions(organizationId));
  const update = useUpdateSavedView(organizationId);
  const remove = useDeleteSavedView(organizationId);

  const onUpdate = (view: SavedViewDto) => async (input: UpdateSavedViewInput, success?: string) => {
    try {
      await update.mutateAsync({ savedViewId: view.id, input });
      if (success) toast.success(success);
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };
  const onDelete = (view: SavedViewDto) => async () => {
    const isConfirmed = await confirm({
      title: t('saved-views.manage.delete-title', { name: view.name }),
      description:
        view.visibility === 'organization'
          ? t('saved-views.manage.delete-description-shared')
          : t('saved-views.manage.delete-description'),
      confirmLabel: t('saved-views.manage.delete-confirm'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(view.id);
      toast.success(t('saved-views.manage.deleted', { name: view.name }));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const list = views.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('saved-views.manage.title')}</DialogTitle>
          <DialogDescription>{t('saved-views.manage.description')}</DialogDescription>
        </DialogHeader>
        {views.isError ? (
          <p role="alert" className="text-sm text-danger">
            {getErrorMessage(views.error, t)}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('saved-views.manage.empty')}</p>
        ) : (
          <ul className="divide-y">
            {list.map((view) => (
              <ViewRow
                key={view.id}
                view={view}
                search={search}
                columns={columns}
                onUpdate={onUpdate(view)}
                onDelete={onDelete(view)}
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

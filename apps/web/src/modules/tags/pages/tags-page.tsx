import type { TagDto } from '@sheaf/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FileText, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { Tooltip } from '../../../shared/ui/tooltip';
import { tagsQueryOptions, useDeleteTag } from '../api';
import { TagFormDialog } from '../components/tag-form-dialog';
import { tagsFilterSearch } from '../tags-search';

const routeApi = getRouteApi('/private/organizations/$organizationId/tags');

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'update'; tag: TagDto };

/**
 * Tag management (spec §2): title, description, Create tag; an empty state with a create call to action;
 * otherwise a table of tags (tag, description, documents, created, actions) with edit and delete.
 */
export function TagsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const confirm = useConfirm();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const tags = useQuery(tagsQueryOptions(organizationId));
  const remove = useDeleteTag(organizationId);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  // The dialog keeps showing its tag while it closes.
  const [lastTag, setLastTag] = useState<TagDto | undefined>();

  const openCreate = () => {
    setLastTag(undefined);
    setDialog({ mode: 'create' });
  };
  const openUpdate = (tag: TagDto) => {
    setLastTag(tag);
    setDialog({ mode: 'update', tag });
  };

  const onDelete = async (tag: TagDto) => {
    const isConfirmed = await confirm({
      title: t('tags.delete.title'),
      description: t('tags.delete.description', { name: tag.name }),
      confirmLabel: t('tags.delete.confirm'),
    });
    if (!isConfirmed) {
      return;
    }
    try {
      await remove.mutateAsync(tag.id);
      toast.success(t('tags.delete.success'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const createButton = (
    <Button onClick={openCreate}>
      <Plus aria-hidden="true" />
      {t('tags.create.button')}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('tags.title')}
        description={t('tags.description')}
        textClassName="max-w-2xl"
        actions={tags.data && tags.data.length > 0 ? createButton : null}
      />

      <QueryStates
        query={tags}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Tags}
            title={t('tags.empty.title')}
            description={t('tags.empty.description')}
            action={createButton}
          />
        }
      >
        {(data) => (
          <Table aria-label={t('tags.table.label')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('tags.table.tag')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('tags.table.description')}</TableHead>
                <TableHead>{t('tags.table.documents')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('tags.table.created')}</TableHead>
                <TableHead className="text-right">{t('tags.table.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((tag) => (
                <TableRow key={tag.id}>
                  <TableCell>
                    {/* The width limit is on the block: a table cell grows to fit a long name otherwise. */}
                    <div className="flex w-full max-w-40 flex-col items-start gap-1 sm:max-w-64">
                      <TagBadge tag={tag} className="text-sm" />
                      {tag.description ? (
                        <span className="line-clamp-2 text-xs text-muted-foreground md:hidden">
                          {tag.description}
                        </span>
                      ) : null}
                    </div>
                  </TableCell>
                  <TableCell className="hidden max-w-md md:table-cell">
                    {tag.description ? (
                      <span className="line-clamp-2">{tag.description}</span>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <Link
                      to="/organizations/$organizationId/documents"
                      params={{ organizationId }}
                      search={tagsFilterSearch([tag.id])}
                      aria-label={t('tags.table.documents-link', {
                        count: tag.documentsCount,
                        name: tag.name,
                      })}
                      className="inline-flex items-center gap-1.5 rounded-sm tabular-nums hover:text-primary hover:underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <FileText className="size-3.5 text-muted-foreground" aria-hidden="true" />
                      {tag.documentsCount}
                    </Link>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">
                    <Tooltip content={formatDateTime(tag.createdAt)}>
                      <time dateTime={tag.createdAt}>{formatRelative(tag.createdAt)}</time>
                    </Tooltip>
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Tooltip content={t('tags.actions.edit-short')}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={t('tags.actions.edit', { name: tag.name })}
                          onClick={() => openUpdate(tag)}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      </Tooltip>
                      <Tooltip content={t('tags.actions.delete-short')}>
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="text-danger hover:bg-danger/10 hover:text-danger"
                          aria-label={t('tags.actions.delete', { name: tag.name })}
                          onClick={() => void onDelete(tag)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </Tooltip>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>

      <TagFormDialog
        organizationId={organizationId}
        tag={dialog.mode === 'update' ? dialog.tag : dialog.mode === 'create' ? undefined : lastTag}
        open={dialog.mode !== 'closed'}
        onOpenChange={(open) => {
          if (!open) {
            setDialog({ mode: 'closed' });
          }
        }}
      />
    </div>
  );
}

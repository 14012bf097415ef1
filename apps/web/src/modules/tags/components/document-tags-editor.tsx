import type { DocumentDto } from '@sheaf/contracts/documents';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { organizationQueryKey } from '../../organizations/api';
import { attachTag, detachTag, tagsQueryOptions } from '../api';
import { TagFormDialog } from './tag-form-dialog';
import { type PickerTag, TagPicker } from './tag-picker';

/**
 * The document page's tag editor (spec §2): the tag picker bound to the document's tags (picking attaches,
 * removing detaches, shown at once and rolled back with an error toast if the call fails) and a Create tag
 * button whose new tag is attached. A deleted document shows its tags read-only.
 */
export function DocumentTagsEditor({
  organizationId,
  document,
  documentQueryKey: documentKey,
}: {
  organizationId: string;
  document: DocumentDto;
  /** The document's query (documents' own key), updated at once and rolled back on failure. */
  documentQueryKey: QueryKey;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tags = useQuery({ ...tagsQueryOptions(organizationId), enabled: !document.isDeleted });
  const [pendingTagIds, setPendingTagIds] = useState<string[]>([]);
  const [isCreateOpen, setIsCreateOpen] = useState(false);

  if (document.isDeleted) {
    return document.tags.length > 0 ? (
      <ul className="flex flex-wrap gap-1.5" aria-label={t('documents.details.tags')}>
        {document.tags.map((tag) => (
          <li key={tag.id}>
            <TagBadge tag={tag} />
          </li>
        ))}
      </ul>
    ) : null;
  }

  const setTags = (change: (tags: DocumentDto['tags']) => DocumentDto['tags']) =>
    queryClient.setQueryData<DocumentDto>(documentKey, (current) =>
      current ? { ...current, tags: change(current.tags) } : current,
    );

  const run = async (tag: PickerTag, kind: 'add' | 'remove') => {
    setPendingTagIds((ids) => [...ids, tag.id]);
    await queryClient.cancelQueries({ queryKey: documentKey, exact: true });
    const previous = queryClient.getQueryData<DocumentDto>(documentKey)?.tags;
    if (kind === 'add') {
      const full = tags.data?.find((candidate) => candidate.id === tag.id);
      setTags((current) =>
        current.some((candidate) => candidate.id === tag.id)
          ? current
          : [
              ...current,
              { id: tag.id, name: tag.name, color: tag.color, description: full?.description ?? null },
            ],
      );
    } else {
      setTags((current) => current.filter((candidate) => candidate.id !== tag.id));
    }
    try {
      const call = kind === 'add' ? attachTag : detachTag;
      await call({ organizationId, documentId: document.id, tagId: tag.id });
    } catch (error) {
      if (previous) {
        setTags(() => previous);
      }
      toast.error(
        kind === 'add'
          ? t('documents.tags.add-error', { name: tag.name })
          : t('documents.tags.remove-error', { name: tag.name }),
        { description: getErrorMessage(error, t) },
      );
    } finally {
      setPendingTagIds((ids) => ids.filter((id) => id !== tag.id));
      void queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TagPicker
        className="min-w-0 flex-1"
        label={t('documents.details.tags')}
        tags={tags.data ?? []}
        isLoading={tags.isPending}
        selectedTags={document.tags}
        pendingTagIds={pendingTagIds}
        onAdd={(tag) => void run(tag, 'add')}
        onRemove={(tag) => void run(tag, 'remove')}
      />
      <Button variant="outline" className="shrink-0" onClick={() => setIsCreateOpen(true)}>
        <Plus aria-hidden="true" />
        {t('tags.create.button')}
      </Button>
      <TagFormDialog
        organizationId={organizationId}
        open={isCreateOpen}
        onOpenChange={setIsCreateOpen}
        onSaved={(tag) => void run(tag, 'add')}
      />
    </div>
  );
}

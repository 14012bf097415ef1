import { FileText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Textarea } from '../../../shared/ui/textarea';
import { useUpdateDocument } from '../api';

/** The Content tab (spec §4): read-only text with an edit action; edit mode saves or cancels (cancel restores the original). */
export function DocumentContentEditor({
  organizationId,
  document,
  isReadOnly = false,
}: {
  organizationId: string;
  document: { id: string; content: string };
  /** A deleted document's content is shown but not edited. */
  isReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocument(organizationId);
  const [draft, setDraft] = useState<string | null>(null);
  const isEditing = draft !== null;

  const save = async () => {
    if (draft === null) return;
    try {
      await update.mutateAsync({ documentId: document.id, content: draft });
      setDraft(null);
      toast.success(t('documents.content.updated'));
    } catch {
      toast.error(t('documents.content.update-failed'));
    }
  };

  if (isEditing) {
    return (
      <div className="grid gap-3">
        <Textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-label={t('documents.content.label')}
          className="min-h-80 font-mono text-[0.8125rem] leading-relaxed"
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setDraft(null)} disabled={update.isPending}>
            {t('documents.content.cancel')}
          </Button>
          <Button onClick={() => void save()} isLoading={update.isPending}>
            {t('documents.content.save')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      {isReadOnly ? null : (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={() => setDraft(document.content)}>
            <Pencil aria-hidden="true" />
            {t('documents.content.edit')}
          </Button>
        </div>
      )}
      {document.content.trim() === '' ? (
        <EmptyState
          icon={FileText}
          title={t('documents.content.empty-title')}
          description={t('documents.content.empty-description')}
          headingLevel={3}
        />
      ) : (
        <section
          aria-label={t('documents.content.label')}
          className="max-h-[70vh] overflow-auto rounded-lg border bg-muted/40 p-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <pre className="whitespace-pre-wrap break-words font-mono text-[0.8125rem] leading-relaxed">
            {document.content}
          </pre>
        </section>
      )}
    </div>
  );
}

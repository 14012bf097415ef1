import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { useConfirm } from '../../shared/ui/confirm-dialog';
import { useConfig } from '../config/config-context';
import { useDeleteDocument, useRestoreDocument } from './api';

/**
 * Soft delete after a confirmation (spec §4); resolves to true when the document went to the trash.
 * Cancelling changes nothing. The "Document deleted" toast offers Undo, which restores it.
 */
export function useConfirmDeleteDocument(organizationId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const config = useConfig();
  const remove = useDeleteDocument(organizationId);
  const restore = useRestoreDocument(organizationId);

  return async (document: { id: string; name: string }): Promise<boolean> => {
    const isConfirmed = await confirm({
      title: t('documents.delete.title'),
      description: t('documents.delete.description', {
        name: document.name,
        count: config.documents.deletedDocumentsRetentionDays,
      }),
      confirmLabel: t('documents.delete.confirm'),
    });
    if (!isConfirmed) {
      return false;
    }
    try {
      await remove.mutateAsync(document.id);
      toast.success(t('documents.delete.success'), {
        // The trash keeps it: one click puts it back where it was.
        action: {
          label: t('documents.delete.undo'),
          // A promise, not mutate's callbacks: those are dropped once the page that deleted is gone.
          onClick: () => {
            restore.mutateAsync(document.id).then(
              () => toast.success(t('documents.restore.success')),
              (error: unknown) => toast.error(getErrorMessage(error, t)),
            );
          },
        },
      });
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error, t));
      return false;
    }
  };
}

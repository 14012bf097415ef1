import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { useConfirm } from '../../shared/ui/confirm-dialog';
import { useDeleteWebhook } from './api';

/**
 * Deletes a webhook after a confirmation; resolves to true when it is gone. Cancelling changes nothing.
 * `isDeleting(id)` tells which webhook is being deleted.
 */
export function useConfirmDeleteWebhook(organizationId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteWebhook(organizationId);

  const confirmDelete = async (webhook: { id: string; name: string }): Promise<boolean> => {
    const isConfirmed = await confirm({
      title: t('webhooks.delete.title'),
      description: t('webhooks.delete.description', { name: webhook.name }),
      confirmLabel: t('webhooks.delete.confirm'),
    });
    if (!isConfirmed) return false;
    try {
      await remove.mutateAsync(webhook.id);
      toast.success(t('webhooks.delete.success'));
      return true;
    } catch (error) {
      toast.error(t('webhooks.delete.failed'), { description: getErrorMessage(error, t) });
      return false;
    }
  };
  const isDeleting = (webhookId: string) => remove.isPending && remove.variables === webhookId;
  return { confirmDelete, isDeleting };
}

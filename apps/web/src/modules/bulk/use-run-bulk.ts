import { BULK_UNDO_WINDOW_MS, type BulkResultDto } from '@sheaf/contracts/bulk';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { actionDoneKey, skipReasonKey } from './action-labels';
import { type BulkActionInput, type BulkTarget, useRunBulkAction, useUndoBulkAction } from './api';
import { useTasks } from './tasks-context';

/**
 * Runs a bulk action and says what happened: by ids, a toast with what changed and what was skipped
 * (and "Undo" for 10 s when the action can be undone, itself a bulk action); by filter or for a
 * zip, the task joins the Tasks panel. Resolves true when the action was accepted.
 */
export function useRunBulk(organizationId: string) {
  const { t } = useTranslation();
  const run = useRunBulkAction(organizationId);
  const undo = useUndoBulkAction(organizationId);
  const { trackTasks } = useTasks();

  const describe = (result: BulkResultDto) => {
    const parts = [
      result.unchangedCount > 0 ? t('bulk.result.unchanged', { count: result.unchangedCount }) : null,
      result.skipped.length > 0
        ? t('bulk.result.skipped', {
            count: result.skipped.length,
            reasons: [...new Set(result.skipped.map(({ reason }) => t(skipReasonKey(reason))))].join(', '),
          })
        : null,
    ].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(' ') : undefined;
  };

  const runUndo = async (result: BulkResultDto) => {
    try {
      await undo.mutateAsync(result.undo);
      toast.success(t('bulk.undone'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  const execute = async (action: BulkActionInput, target: BulkTarget): Promise<boolean> => {
    try {
      const { result, tasks } = await run.mutateAsync({ action, target });
      if (tasks.length > 0) {
        const isDownload = action.action === 'download_zip';
        trackTasks(tasks, { autoDownload: isDownload });
        toast.info(isDownload ? t('bulk.download-preparing') : t('bulk.started'));
      }
      if (result) {
        const canUndo = result.undo.length > 0;
        toast.success(t(actionDoneKey(result.action), { count: result.changedDocumentIds.length }), {
          description: describe(result),
          ...(canUndo
            ? {
                duration: BULK_UNDO_WINDOW_MS,
                action: { label: t('bulk.undo'), onClick: () => void runUndo(result) },
              }
            : {}),
        });
      }
      return true;
    } catch (error) {
      toast.error(getErrorMessage(error, t));
      return false;
    }
  };

  return { execute, isPending: run.isPending };
}

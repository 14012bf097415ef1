import type { BulkFilterInput } from '@sheaf/contracts/bulk';
import {
  CalendarDays,
  Download,
  Ellipsis,
  type LucideIcon,
  RotateCcw,
  ScanText,
  SlidersHorizontal,
  Tag,
  Tags,
  Trash2,
  X,
} from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { useConfirm } from '../../shared/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../shared/ui/dropdown-menu';
import type { BulkActionInput, BulkTarget } from './api';
import { BulkDocumentDateDialog, BulkPropertyDialog, BulkTagsDialog } from './bulk-dialogs';
import { isSelectionEmpty, type Selection, selectedCountOf } from './selection';
import { useRunBulk } from './use-run-bulk';

type OpenDialog = 'add_tags' | 'remove_tags' | 'set_property' | 'set_document_date' | null;

export type BulkActionBarProps = {
  organizationId: string;
  /** The active documents (list and search results) or the trash: each has its own actions. */
  scope: 'documents' | 'trash';
  selection: Selection;
  /** How many documents the list's filter matches (what "all that match" stands for). */
  matchingCount: number;
  /** The search's count stops counting at a cap: the number is a lower bound. */
  matchingCountIsCapped?: boolean;
  /** How many rows the page shows. */
  pageRowCount: number;
  /** Whether every row of the page is selected. */
  isPageSelected: boolean;
  /** The list's filter (and search), sent when "all that match" are selected. */
  filter: BulkFilterInput;
  onSelectAllMatching: () => void;
  onClear: () => void;
};

/**
 * The bar above a list while documents are selected: how many (announced as it changes), "select all
 * N that match" once the page is selected, the actions, and "clear" (Escape in the bar clears too).
 */
export function BulkActionBar({
  organizationId,
  scope,
  selection,
  matchingCount,
  matchingCountIsCapped = false,
  pageRowCount,
  isPageSelected,
  filter,
  onSelectAllMatching,
  onClear,
}: BulkActionBarProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const { execute, isPending } = useRunBulk(organizationId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const count = selectedCountOf(selection, matchingCount);
  const isEmpty = isSelectionEmpty(selection);

  const target: BulkTarget = selection.kind === 'all' ? { filter } : { documentIds: [...selection.ids] };
  const targetText =
    selection.kind === 'all'
      ? matchingCountIsCapped
        ? t('bulk.target-all-capped', { formatted: format(count) })
        : t('bulk.target-all', { count, formatted: format(count) })
      : t('bulk.target-ids', { count, formatted: format(count) });

  const run = async (action: BulkActionInput) => {
    const isAccepted = await execute(action, target);
    if (isAccepted) onClear();
    return isAccepted;
  };

  const confirmThenRun = async (action: BulkActionInput) => {
    const isTrash = action.action === 'trash';
    const isConfirmed = await confirm({
      title: t(isTrash ? 'bulk.confirm.trash-title' : 'bulk.confirm.delete-title', { count }),
      description: isTrash
        ? t('bulk.confirm.trash-description', { target: targetText })
        : t('bulk.confirm.delete-description', { target: targetText }),
      confirmLabel: t(isTrash ? 'bulk.actions.trash' : 'bulk.actions.delete_permanently'),
    });
    if (isConfirmed) await run(action);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Not from a dialog opened by the bar (portaled elsewhere: its Escape closes only the dialog).
    if (
      event.key === 'Escape' &&
      !event.defaultPrevented &&
      event.currentTarget.contains(event.target as Node)
    ) {
      event.preventDefault();
      onClear();
    }
  };

  const countText =
    selection.kind === 'all'
      ? matchingCountIsCapped
        ? t('bulk.selected-all-capped', { formatted: format(count) })
        : t('bulk.selected-all', { count, formatted: format(count) })
      : t('bulk.selected', { count, formatted: format(count) });

  const canSelectAll =
    selection.kind === 'ids' && isPageSelected && matchingCount > pageRowCount && pageRowCount > 0;

  const dialogProps = {
    organizationId,
    targetText,
    onSubmit: run,
    onOpenChange: (open: boolean) => {
      if (!open) setDialog(null);
    },
  };

  return (
    <section
      aria-label={t('bulk.bar-label')}
      // Only a live region while it is there, so each new count is read out (and nothing while empty).
      className={
        isEmpty
          ? 'sr-only'
          : 'sticky top-15 z-20 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-surface px-3 py-2 shadow-sm sm:top-16'
      }
      onKeyDown={onKeyDown}
    >
      <p aria-live="polite" aria-atomic="true" className="text-sm font-medium tabular-nums">
        {isEmpty ? '' : countText}
      </p>
      {isEmpty ? null : (
        <>
          {canSelectAll ? (
            <Button variant="link" size="sm" onClick={onSelectAllMatching}>
              {matchingCountIsCapped
                ? t('bulk.select-all-capped', { formatted: format(matchingCount) })
                : t('bulk.select-all', { count: matchingCount, formatted: format(matchingCount) })}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" className="max-sm:px-2" onClick={onClear}>
            <X aria-hidden="true" />
            <span className="max-sm:sr-only">{t('bulk.clear')}</span>
          </Button>
          <div className="ml-auto flex flex-wrap items-center gap-1.5">
            {scope === 'documents' ? (
              <>
                <ActionButton
                  icon={Tag}
                  label={t('bulk.actions.add_tags')}
                  disabled={isPending}
                  onClick={() => setDialog('add_tags')}
                />
                <ActionButton
                  icon={Tags}
                  label={t('bulk.actions.remove_tags')}
                  disabled={isPending}
                  onClick={() => setDialog('remove_tags')}
                />
                <ActionButton
                  icon={Trash2}
                  label={t('bulk.actions.trash')}
                  danger
                  disabled={isPending}
                  onClick={() => void confirmThenRun({ action: 'trash' })}
                />
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="outline" size="sm" disabled={isPending}>
                      <Ellipsis aria-hidden="true" />
                      <span className="max-sm:sr-only">{t('bulk.more')}</span>
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => setDialog('set_property')}>
                      <SlidersHorizontal aria-hidden="true" />
                      {t('bulk.actions.set_property')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => setDialog('set_document_date')}>
                      <CalendarDays aria-hidden="true" />
                      {t('bulk.actions.set_document_date')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void run({ action: 'retry_extraction' })}>
                      <ScanText aria-hidden="true" />
                      {t('bulk.actions.retry_extraction')}
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void run({ action: 'download_zip' })}>
                      <Download aria-hidden="true" />
                      {t('bulk.actions.download_zip')}
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </>
            ) : (
              <>
                <ActionButton
                  icon={RotateCcw}
                  label={t('bulk.actions.restore')}
                  disabled={isPending}
                  onClick={() => void run({ action: 'restore' })}
                />
                <ActionButton
                  icon={Trash2}
                  label={t('bulk.actions.delete_permanently')}
                  danger
                  disabled={isPending}
                  onClick={() => void confirmThenRun({ action: 'delete_permanently' })}
                />
              </>
            )}
          </div>
        </>
      )}
      <BulkTagsDialog {...dialogProps} mode="add_tags" open={dialog === 'add_tags'} />
      <BulkTagsDialog {...dialogProps} mode="remove_tags" open={dialog === 'remove_tags'} />
      <BulkPropertyDialog {...dialogProps} open={dialog === 'set_property'} />
      <BulkDocumentDateDialog {...dialogProps} open={dialog === 'set_document_date'} />
    </section>
  );
}

/** One action of the bar: an icon, and its label (read out only on phones, where the bar is narrow). */
function ActionButton({
  icon: Icon,
  label,
  danger = false,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  danger?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={danger ? 'text-danger hover:text-danger' : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}

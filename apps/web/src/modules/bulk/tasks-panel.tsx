import type { TaskDto } from '@sheaf/contracts/bulk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, Download, Undo2, X } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { Button } from '../../shared/ui/button';
import { cn } from '../../shared/ui/cn';
import { Spinner } from '../../shared/ui/spinner';
import { TOAST_BOTTOM_CLEARANCE_VAR } from '../../shared/ui/toaster';
import { organizationQueryKey } from '../organizations/api';
import { actionLabelKey, skipReasonKey } from './action-labels';
import { isTaskRunning, taskQueryOptions, useUndoTask } from './api';
import type { TrackedTask } from './tasks-context';

/** Opens a zip download (same origin: the session cookie goes with it). */
function startDownload(url: string) {
  const link = window.document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
}

function TaskProgress({ task }: { task: TaskDto }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const total = task.total;
  const label = t(actionLabelKey(task.action));
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total === null ? undefined : task.processedCount}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary transition-[width]',
            total === null && 'w-1/3 motion-safe:animate-pulse',
          )}
          style={
            total === null
              ? undefined
              : { width: `${total === 0 ? 100 : Math.round((task.processedCount / total) * 100)}%` }
          }
        />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">
        {total === null
          ? t('bulk.tasks.state-queued')
          : t('bulk.tasks.progress', { done: format(task.processedCount), total: format(total) })}
      </span>
    </div>
  );
}

/** What a finished task did: changed, already as asked, skipped (with the first reasons). */
function TaskSummary({ task }: { task: TaskDto }) {
  const { t } = useTranslation();
  const reasons = [...new Set(task.skipped.map(({ reason }) => reason))];
  return (
    <span className="grid gap-0.5 text-xs text-muted-foreground">
      <span>
        {[
          t('bulk.tasks.changed', { count: task.changedCount }),
          task.unchangedCount > 0 ? t('bulk.tasks.unchanged', { count: task.unchangedCount }) : null,
          task.skippedCount > 0 ? t('bulk.tasks.skipped', { count: task.skippedCount }) : null,
        ]
          .filter((part) => part !== null)
          .join(' · ')}
      </span>
      {reasons.length > 0 ? (
        <span>{reasons.map((reason) => t(skipReasonKey(reason))).join(' · ')}</span>
      ) : null}
    </span>
  );
}

/** "Undo" on a finished tag or trash task: the undo task joins the panel. */
function UndoTaskButton({
  organizationId,
  task,
  onUndoTask,
}: {
  organizationId: string;
  task: TaskDto;
  onUndoTask: (task: TaskDto) => void;
}) {
  const { t } = useTranslation();
  const undo = useUndoTask(organizationId);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 w-fit px-2 text-xs"
      aria-label={t('bulk.tasks.undo-label', { action: t(actionLabelKey(task.action)) })}
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(task.id, {
          onSuccess: onUndoTask,
          onError: (error) => toast.error(getErrorMessage(error, t)),
        })
      }
    >
      <Undo2 aria-hidden="true" />
      {t('bulk.tasks.undo')}
    </Button>
  );
}

function TaskRow({
  organizationId,
  tracked,
  onUndoTask,
}: {
  organizationId: string;
  tracked: TrackedTask;
  onUndoTask: (task: TaskDto) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(taskQueryOptions(organizationId, tracked.id));
  const task = query.data;
  const wasRunning = useRef(task ? isTaskRunning(task.state) : true);
  const downloaded = useRef(false);

  useEffect(() => {
    if (!task) return;
    const running = isTaskRunning(task.state);
    if (wasRunning.current && !running) {
      // The task changed documents: every list, count and tag of the organization is read again.
      void queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
    }
    wasRunning.current = running;
    if (tracked.autoDownload && task.downloadUrl && task.state !== 'failed' && !downloaded.current) {
      downloaded.current = true;
      startDownload(task.downloadUrl);
    }
  }, [task, tracked.autoDownload, organizationId, queryClient]);

  if (!task) {
    return (
      <li className="flex items-center gap-3 border-b px-4 py-2.5 last:border-b-0">
        {query.isError ? (
          <span className="text-xs text-danger">{getErrorMessage(query.error, t)}</span>
        ) : (
          <Spinner size="sm" />
        )}
      </li>
    );
  }

  const stateLabel = t(
    task.state === 'queued'
      ? 'bulk.tasks.state-queued'
      : task.state === 'running'
        ? 'bulk.tasks.state-running'
        : task.state === 'done'
          ? 'bulk.tasks.state-done'
          : 'bulk.tasks.state-failed',
  );

  return (
    <li className="flex items-start gap-3 border-b px-4 py-2.5 last:border-b-0">
      {/* Read out when the task ends (not at each step of its progress). */}
      <span role="status" className="sr-only">
        {isTaskRunning(task.state)
          ? ''
          : t('bulk.tasks.announce', { action: t(actionLabelKey(task.action)), state: stateLabel })}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="truncate text-sm font-medium">{t(actionLabelKey(task.action))}</span>
        {isTaskRunning(task.state) ? <TaskProgress task={task} /> : null}
        {task.state === 'done' && task.action !== 'download_zip' ? <TaskSummary task={task} /> : null}
        {task.canUndo ? (
          <UndoTaskButton organizationId={organizationId} task={task} onUndoTask={onUndoTask} />
        ) : null}
        {task.undoneByTaskId ? (
          <span className="text-xs text-muted-foreground">{t('bulk.tasks.undone')}</span>
        ) : null}
        {task.state === 'failed' ? (
          <span className="text-xs text-danger">{task.error?.message ?? t('bulk.tasks.state-failed')}</span>
        ) : null}
        {task.downloadUrl && task.state !== 'failed' ? (
          <a
            href={task.downloadUrl}
            download=""
            className="inline-flex w-fit items-center gap-1 rounded-sm text-xs font-medium text-primary hover:underline outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Download className="size-3.5" aria-hidden="true" />
            {t('bulk.tasks.download')}
          </a>
        ) : null}
      </div>
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
        {isTaskRunning(task.state) ? (
          <Spinner size="sm" className="text-muted-foreground" label={stateLabel} />
        ) : task.state === 'done' ? (
          <CircleCheck className="size-4 text-success" role="img" aria-label={stateLabel} />
        ) : (
          <CircleAlert className="size-4 text-danger" role="img" aria-label={stateLabel} />
        )}
      </span>
    </li>
  );
}

/**
 * While only this panel is shown, toasts stack above it (as above the import panel). Beside the import
 * panel, that one keeps the toasts' offset.
 */
function useToastClearance<T extends HTMLElement>(isActive: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel || !isActive) return;
    const root = window.document.documentElement;
    const update = () =>
      root.style.setProperty(
        TOAST_BOTTOM_CLEARANCE_VAR,
        `${Math.ceil(panel.getBoundingClientRect().height) + 24}px`,
      );
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(panel);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_BOTTOM_CLEARANCE_VAR);
    };
  }, [isActive]);
  return ref;
}

/**
 * The "Tasks" panel: bulk actions running in the background and zip downloads, each with its
 * progress (done of total), then what it changed and skipped, or why it failed. Collapsible; closing
 * it only hides it (the tasks go on).
 */
export function TasksPanel({
  organizationId,
  tasks,
  isCollapsed,
  besideImportPanel,
  onToggleCollapsed,
  onClose,
  onUndoTask,
}: {
  organizationId: string;
  tasks: readonly TrackedTask[];
  isCollapsed: boolean;
  besideImportPanel: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
  /** An undo task was started: the panel follows it too. */
  onUndoTask: (task: TaskDto) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const listId = useId();
  const panelRef = useToastClearance<HTMLElement>(!besideImportPanel);

  return (
    <section
      ref={panelRef}
      aria-labelledby={titleId}
      data-testid="tasks-panel"
      // Narrow screens: above the import panel (its height is the toasts' offset); wider: to its left.
      style={
        besideImportPanel
          ? ({ bottom: `var(${TOAST_BOTTOM_CLEARANCE_VAR}, 0.75rem)` } as CSSProperties)
          : undefined
      }
      className={cn(
        'fixed right-3 bottom-3 left-3 z-40 flex flex-col overflow-hidden rounded-xl border bg-surface text-surface-foreground shadow-lg',
        'sm:left-auto sm:w-96',
        besideImportPanel && 'sm:right-[25.5rem] sm:bottom-3!',
      )}
    >
      <header className="flex items-center gap-2 border-b px-4 py-2.5">
        <h2 id={titleId} className="min-w-0 flex-1 text-sm font-semibold">
          {t('bulk.tasks.title')}
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-expanded={!isCollapsed}
          aria-controls={listId}
          aria-label={isCollapsed ? t('bulk.tasks.expand') : t('bulk.tasks.collapse')}
          onClick={onToggleCollapsed}
        >
          {isCollapsed ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={t('bulk.tasks.close')} onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </header>
      <div id={listId} hidden={isCollapsed} className="max-h-[min(16rem,40dvh)] overflow-y-auto">
        <ul aria-label={t('bulk.tasks.title')}>
          {tasks.map((tracked) => (
            <TaskRow
              key={tracked.id}
              organizationId={organizationId}
              tracked={tracked}
              onUndoTask={onUndoTask}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

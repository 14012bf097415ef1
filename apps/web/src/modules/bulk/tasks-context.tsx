import type { TaskDto } from '@sheaf/contracts/bulk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isTaskRunning, recentTasksQueryOptions, taskQueryKeyOf } from './api';
import { TasksPanel } from './tasks-panel';

/** A task the panel follows; `autoDownload`: its zip is downloaded once ready (the user asked for it here). */
export type TrackedTask = { id: string; autoDownload: boolean };

type TasksContextValue = {
  /** Shows these tasks in the panel (opening it) and follows their progress. */
  trackTasks: (tasks: readonly TaskDto[], options?: { autoDownload?: boolean }) => void;
};

const TasksContext = createContext<TasksContextValue | null>(null);

/**
 * The background tasks of one organization (bulk actions by filter, zip downloads): the "Tasks" panel,
 * docked at the bottom right, beside the import panel when that one is open. Tasks still running from
 * an earlier visit are shown again. Mounted by the organization layout.
 */
export function TasksProvider({
  organizationId,
  besideImportPanel = false,
  children,
}: {
  organizationId: string;
  besideImportPanel?: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [tracked, setTracked] = useState<TrackedTask[]>([]);
  const [isCollapsed, setIsCollapsed] = useState(false);

  const trackTasks = useCallback(
    (tasks: readonly TaskDto[], { autoDownload = false }: { autoDownload?: boolean } = {}) => {
      if (tasks.length === 0) return;
      for (const task of tasks) {
        queryClient.setQueryData(taskQueryKeyOf(organizationId, task.id), task);
      }
      setTracked((current) => [
        ...tasks
          .filter((task) => !current.some(({ id }) => id === task.id))
          .map((task) => ({ id: task.id, autoDownload })),
        ...current,
      ]);
      setIsCollapsed(false);
    },
    [organizationId, queryClient],
  );

  // Tasks left running (a reload, another tab): shown again, once per organization visit.
  const recent = useQuery(recentTasksQueryOptions(organizationId));
  const resumedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!recent.data || resumedFor.current === organizationId) return;
    resumedFor.current = organizationId;
    trackTasks(recent.data.tasks.filter((task) => isTaskRunning(task.state)));
  }, [recent.data, organizationId, trackTasks]);

  // Another organization: its own list.
  useEffect(() => {
    void organizationId;
    setTracked([]);
  }, [organizationId]);

  const value = useMemo(() => ({ trackTasks }), [trackTasks]);

  return (
    <TasksContext value={value}>
      {children}
      {tracked.length > 0 ? (
        <TasksPanel
          organizationId={organizationId}
          tasks={tracked}
          isCollapsed={isCollapsed}
          besideImportPanel={besideImportPanel}
          onToggleCollapsed={() => setIsCollapsed((collapsed) => !collapsed)}
          onClose={() => setTracked([])}
          onUndoTask={(task) => trackTasks([task])}
        />
      ) : null}
    </TasksContext>
  );
}

const noTasks: TasksContextValue = { trackTasks: () => undefined };

/** The tasks panel's handle; outside an organization layout (a page rendered alone) tasks are not followed. */
export function useTasks(): TasksContextValue {
  return use(TasksContext) ?? noTasks;
}

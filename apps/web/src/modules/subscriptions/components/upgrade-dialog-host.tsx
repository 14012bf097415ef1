import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorCode } from '../../../shared/http/api-error';
import { useConfig } from '../../config/config-context';

/** Whether the upgrade dialog is open, and whether it has ever been (its code loads on first open). */
type UpgradeDialogState = { isOpen: boolean; hasOpened: boolean };

let state: UpgradeDialogState = { isOpen: false, hasOpened: false };
const listeners = new Set<() => void>();

function setState(next: UpgradeDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the organization's upgrade dialog (the host renders it). */
export function openUpgradeDialog() {
  setState({ isOpen: true, hasOpened: true });
}

/** Back to closed and never opened (tests; leaving the organization pages). */
export function resetUpgradeDialog() {
  setState({ isOpen: false, hasOpened: false });
}

/**
 * Opens the plans dialog from the sidebar call-to-action, the storage banner, the usage page or the
 * subscription section; null when subscriptions are disabled (nothing billing-related then).
 */
export function useUpgradeDialog(): { openUpgradeDialog: () => void } | null {
  const { isSubscriptionsEnabled } = useConfig();
  return isSubscriptionsEnabled ? { openUpgradeDialog } : null;
}

/** The dialog's code loads the first time it opens: none of it is fetched while billing is off. */
const UpgradeDialog = lazy(() =>
  import('./upgrade-dialog').then(({ UpgradeDialog }) => ({ default: UpgradeDialog })),
);

/** Errors that a bigger plan would have avoided (spec §8: "…, upgrade the plan"). */
export const PLAN_LIMIT_ERROR_CODES: ReadonlySet<string> = new Set([
  'organization.max_members_count_reached',
  'intake_email.limit_reached',
  'documents.storage_limit_reached',
]);

/**
 * When an action fails on a plan limit (inviting past the seats, one intake address too many…), the
 * page shows its error as usual; this adds a toast whose action opens the upgrade dialog.
 */
function useUpgradeOnLimitErrors(isEnabled: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const code = getErrorCode(event.action.error);
      if (!code || !PLAN_LIMIT_ERROR_CODES.has(code)) return;
      toast.info(t('subscriptions.limit.title'), {
        id: 'plan-limit',
        description: t('subscriptions.limit.description'),
        action: { label: t('subscriptions.upgrade.cta'), onClick: openUpgradeDialog },
      });
    });
  }, [isEnabled, queryClient, t]);
}

/** Renders the upgrade dialog of the organization layout (spec §2 Layout) once it has been opened. */
export function UpgradeDialogHost({ organizationId }: { organizationId: string }) {
  const { isSubscriptionsEnabled } = useConfig();
  const current = useSyncExternalStore(subscribe, () => state);
  useUpgradeOnLimitErrors(isSubscriptionsEnabled);
  const onOpenChange = useCallback((isOpen: boolean) => setState({ ...state, isOpen }), []);
  // Leaving the organization pages closes it.
  useEffect(() => resetUpgradeDialog, []);
  if (!isSubscriptionsEnabled || !current.hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog organizationId={organizationId} open={current.isOpen} onOpenChange={onOpenChange} />
    </Suspense>
  );
}

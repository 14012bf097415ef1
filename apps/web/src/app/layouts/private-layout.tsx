import { Outlet } from '@tanstack/react-router';
import { AnalyticsTracker } from '../../modules/analytics/analytics-tracker';
import { useSession } from '../../modules/auth/api';
import { ConfirmProvider } from '../../shared/ui/confirm-dialog';
import { TooltipProvider } from '../../shared/ui/tooltip';

/** Analytics for the signed-in user; its own component, so a session refetch re-renders only it. */
function SessionAnalyticsTracker() {
  return <AnalyticsTracker userId={useSession().data?.user.id} />;
}

/**
 * Above every private page: the tooltip and confirmation-dialog providers, which only those pages
 * use. Kept out of the entry chunk, so the public pages (sign-in…) load without Radix's tooltip,
 * popper and dialog code.
 */
export function PrivateLayout() {
  return (
    <TooltipProvider>
      <ConfirmProvider>
        <Outlet />
        <SessionAnalyticsTracker />
      </ConfirmProvider>
    </TooltipProvider>
  );
}

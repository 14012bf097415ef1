import { AppShell } from '../../../app/layouts/app-shell';
import { NotFoundPage } from '../../../app/pages/not-found-page';
import { useConfig } from '../../config/config-context';

/** The checkout result pages exist only when subscriptions are enabled; otherwise they are not found. */
export function CheckoutLayout() {
  const { isSubscriptionsEnabled } = useConfig();
  return isSubscriptionsEnabled ? <AppShell /> : <NotFoundPage />;
}

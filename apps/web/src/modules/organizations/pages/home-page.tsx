import { RoutePending } from '../../../app/pages/route-pending';

/** `/` only redirects (see its route guard); this shows while it decides. */
export function HomePage() {
  return <RoutePending />;
}

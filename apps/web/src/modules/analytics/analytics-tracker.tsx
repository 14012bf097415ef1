import { useEffect } from 'react';
import { useSession } from '../auth/api';
import { useConfig } from '../config/config-context';
import { identifyUser, isAnalyticsEnabled, startAnalytics } from './analytics';

/**
 * Starts opt-in analytics on the private pages when the server enables it, and identifies the user by
 * id. Renders nothing; with analytics off it does nothing at all.
 */
export function AnalyticsTracker() {
  const { analytics } = useConfig();
  const enabled = isAnalyticsEnabled(analytics);
  const userId = useSession().data?.user.id;
  useEffect(() => {
    if (!enabled || !userId) return;
    void startAnalytics(analytics).then(() => identifyUser(userId));
  }, [enabled, analytics, userId]);
  return null;
}

import { useEffect } from 'react';
import { useConfig } from '../config/config-context';
import { identifyUser, isAnalyticsEnabled, startAnalytics } from './analytics';

/**
 * Starts opt-in analytics on the private pages when the server enables it, and identifies the user by
 * id. The layout gives the signed-in user's id: auth depends on analytics (its sign-out records the
 * logout), not the other way round. Renders nothing; with analytics off it does nothing at all.
 */
export function AnalyticsTracker({ userId }: { userId: string | undefined }) {
  const { analytics } = useConfig();
  const enabled = isAnalyticsEnabled(analytics);
  useEffect(() => {
    if (!enabled || !userId) return;
    void startAnalytics(analytics).then(() => identifyUser(userId));
  }, [enabled, analytics, userId]);
  return null;
}

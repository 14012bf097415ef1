import type { PublicConfig } from '@sheaf/contracts/config';
import type { PostHog } from 'posthog-js-lite';

export type AnalyticsConfig = PublicConfig['analytics'];
type PostHogOptions = NonNullable<ConstructorParameters<typeof PostHog>[1]>;

/** The event recorded before the reset on logout (spec §4). */
export const LOGOUT_EVENT = 'user_logged_out';

/**
 * The spec's client settings (§9): flush at 20 events, at most 100 per batch and 1,000 queued, a 10 s
 * flush interval and request timeout, 3 retries 3 s apart, a session ending after 30 minutes idle (the
 * client ends any session after 24 h itself).
 */
const ANALYTICS_CLIENT_SETTINGS = {
  flushAt: 20,
  maxBatchSize: 100,
  maxQueueSize: 1000,
  flushInterval: 10_000,
  requestTimeout: 10_000,
  fetchRetryCount: 3,
  fetchRetryDelay: 3_000,
  sessionExpirationTimeSeconds: 30 * 60,
} as const satisfies PostHogOptions;

/**
 * Client options: the spec's queue and session settings, page views from history changes, and no
 * autocapture at all — nothing of the page's text or of what is typed is ever sent.
 */
function getPosthogOptions(host: string | null): PostHogOptions {
  return {
    ...ANALYTICS_CLIENT_SETTINGS,
    ...(host ? { host } : {}),
    autocapture: false,
    captureHistoryEvents: true,
    persistence: 'localStorage',
    // Only events: no feature flags, remote config or surveys fetched.
    preloadFeatureFlags: false,
    disableRemoteFeatureFlags: true,
    disableRemoteConfig: true,
    disableSurveys: true,
  };
}

let client: Promise<PostHog | null> | undefined;

/** The one place the PostHog client is imported (its own chunk); an object so that tests can watch it. */
export const posthogLoader = {
  load: () => import('posthog-js-lite'),
};

/** Whether this configuration turns analytics on: enabled, with an API key. */
export function isAnalyticsEnabled(config: AnalyticsConfig): boolean {
  return config.isEnabled && Boolean(config.posthogApiKey);
}

/**
 * Loads and starts the client the first time, only when analytics is enabled: while it is off not a
 * byte of it is fetched (it is its own chunk, imported here only).
 */
export function startAnalytics(config: AnalyticsConfig): Promise<PostHog | null> {
  const apiKey = config.posthogApiKey;
  if (!config.isEnabled || !apiKey) return Promise.resolve(null);
  client ??= posthogLoader.load().then(
    ({ PostHog: PostHogClient }) => new PostHogClient(apiKey, getPosthogOptions(config.posthogHost)),
    () => null,
  );
  return client;
}

/** Identifies the signed-in user by id only: no e-mail, no name. */
export async function identifyUser(userId: string): Promise<void> {
  const posthog = client ? await client : null;
  posthog?.identify(userId);
}

/** Logout (spec §4): records the event, then resets the identity; a no-op unless analytics was started. */
export async function recordLogout(): Promise<void> {
  const posthog = client ? await client : null;
  if (!posthog) return;
  posthog.capture(LOGOUT_EVENT);
  posthog.reset();
}

/** Forgets the loaded client (tests). */
export function resetAnalyticsForTests() {
  client = undefined;
}

import type { PublicConfig } from '@sheaf/contracts/config';
import type { PostHog, PostHogConfig } from 'posthog-js';

export type AnalyticsConfig = PublicConfig['analytics'];

/** A session ends after 30 minutes without activity (spec §9); posthog-js ends any session after 24 h itself. */
export const ANALYTICS_SESSION_IDLE_TIMEOUT_SECONDS = 30 * 60;

/** The event recorded before the reset on logout (spec §4). */
export const LOGOUT_EVENT = 'user_logged_out';

/**
 * posthog-js options: batched sending, the spec's session timeout, and no capture of text, input values
 * or element attributes (autocapture records which element was clicked, nothing of its content).
 */
export function getPosthogOptions(host: string | null): Partial<PostHogConfig> {
  return {
    ...(host ? { api_host: host } : {}),
    autocapture: { capture_copied_text: false },
    mask_all_text: true,
    mask_all_element_attributes: true,
    capture_pageview: 'history_change',
    capture_pageleave: true,
    disable_session_recording: true,
    disable_surveys: true,
    person_profiles: 'identified_only',
    persistence: 'localStorage',
    request_batching: true,
    session_idle_timeout_seconds: ANALYTICS_SESSION_IDLE_TIMEOUT_SECONDS,
  };
}

let client: Promise<PostHog | null> | undefined;

/** The one place posthog-js is imported (its own chunk); an object so that tests can watch it. */
export const posthogLoader = {
  load: () => import('posthog-js'),
};

/** Whether this configuration turns analytics on: enabled, with an API key. */
export function isAnalyticsEnabled(config: AnalyticsConfig): boolean {
  return config.isEnabled && Boolean(config.posthogApiKey);
}

/**
 * Loads and starts posthog-js the first time, only when analytics is enabled: while it is off not a
 * byte of it is fetched (it is its own chunk, imported here only).
 */
export function startAnalytics(config: AnalyticsConfig): Promise<PostHog | null> {
  const apiKey = config.posthogApiKey;
  if (!config.isEnabled || !apiKey) return Promise.resolve(null);
  client ??= posthogLoader.load().then(
    ({ default: posthog }) => {
      posthog.init(apiKey, getPosthogOptions(config.posthogHost));
      return posthog;
    },
    () => null,
  );
  return client;
}

/** Identifies the signed-in user by id only: no e-mail, no name. */
export async function identifyUser(userId: string): Promise<void> {
  const posthog = client ? await client : null;
  posthog?.identify(userId);
}

/** Records an event; a no-op unless analytics was started. */
export async function trackEvent(event: string, properties?: Record<string, unknown>): Promise<void> {
  const posthog = client ? await client : null;
  posthog?.capture(event, properties);
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

import { configEndpoints, type PublicConfig } from '@sheaf/contracts/config';
import { healthEndpoints } from '@sheaf/contracts/health';
import type { DemoContext } from './context';
import { handle, json } from './http';

/** GET /api/config: the demo's runtime configuration (spec §9: isDemoMode true). */
export const DEMO_CONFIG: PublicConfig = {
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  auth: {
    isEmailVerificationRequired: false,
    isPasswordResetEnabled: false,
    isRegistrationEnabled: false,
    showLegalLinksOnAuthPage: false,
    providers: {
      email: { isEnabled: true },
      google: { isEnabled: false },
      github: { isEnabled: false },
      customs: [],
    },
  },
  documents: { deletedDocumentsRetentionDays: 30 },
  organizations: { deletedOrganizationsPurgeDaysDelay: 30 },
  intakeEmails: { isEnabled: true },
  isSubscriptionsEnabled: false,
  analytics: { isEnabled: false, posthogApiKey: null, posthogHost: null },
  isDemoMode: true,
  supportUrl: null,
};

export const configRoutes = (_context: DemoContext) => [
  handle(configEndpoints.get, () => json({ config: DEMO_CONFIG })),
  // The demo's "database" is the browser's, always there.
  handle(healthEndpoints.get, () => json({ status: 'ok', database: 'ok' })),
];

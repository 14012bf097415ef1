import type { PublicConfig } from '@sheaf/contracts/config';
import type { DemoContext } from './context';
import { json, route } from './http';

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
  route('GET', '/api/config', () => json({ config: DEMO_CONFIG })),
];

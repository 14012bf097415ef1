import type { PublicConfig } from '@sheaf/contracts/config';

export const publicConfigFixture: PublicConfig = {
  baseUrl: 'http://localhost:3000',
  auth: {
    isEmailVerificationRequired: true,
    isPasswordResetEnabled: true,
    isRegistrationEnabled: true,
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
  intakeEmails: { isEnabled: false },
  isSubscriptionsEnabled: false,
  analytics: { isEnabled: false, posthogApiKey: null, posthogHost: null },
  isDemoMode: false,
  supportUrl: null,
};

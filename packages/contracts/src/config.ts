import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** A custom OAuth2/OIDC provider as the sign-in pages show it; a default icon when the URL is null. */
export const customAuthProviderSchema = z.strictObject({
  providerId: z.string(),
  providerName: z.string(),
  providerIconUrl: z.string().nullable(),
});

/** The runtime configuration answered by GET /api/config (accounts spec §3). */
export const publicConfigSchema = z.strictObject({
  baseUrl: z.string(),
  auth: z.strictObject({
    isEmailVerificationRequired: z.boolean(),
    isPasswordResetEnabled: z.boolean(),
    isRegistrationEnabled: z.boolean(),
    showLegalLinksOnAuthPage: z.boolean(),
    providers: z.strictObject({
      email: z.strictObject({ isEnabled: z.boolean() }),
      google: z.strictObject({ isEnabled: z.boolean() }),
      github: z.strictObject({ isEnabled: z.boolean() }),
      customs: z.array(customAuthProviderSchema),
    }),
  }),
  documents: z.strictObject({
    deletedDocumentsRetentionDays: z.number().int().nonnegative(),
  }),
  /** Beyond the spec: days a deleted organization is kept before its purge (ORGANIZATIONS_PURGE_DAYS). */
  organizations: z.strictObject({
    deletedOrganizationsPurgeDaysDelay: z.number().int().positive(),
  }),
  intakeEmails: z.strictObject({ isEnabled: z.boolean() }),
  isSubscriptionsEnabled: z.boolean(),
  /** Opt-in product analytics (PostHog); the web loads posthog-js only when isEnabled. */
  analytics: z.strictObject({
    isEnabled: z.boolean(),
    posthogApiKey: z.string().nullable(),
    posthogHost: z.string().nullable(),
  }),
  isDemoMode: z.boolean(),
  /** Where "Contact support" leads (SUPPORT_URL), or null: the web writes to support@ the instance's host. */
  supportUrl: z.string().nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type CustomAuthProvider = z.infer<typeof customAuthProviderSchema>;

const exampleConfig: PublicConfig = {
  baseUrl: 'https://sheaf.example.com',
  auth: {
    isEmailVerificationRequired: true,
    isPasswordResetEnabled: true,
    isRegistrationEnabled: true,
    showLegalLinksOnAuthPage: false,
    providers: {
      email: { isEnabled: true },
      google: { isEnabled: false },
      github: { isEnabled: false },
      customs: [{ providerId: 'company-sso', providerName: 'Company SSO', providerIconUrl: null }],
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

export const configEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/config',
    tag: 'Instance',
    summary: 'Runtime configuration',
    description:
      'What the web app needs before its first page: sign-in methods, switches and retention delays. No secret is in it.',
    auth: 'none',
    answers: { 200: z.strictObject({ config: publicConfigSchema }) },
    example: { answer: { config: exampleConfig } },
  }),
};

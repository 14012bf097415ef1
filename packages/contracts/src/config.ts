import { z } from 'zod';

export const customAuthProviderSchema = z.object({
  providerId: z.string(),
  providerName: z.string(),
  providerIconUrl: z.string().nullable().optional(),
});

/** The runtime configuration answered by GET /api/config (accounts spec §3). */
export const publicConfigSchema = z.object({
  baseUrl: z.string(),
  auth: z.object({
    isEmailVerificationRequired: z.boolean(),
    isPasswordResetEnabled: z.boolean(),
    isRegistrationEnabled: z.boolean(),
    showLegalLinksOnAuthPage: z.boolean(),
    providers: z.object({
      email: z.object({ isEnabled: z.boolean() }),
      google: z.object({ isEnabled: z.boolean() }),
      github: z.object({ isEnabled: z.boolean() }),
      customs: z.array(customAuthProviderSchema),
    }),
  }),
  documents: z.object({
    deletedDocumentsRetentionDays: z.number().int().nonnegative(),
  }),
  /** Beyond the spec: days a deleted organization is kept before its purge (ORGANIZATIONS_PURGE_DAYS). */
  organizations: z.object({
    deletedOrganizationsPurgeDaysDelay: z.number().int().positive(),
  }),
  intakeEmails: z.object({ isEnabled: z.boolean() }),
  isSubscriptionsEnabled: z.boolean(),
  /** Opt-in product analytics (PostHog); the web loads posthog-js only when isEnabled. */
  analytics: z.object({
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

/** This domain's endpoints (see endpoint.ts). */
export const configEndpoints = {};

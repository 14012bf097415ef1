import type { PublicConfig } from '@sheaf/contracts/config';
import type { Config } from './config';

/** The projection of the configuration that GET /api/config shows to anyone (no secrets). */
export function toPublicConfig({ env }: Config): PublicConfig {
  return {
    baseUrl: env.APP_BASE_URL,
    auth: {
      isEmailVerificationRequired: env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED,
      isPasswordResetEnabled: env.AUTH_IS_PASSWORD_RESET_ENABLED,
      isRegistrationEnabled: env.AUTH_IS_REGISTRATION_ENABLED,
      showLegalLinksOnAuthPage: env.AUTH_SHOW_LEGAL_LINKS,
      providers: {
        email: { isEnabled: env.AUTH_PROVIDERS_EMAIL_IS_ENABLED },
        google: { isEnabled: env.AUTH_PROVIDERS_GOOGLE_IS_ENABLED },
        github: { isEnabled: env.AUTH_PROVIDERS_GITHUB_IS_ENABLED },
        customs: env.AUTH_PROVIDERS_CUSTOMS.map(({ providerId, providerName, providerIconUrl }) => ({
          providerId,
          providerName,
          providerIconUrl: providerIconUrl ?? null,
        })),
      },
    },
    documents: { deletedDocumentsRetentionDays: env.DOCUMENTS_DELETED_RETENTION_DAYS },
    organizations: { deletedOrganizationsPurgeDaysDelay: env.ORGANIZATIONS_PURGE_DAYS },
    intakeEmails: { isEnabled: env.INTAKE_EMAILS_IS_ENABLED },
    isSubscriptionsEnabled: env.SUBSCRIPTIONS_IS_ENABLED,
    analytics: {
      isEnabled: env.ANALYTICS_IS_ENABLED,
      posthogApiKey: env.ANALYTICS_IS_ENABLED ? (env.POSTHOG_API_KEY ?? null) : null,
      posthogHost: env.ANALYTICS_IS_ENABLED ? env.POSTHOG_HOST : null,
    },
    isDemoMode: env.DEMO_MODE_IS_ENABLED,
    supportUrl: env.SUPPORT_URL ?? null,
  };
}

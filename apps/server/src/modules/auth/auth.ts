import { ID_PREFIXES, type IdPrefix } from '@sheaf/contracts/ids';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sheaf/contracts/limits';
import { isEmailAddressLengthValid } from '@sheaf/contracts/text';
import { registrationNameSchema } from '@sheaf/contracts/users';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../../config/config';
import { getAllowedOrigins } from '../../config/config.origins';
import type { AppDatabase } from '../../db/database';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { AccountSecurityUsecases } from '../account-security/account-security.usecases';
import type { EmailsService } from '../emails/emails.service';
import type { UsersUsecases } from '../users/users.usecases';
import {
  createInvalidEmailAddressLengthError,
  createInvalidRegistrationNameError,
  createLastSignInMethodError,
  createOwnsOrganizationsWithMembersError,
  createPasswordResetDisabledError,
  createRegistrationDisabledError,
} from './auth.errors';
import { createProviderErrorHandling } from './auth.provider-errors';
import { createAccountLinkingPolicy, createSignInMethodCheck, toGenericOAuthConfig } from './auth.providers';
import {
  createAccountDisabledError,
  createSecondFactorHooks,
  createSecondFactorPlugins,
} from './auth.second-factor';
import { createSessionCache } from './auth.session-cache';

export const AUTH_BASE_PATH = '/api/auth';
/** The request header our mount sets to the client address; better-auth rate-limits by it. */
export const CLIENT_IP_HEADER = 'x-sheaf-client-ip';

const idPrefixByModel: Record<string, IdPrefix> = {
  user: ID_PREFIXES.user,
  session: ID_PREFIXES.session,
  account: ID_PREFIXES.account,
  verification: ID_PREFIXES.verification,
  rateLimit: ID_PREFIXES.rateLimit,
  twoFactor: ID_PREFIXES.twoFactor,
  passkey: ID_PREFIXES.passkey,
};

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

const SIGN_UP_PATHS = ['/sign-up/email'];
const PASSWORD_RESET_PATHS = ['/request-password-reset', '/reset-password', '/forget-password'];

export type AuthDependencies = {
  config: Config;
  database: AppDatabase;
  secret: string;
  emails: EmailsService;
  users: UsersUsecases;
  accountSecurity: AccountSecurityUsecases;
  logger: Logger;
};

export function createAuth({
  config,
  database,
  secret,
  emails,
  users,
  accountSecurity,
  logger,
}: AuthDependencies) {
  const { env } = config;
  const rateLimitRule = { window: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX_REQUESTS };
  // Sessions requireAuth read recently; the database hooks below evict what better-auth ends.
  const sessionCache = createSessionCache();
  const evictSession = (session: { token?: unknown }) => {
    if (typeof session.token === 'string') sessionCache.evictSession(session.token);
    else sessionCache.clear();
  };
  const providerErrors = createProviderErrorHandling({
    logger,
    customProviderIds: env.AUTH_PROVIDERS_CUSTOMS.map((provider) => provider.providerId),
  });
  const requireEmailVerification = env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED;
  const isSignInMethod = createSignInMethodCheck(env);
  const secondFactor = createSecondFactorHooks({ accountSecurity, secret, appBaseUrl: env.APP_BASE_URL });

  const auth = betterAuth({
    appName: 'Sheaf',
    baseURL: env.APP_BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    // The same list as the request guards' origin check (APP_BASE_URL's origin + TRUSTED_ORIGINS).
    trustedOrigins: getAllowedOrigins(env),
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        providerErrors.observe(level, args);
        logger[level]({ component: 'auth', details: args.length > 0 ? args : undefined }, message);
      },
    },
    advanced: {
      database: {
        generateId: ({ model }) => generateId(idPrefixByModel[model] ?? 'usr'),
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin (CSRF) check when NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
      useSecureCookies: env.APP_BASE_URL.startsWith('https://'),
    },
    // A failed provider sign-in comes back to /login?error=<code> (better-auth's own error page would
    // drop the codes that contain a dot); a link from account settings names its own errorCallbackURL.
    onAPIError: {
      errorURL: `${env.APP_BASE_URL}/login`,
      // Without a handler of ours, better-auth prints every refused request (a wrong password, an
      // invalid body) with its own coloured console logger, whatever LOG_FORMAT says. A refusal
      // is the client's error: a debug line of ours; anything else is an error of ours.
      onError: (error) => {
        const status = isAPIError(error) ? error.statusCode : 500;
        if (status < 500) {
          logger.debug(
            { component: 'auth', status, message: messageOf(error) },
            'Authentication request refused',
          );
        } else {
          logger.error({ component: 'auth', err: error }, 'Authentication request failed');
        }
      },
    },
    user: {
      modelName: 'users',
      validateUserInfo: createAccountLinkingPolicy(env.AUTH_PROVIDERS_CUSTOMS),
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        locale: { type: 'string', required: false, input: true },
      },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          const outcome = await users.prepareAccountDeletion({ userId: user.id });
          if (outcome === 'owns_organizations_with_members') throw createOwnsOrganizationsWithMembersError();
        },
      },
    },
    session: {
      modelName: 'auth_sessions',
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
    },
    account: {
      modelName: 'auth_accounts',
      accountLinking: {
        enabled: true,
        // No provider skips the "provider verified the address" rule of automatic linking; which
        // custom providers may link automatically at all is createAccountLinkingPolicy's decision.
        trustedProviders: [],
        // A signed-in user connecting a provider from account settings proves both identities.
        allowDifferentEmails: true,
        // The last way to sign in is never removed (auth.last_sign_in_method).
        allowUnlinkingAll: false,
      },
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limits',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': rateLimitRule,
        // better-auth's default for /sign-in/* is 3 per 10 s: a few clicks on "Continue with …".
        '/sign-in/social': rateLimitRule,
        '/sign-up/email': rateLimitRule,
        '/request-password-reset': rateLimitRule,
        '/reset-password': rateLimitRule,
        '/send-verification-email': rateLimitRule,
        // The plugin's default (3 per 10 s) would refuse a user retyping a code; wrong codes have
        // their own per-account budget (TWO_FACTOR_MAX_FAILURES in the window).
        '/two-factor/*': rateLimitRule,
        '/passkey/verify-authentication': rateLimitRule,
      },
    },
    emailAndPassword: {
      enabled: env.AUTH_PROVIDERS_EMAIL_IS_ENABLED,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED,
      autoSignIn: !env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await emails.sendPasswordResetEmail({ to: user.email, name: user.name, url, locale: localeOf(user) });
      },
    },
    emailVerification: {
      sendOnSignUp: env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED,
      sendOnSignIn: env.AUTH_IS_EMAIL_VERIFICATION_REQUIRED,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await emails.sendVerificationEmail({ to: user.email, name: user.name, url, locale: localeOf(user) });
      },
    },
    socialProviders: {
      ...(env.AUTH_PROVIDERS_GOOGLE_IS_ENABLED && {
        google: {
          clientId: env.AUTH_PROVIDERS_GOOGLE_CLIENT_ID ?? '',
          clientSecret: env.AUTH_PROVIDERS_GOOGLE_CLIENT_SECRET ?? '',
          requireEmailVerification,
        },
      }),
      ...(env.AUTH_PROVIDERS_GITHUB_IS_ENABLED && {
        github: {
          clientId: env.AUTH_PROVIDERS_GITHUB_CLIENT_ID ?? '',
          clientSecret: env.AUTH_PROVIDERS_GITHUB_CLIENT_SECRET ?? '',
          requireEmailVerification,
        },
      }),
    },
    plugins: [
      ...createSecondFactorPlugins({
        appBaseUrl: env.APP_BASE_URL,
        allowedOrigins: getAllowedOrigins(env),
        accountSecurity,
      }),
      genericOAuth({
        config: env.AUTH_PROVIDERS_CUSTOMS.map((provider) =>
          toGenericOAuthConfig(provider, {
            appBaseUrl: env.APP_BASE_URL,
            signOutAtProvider: env.AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER,
            requireEmailVerification,
          }),
        ),
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (context) => {
        const secondFactorAnswer = await secondFactor.before(context);
        if (secondFactorAnswer) return secondFactorAnswer;
        if (!env.AUTH_IS_REGISTRATION_ENABLED && SIGN_UP_PATHS.includes(context.path)) {
          throw createRegistrationDisabledError();
        }
        if (!env.AUTH_IS_PASSWORD_RESET_ENABLED && PASSWORD_RESET_PATHS.includes(context.path)) {
          throw createPasswordResetDisabledError();
        }
        if (context.path === '/unlink-account') {
          // better-auth only refuses to remove the very last account row; a password while e-mail
          // sign-in is off, or a provider no longer configured, is no way to sign in either.
          const session = await getSessionFromCtx(context);
          const accountId = (context.body as { accountId?: unknown } | undefined)?.accountId;
          if (session && typeof accountId === 'string') {
            const accounts = await context.context.internalAdapter.findAccounts(session.user.id);
            const removes = accounts.some((account) => account.id === accountId);
            const remaining = accounts.filter((account) => account.id !== accountId);
            if (removes && !remaining.some((account) => isSignInMethod(account.providerId))) {
              throw createLastSignInMethodError();
            }
          }
        }
        if (SIGN_UP_PATHS.includes(context.path)) {
          // RFC 5321 lengths, which better-auth's own e-mail check does not enforce.
          const email = (context.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string' && !isEmailAddressLengthValid(email)) {
            throw createInvalidEmailAddressLengthError();
          }
          // better-auth checks the password length; the name rule (trimmed, 1–64) is ours.
          const name = registrationNameSchema.safeParse(
            (context.body as { name?: unknown } | undefined)?.name,
          );
          if (!name.success) throw createInvalidRegistrationNameError();
          return { context: { body: { ...(context.body as object), name: name.data } } };
        }
      }),
      after: createAuthMiddleware(async (context) => {
        await secondFactor.after(context);
        // A second factor added or removed: the sessions cached here carry the user as it was.
        const userId = context.context.session?.user.id;
        if (typeof userId === 'string' && /^\/(two-factor|passkey)\//.test(context.path)) {
          sessionCache.evictUser(userId);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Covers every way an account can appear (e-mail, Google, GitHub, custom OAuth).
          before: async () => {
            if (!env.AUTH_IS_REGISTRATION_ENABLED) throw createRegistrationDisabledError();
          },
        },
        // Name or e-mail changed, or the account deleted: the cached sessions carry the old user.
        update: { after: async (user) => sessionCache.evictUser(user.id) },
        delete: { after: async (user) => sessionCache.evictUser(user.id) },
      },
      session: {
        // Every way of signing in (password, code step, passkey, provider) creates a session here.
        create: {
          before: async (session) => {
            if (await accountSecurity.isDisabled({ userId: session.userId }))
              throw createAccountDisabledError();
          },
          after: async (session) => {
            await accountSecurity.noteSignIn({
              userId: session.userId,
              origin: { userAgent: session.userAgent, address: session.ipAddress },
            });
          },
        },
        // Every way better-auth ends sessions (sign-out, revoke-session(s), revoke-other-sessions,
        // change-password, reset-password, delete-user) deletes their rows through these hooks,
        // which run once the deletion is committed and before the answer is sent.
        update: { after: async (session) => evictSession(session) },
        delete: { after: async (session) => evictSession(session) },
      },
    },
  });
  return Object.assign(auth, { sessionCache, providerErrors });
}

function localeOf(user: object): string | null {
  return 'locale' in user && typeof user.locale === 'string' ? user.locale : null;
}

export type Auth = ReturnType<typeof createAuth>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

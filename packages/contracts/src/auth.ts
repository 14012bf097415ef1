import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import type { ErrorCode } from './errors';
import { PASSWORD_MAX_LENGTH } from './limits';
import { LOCALE_CODES } from './locales';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_LOCAL_PART_MAX_LENGTH, isEmailAddressLengthValid } from './text';
import { passwordSchema, registrationNameSchema } from './users';

/**
 * better-auth's own routes under /api/auth that Sheaf's clients call. better-auth validates them
 * itself: these entries describe them (API description, web client, demo) and are not bound by
 * the server's adapter (`servedBy: 'auth-library'`). Request bodies list the fields that mean
 * something to Sheaf's configuration (better-auth ignores others); the answers are what
 * better-auth 1.7 sends, and an auth contract test checks them against the running server.
 * better-auth's error codes reach clients renamed to the catalogue's (see auth.responses.ts).
 */

/** The user as better-auth answers it (sign-up, sign-in, get-session…): its columns, `locale` included. */
export const authUserSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  /** Never set by Sheaf: null. */
  image: z.string().nullable(),
  /** The UI language e-mails are written in, null until chosen. */
  locale: z.string().nullable(),
  /** True once two-factor sign-in (an authenticator app) is confirmed. */
  twoFactorEnabled: z.boolean(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type AuthUserDto = z.infer<typeof authUserSchema>;

/** A session as better-auth answers it (get-session, list-sessions). */
export const authSessionSchema = z.strictObject({
  id: z.string(),
  /** The session's token (the cookie carries it, signed). */
  token: z.string(),
  userId: z.string(),
  expiresAt: isoDateTime(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** The client address Sheaf saw (behind trusted proxies, the one they forwarded), or null. */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export type AuthSessionDto = z.infer<typeof authSessionSchema>;

/** GET /api/auth/get-session: the session and its user, or `null` when signed out. */
export const currentSessionSchema = z
  .strictObject({ session: authSessionSchema, user: authUserSchema })
  .nullable();

export type CurrentSessionDto = z.infer<typeof currentSessionSchema>;

/** One way to sign in, linked to the user (GET /api/auth/list-accounts); never its tokens or password. */
export const authAccountSchema = z.strictObject({
  id: z.string(),
  /** `credential` for the e-mail and password, else the provider's id (`google`, `github`, a custom one). */
  providerId: z.string(),
  /** The user's id at the provider (the user's own id for `credential`). */
  accountId: z.string(),
  userId: z.string(),
  /** OAuth scopes granted; empty for `credential`. */
  scopes: z.array(z.string()),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});

export type AuthAccountDto = z.infer<typeof authAccountSchema>;

/** POST /api/auth/sign-in/email for an account with two-factor sign-in: the code step comes next. */
export const twoFactorRedirectSchema = z.strictObject({
  twoFactorRedirect: z.literal(true),
  /** `totp`: an authenticator app's code (or a backup code) is asked for. */
  twoFactorMethods: z.array(z.enum(['totp', 'otp'])),
});

/** The answer of routes that only say they did it (`{ status: true }`). */
export const statusAnswerSchema = z.strictObject({ status: z.literal(true) });

/** Where a provider sign-in (or a connection) goes next: the provider's authorization page. */
const providerRedirectAnswerSchema = z.strictObject({
  url: z.string(),
  /** True unless `disableRedirect` was sent: the client navigates to `url`. */
  redirect: z.boolean(),
});

/** A URL of this instance (APP_BASE_URL or a TRUSTED_ORIGINS origin), else 403 `auth.invalid_origin`. */
const trustedUrl = (description: string) => z.string().min(1).describe(description);

/** A provider id: `google`, `github`, or the providerId of one of AUTH_PROVIDERS_CUSTOMS. */
const providerIdSchema = z.string().min(1);

/** better-auth checks addresses as they are sent (not trimmed), then compares them lower-cased. */
const authEmailSchema = z.email();

/** POST /api/auth/sign-up/email (names trimmed; e-mail addresses within RFC 5321 lengths). */
export const signUpEmailBodySchema = z.strictObject({
  name: registrationNameSchema,
  email: authEmailSchema.max(EMAIL_ADDRESS_MAX_LENGTH).refine(isEmailAddressLengthValid, {
    message: `The part before @ must be at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`,
  }),
  password: passwordSchema,
  /** Where the verification e-mail's link leads once the address is verified. */
  callbackURL: trustedUrl('Where the verification link leads once the address is verified').optional(),
  /** False: the session ends with the browser. */
  rememberMe: z.boolean().optional(),
  /** The UI language the e-mails are written in. */
  locale: z.enum(LOCALE_CODES).optional(),
});

export type SignUpEmailBody = z.input<typeof signUpEmailBodySchema>;

/** POST /api/auth/sign-in/email */
export const signInEmailBodySchema = z.strictObject({
  email: authEmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** Where to go once signed in (answered as `url`, with `redirect: true`). */
  callbackURL: trustedUrl('Where to go once signed in').optional(),
  /** False: the session ends with the browser. Default true. */
  rememberMe: z.boolean().optional(),
});

export type SignInEmailBody = z.input<typeof signInEmailBodySchema>;

/** POST /api/auth/sign-in/social (the authorization-code flow: no ID token sign-in). */
export const signInSocialBodySchema = z.strictObject({
  provider: providerIdSchema,
  /** Where the provider's callback sends the browser once signed in. */
  callbackURL: trustedUrl('Where the browser goes once signed in').optional(),
  /** Where it goes for a new account (callbackURL when absent). */
  newUserCallbackURL: trustedUrl('Where the browser goes once a new account is created').optional(),
  /** Where it goes when the sign-in fails, with `?error=<code>` (/login when absent). */
  errorCallbackURL: trustedUrl('Where the browser goes when the sign-in fails').optional(),
  /** True: answer the URL without the `Location` header, for a client that navigates itself. */
  disableRedirect: z.boolean().optional(),
  loginHint: z.string().optional(),
});

export type SignInSocialBody = z.input<typeof signInSocialBodySchema>;

/** POST /api/auth/link-social: connect a provider to the signed-in user (account settings). */
export const linkSocialBodySchema = z.strictObject({
  provider: providerIdSchema,
  callbackURL: trustedUrl('Where the browser goes once connected').optional(),
  errorCallbackURL: trustedUrl('Where the browser goes when connecting fails, with ?error=<code>').optional(),
  disableRedirect: z.boolean().optional(),
  loginHint: z.string().optional(),
});

/** POST /api/auth/sign-out: only for a provider's logout page (AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER). */
export const signOutBodySchema = z.strictObject({
  /** Where the provider's logout page sends the browser back. */
  callbackURL: trustedUrl('Where the provider logout page sends the browser back').optional(),
  /** True: answer the provider's logout URL without redirecting. */
  disableRedirect: z.boolean().optional(),
});

/** POST /api/auth/unlink-account */
export const unlinkAccountBodySchema = z.strictObject({
  /** The `id` of one of GET /api/auth/list-accounts (not the provider's `accountId`). */
  accountId: z.string().min(1),
});

/** POST /api/auth/change-password */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1),
  newPassword: passwordSchema,
  /** True: every other session ends, and this one is replaced (its new token answered). */
  revokeOtherSessions: z.boolean().optional(),
});

/** POST /api/auth/delete-user */
export const deleteUserBodySchema = z.strictObject({
  /** Required for an account with a password whose session is older than a day; unused otherwise. */
  password: z.string().min(1).optional(),
});

/** POST /api/auth/update-user: Sheaf's clients use PUT /api/users/me, which checks the name. */
export const authUpdateUserBodySchema = z.strictObject({
  name: z.string().optional(),
  image: z.string().nullable().optional(),
  locale: z.enum(LOCALE_CODES).optional(),
});

/** POST /api/auth/request-password-reset */
export const requestPasswordResetBodySchema = z.strictObject({
  email: authEmailSchema,
  /** The web's /reset-password page: the e-mail's link sends the browser there with `?token=`. */
  redirectTo: trustedUrl(
    'The page the e-mail link leads to, with ?token= (or ?error=INVALID_TOKEN)',
  ).optional(),
});

/** POST /api/auth/reset-password */
export const resetPasswordBodySchema = z.strictObject({
  newPassword: passwordSchema,
  /** The `token` the /reset-password page was given. */
  token: z.string().min(1),
});

/** POST /api/auth/send-verification-email */
export const sendVerificationEmailBodySchema = z.strictObject({
  email: authEmailSchema,
  callbackURL: trustedUrl('Where the verification link leads once the address is verified').optional(),
});

/** GET /api/auth/get-session: better-auth reads these two and ignores any other parameter. */
export const getSessionQuerySchema = z.object({
  /** Any value but empty means true: the session is not extended by this read. */
  disableRefresh: z.coerce.boolean().optional(),
  disableCookieCache: z.coerce.boolean().optional(),
});

export const TAG = 'Authentication';
/** better-auth limits requests per client address (AUTH_RATE_LIMIT_* on sign-in, sign-up and password reset). */
export const RATE_LIMITED: readonly ErrorCode[] = ['api.rate_limited'];
const PASSWORD_RULES: readonly ErrorCode[] = ['auth.password_too_short', 'auth.password_too_long'];

export const exampleUser: AuthUserDto = {
  id: 'usr_0123456789abcdefghijklmn',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  image: null,
  locale: 'en',
  twoFactorEnabled: false,
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
};
export const exampleSession: AuthSessionDto = {
  id: 'ses_0123456789abcdefghijklmn',
  token: 'Qk3v9XyZ0aBcDeFgHiJkLmNoPqRsTuVw',
  userId: exampleUser.id,
  expiresAt: '2026-02-07T09:15:00.000Z',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
};

export const authEndpoints = {
  signUpEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    tag: TAG,
    summary: 'Create an account with an e-mail and a password',
    description:
      'When e-mail verification is required (AUTH_IS_EMAIL_VERIFICATION_REQUIRED), a verification e-mail is sent, `token` is null and no session starts; an address already taken then answers the same, so that sign-up does not reveal who has an account. Otherwise the session cookie is set. 403 `auth.registration_disabled` when sign-up is switched off.',
    auth: 'none',
    servedBy: 'auth-library',
    body: signUpEmailBodySchema,
    answers: {
      200: z.strictObject({
        /** The new session's token, or null when no session started (verification required). */
        token: z.string().nullable(),
        user: authUserSchema,
      }),
    },
    errors: {
      400: ['auth.invalid_email', ...PASSWORD_RULES],
      403: ['auth.registration_disabled'],
      422: ['auth.email_already_in_use', 'internal.error'],
      429: RATE_LIMITED,
    },
    example: {
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'correct horse battery',
        locale: 'en',
      },
      answer: { token: null, user: { ...exampleUser, emailVerified: false } },
    },
  }),
  signInEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    tag: TAG,
    summary: 'Sign in with an e-mail and a password',
    description:
      'Sets the session cookie; for an account with two-factor sign-in (and no trusted-device cookie) it answers `twoFactorRedirect: true` instead, sets a short-lived cookie, and the sign-in ends with POST /api/auth/two-factor/verify-totp or verify-backup-code. A wrong e-mail or password gets 401 `auth.invalid_credentials`; an address not verified yet (when verification is required) 403 `auth.email_not_verified`, and a new verification e-mail.',
    auth: 'none',
    servedBy: 'auth-library',
    body: signInEmailBodySchema,
    answers: {
      200: z.union([
        z.strictObject({
          /** True when `callbackURL` was sent: `url` is where to go. */
          redirect: z.boolean(),
          token: z.string(),
          /** The `callbackURL` sent; absent without one. */
          url: z.string().optional(),
          user: authUserSchema,
        }),
        twoFactorRedirectSchema,
      ]),
    },
    errors: {
      400: ['auth.invalid_email', 'auth.password_too_long'],
      // 401 `auth.invalid_credentials` too, which `errors` cannot list yet (see the description).
      403: ['auth.email_not_verified'],
      429: RATE_LIMITED,
    },
    example: {
      body: { email: 'ada@example.com', password: 'correct horse battery', rememberMe: true },
      answer: { redirect: false, token: exampleSession.token, user: exampleUser },
    },
  }),
  signInSocial: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-in/social',
    tag: TAG,
    summary: 'Start a sign-in with Google, GitHub or a custom provider',
    description:
      "Answers the provider's authorization page; the provider sends the browser back to /api/auth/callback/{provider}, which signs in and goes to `callbackURL` (or to `errorCallbackURL`, /login by default, with `?error=<auth.* code>`). 503 `auth.provider_unavailable` when a custom provider's discovery document cannot be read.",
    auth: 'none',
    servedBy: 'auth-library',
    body: signInSocialBodySchema,
    answers: { 200: providerRedirectAnswerSchema },
    errors: { 404: ['auth.provider_not_found'], 429: RATE_LIMITED, 503: ['auth.provider_unavailable'] },
    example: {
      body: { provider: 'github', callbackURL: 'https://sheaf.example.com' },
      answer: { url: 'https://github.com/login/oauth/authorize?client_id=…&state=…', redirect: true },
    },
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    tag: TAG,
    summary: 'Sign out',
    description:
      'Ends the session of the cookie sent, if any, and clears the cookie; without one it answers the same. With AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER and a provider that has a logout page, `url` is that page and `redirect` true: the client goes there to sign out at the provider too.',
    auth: 'none',
    servedBy: 'auth-library',
    body: signOutBodySchema.optional(),
    answers: {
      200: z.strictObject({
        success: z.literal(true),
        url: z.string().optional(),
        redirect: z.boolean().optional(),
      }),
    },
    errors: { 429: RATE_LIMITED },
    example: { answer: { success: true } },
  }),
  getSession: defineEndpoint({
    method: 'GET',
    path: '/api/auth/get-session',
    tag: TAG,
    summary: 'The current session and its user, or null',
    description:
      'Answers `null` (200) when signed out or when the session has expired. Reading the session extends it once a day (unless `disableRefresh`).',
    auth: 'none',
    servedBy: 'auth-library',
    query: getSessionQuerySchema,
    answers: { 200: currentSessionSchema },
    errors: { 429: RATE_LIMITED },
    example: { answer: { session: exampleSession, user: exampleUser } },
  }),
  listSessions: defineEndpoint({
    method: 'GET',
    path: '/api/auth/list-sessions',
    tag: TAG,
    summary: "The signed-in user's active sessions",
    description: 'Needs a session signed in within the last day (403 `auth.session_not_fresh`).',
    auth: 'session',
    servedBy: 'auth-library',
    answers: { 200: z.array(authSessionSchema) },
    errors: { 403: ['auth.session_not_fresh'], 429: RATE_LIMITED },
    example: { answer: [exampleSession] },
  }),
  revokeSessions: defineEndpoint({
    method: 'POST',
    path: '/api/auth/revoke-sessions',
    tag: TAG,
    summary: 'End every session of the signed-in user, this one included',
    auth: 'session',
    servedBy: 'auth-library',
    answers: { 200: statusAnswerSchema },
    errors: { 429: RATE_LIMITED },
    example: { answer: { status: true } },
  }),
  revokeOtherSessions: defineEndpoint({
    method: 'POST',
    path: '/api/auth/revoke-other-sessions',
    tag: TAG,
    summary: "End the signed-in user's other sessions",
    auth: 'session',
    servedBy: 'auth-library',
    answers: { 200: statusAnswerSchema },
    errors: { 429: RATE_LIMITED },
    example: { answer: { status: true } },
  }),
  listAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/auth/list-accounts',
    tag: TAG,
    summary: "The signed-in user's ways to sign in (password, providers)",
    auth: 'session',
    servedBy: 'auth-library',
    answers: { 200: z.array(authAccountSchema) },
    errors: { 429: RATE_LIMITED },
    example: {
      answer: [
        {
          id: 'acc_0123456789abcdefghijklmn',
          providerId: 'credential',
          accountId: exampleUser.id,
          userId: exampleUser.id,
          scopes: [],
          createdAt: '2026-01-31T09:15:00.000Z',
          updatedAt: '2026-01-31T09:15:00.000Z',
        },
      ],
    },
  }),
  linkSocial: defineEndpoint({
    method: 'POST',
    path: '/api/auth/link-social',
    tag: TAG,
    summary: 'Connect Google, GitHub or a custom provider to the signed-in user',
    description:
      "Answers the provider's authorization page, as sign-in does; its callback connects the provider account (or goes to `errorCallbackURL` with `?error=auth.provider_account_in_use` when another user has it).",
    auth: 'session',
    servedBy: 'auth-library',
    body: linkSocialBodySchema,
    answers: { 200: providerRedirectAnswerSchema },
    errors: { 404: ['auth.provider_not_found'], 429: RATE_LIMITED },
    example: {
      body: {
        provider: 'google',
        callbackURL: 'https://sheaf.example.com/settings',
        errorCallbackURL: 'https://sheaf.example.com/settings',
      },
      answer: { url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=…&state=…', redirect: true },
    },
  }),
  unlinkAccount: defineEndpoint({
    method: 'POST',
    path: '/api/auth/unlink-account',
    tag: TAG,
    summary: 'Remove a way to sign in',
    description:
      "The account's last way to sign in — counting a password only while e-mail sign-in is on, and a provider only while it is configured — is kept (400 `auth.last_sign_in_method`). Needs a session signed in within the last day (403 `auth.session_not_fresh`).",
    auth: 'session',
    servedBy: 'auth-library',
    body: unlinkAccountBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: { 400: ['auth.last_sign_in_method'], 403: ['auth.session_not_fresh'], 429: RATE_LIMITED },
    example: { body: { accountId: 'acc_0123456789abcdefghijklmn' }, answer: { status: true } },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    tag: TAG,
    summary: "Change the signed-in user's password",
    auth: 'session',
    servedBy: 'auth-library',
    body: changePasswordBodySchema,
    answers: {
      200: z.strictObject({
        /** The new session's token when `revokeOtherSessions`, else null. */
        token: z.string().nullable(),
        user: authUserSchema,
      }),
    },
    errors: { 400: ['auth.invalid_password', 'auth.no_password', ...PASSWORD_RULES], 429: RATE_LIMITED },
    example: {
      body: { currentPassword: 'correct horse battery', newPassword: 'battery staple horse correct' },
      answer: { token: null, user: exampleUser },
    },
  }),
  deleteUser: defineEndpoint({
    method: 'POST',
    path: '/api/auth/delete-user',
    tag: TAG,
    summary: "Delete the signed-in user's account",
    description:
      'Refused while the user owns an organization that has other members (409 `user.owns_organizations_with_members`); the organizations where the user is alone are deleted (restorable until their purge). A session older than a day needs the password (400 `auth.session_not_fresh` without it).',
    auth: 'session',
    servedBy: 'auth-library',
    body: deleteUserBodySchema,
    answers: { 200: z.strictObject({ success: z.literal(true), message: z.literal('User deleted') }) },
    errors: {
      400: ['auth.invalid_password', 'auth.no_password', 'auth.session_not_fresh'],
      409: ['user.owns_organizations_with_members'],
      429: RATE_LIMITED,
    },
    example: {
      body: { password: 'correct horse battery' },
      answer: { success: true, message: 'User deleted' },
    },
  }),
  updateUser: defineEndpoint({
    method: 'POST',
    path: '/api/auth/update-user',
    tag: TAG,
    summary: "better-auth's own update of the signed-in user",
    description:
      'Prefer PUT /api/users/me, which checks the name as every form does and answers the user. At least one field (400 otherwise); the e-mail address cannot be changed here.',
    auth: 'session',
    servedBy: 'auth-library',
    body: authUpdateUserBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: { 429: RATE_LIMITED },
    example: { body: { locale: 'fr' }, answer: { status: true } },
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    tag: TAG,
    summary: 'Send a password reset e-mail',
    description:
      'Answers the same whether an account has the address or not. 403 `auth.password_reset_disabled` when password reset is switched off.',
    auth: 'none',
    servedBy: 'auth-library',
    body: requestPasswordResetBodySchema,
    answers: { 200: z.strictObject({ status: z.literal(true), message: z.string() }) },
    errors: { 403: ['auth.password_reset_disabled'], 429: RATE_LIMITED },
    example: {
      body: { email: 'ada@example.com', redirectTo: 'https://sheaf.example.com/reset-password' },
      answer: {
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      },
    },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: TAG,
    summary: "Set a new password with a reset e-mail's token",
    description:
      'Ends every session of the account. A token already used or expired: 400 `auth.invalid_token`.',
    auth: 'none',
    servedBy: 'auth-library',
    body: resetPasswordBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: {
      400: ['auth.invalid_token', 'auth.user_not_found', ...PASSWORD_RULES],
      403: ['auth.password_reset_disabled'],
      429: RATE_LIMITED,
    },
    example: {
      body: { newPassword: 'battery staple horse correct', token: 'x4Yb8QmZ0p1R2s3T4u5V6w7X' },
      answer: { status: true },
    },
  }),
  sendVerificationEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/send-verification-email',
    tag: TAG,
    summary: 'Send the address verification e-mail again',
    description:
      "Signed out, it answers the same whether the address needs verifying or not. Signed in, the address must be the user's own and not verified yet (400 `auth.email_already_verified`).",
    auth: 'none',
    servedBy: 'auth-library',
    body: sendVerificationEmailBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: { 400: ['auth.email_already_verified'], 429: RATE_LIMITED },
    example: {
      body: { email: 'ada@example.com', callbackURL: 'https://sheaf.example.com' },
      answer: { status: true },
    },
  }),
};

import { passkey } from '@better-auth/passkey';
import { createHMAC } from '@better-auth/utils/hmac';
import { createOTP } from '@better-auth/utils/otp';
import { passkeyNameSchema, TRUSTED_DEVICE_DAYS } from '@sheaf/contracts/account-security';
import { errorMessage } from '@sheaf/contracts/errors';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { AccountSecurityUsecases, RequestOrigin } from '../account-security/account-security.usecases';

/** better-auth's hook context (the parameter of createAuthMiddleware's handler). */
// biome-ignore lint/suspicious/noExplicitAny: better-auth's middleware context type is not exported by name.
type HookContext = any;

const TOTP_PERIOD_SECONDS = 30;
const TWO_FACTOR_COOKIE_NAME = 'two_factor';
const TRUST_DEVICE_COOKIE_NAME = 'trust_device';
/** How long the code step of a sign-in waits (the plugin's own for password sign-ins). */
const CODE_STEP_SECONDS = 600;
/** Where a provider's callback ends (better-auth's social and generic OAuth callbacks). */
const PROVIDER_CALLBACK_PATH = /^\/(oauth2\/)?callback\//;
const BASE32_PREFIX = 'base32:';
const VERIFY_CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** Changes an account without a password confirms by a recent sign-in instead (FRESH_SIGN_IN_SECONDS). */
const FRESH_SIGN_IN_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/delete-user',
]);
const WRONG_CODE_ERRORS = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);
const PASSKEY_NAME_PATHS = new Set(['/passkey/verify-registration', '/passkey/update-passkey']);

export const createAccountDisabledError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.account_disabled',
    message: errorMessage('auth.account_disabled'),
  });

const createFreshSignInRequiredError = () =>
  new APIError('FORBIDDEN', {
    code: 'auth.fresh_sign_in_required',
    message: errorMessage('auth.fresh_sign_in_required'),
  });

const createAttemptsExceededError = (retryAfterSeconds: number) =>
  new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'auth.two_factor_attempts_exceeded', message: errorMessage('auth.two_factor_attempts_exceeded') },
    { 'Retry-After': String(retryAfterSeconds) },
  );

const createReplayedCodeError = () =>
  new APIError('UNAUTHORIZED', {
    code: 'auth.invalid_two_factor_code',
    message: 'This code was already used: wait for the next one.',
  });

/** better-auth's two-factor and passkey plugins, configured for Sheaf's tables and rules. */
export function createSecondFactorPlugins({
  appBaseUrl,
  allowedOrigins,
  accountSecurity,
}: {
  appBaseUrl: string;
  allowedOrigins: string[];
  accountSecurity: AccountSecurityUsecases;
}) {
  return [
    twoFactor({
      issuer: 'Sheaf',
      // An account without a password confirms with a fresh sign-in (the before hook below).
      allowPasswordless: true,
      trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 3600,
      // Ours counts wrong codes per account in a window (two_factor_failures), shared by processes.
      accountLockout: { enabled: false },
      schema: {
        user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
        twoFactor: {
          modelName: 'auth_two_factors',
          fields: {
            backupCodes: 'backup_codes',
            userId: 'user_id',
            failedVerificationCount: 'failed_verification_count',
            lockedUntil: 'locked_until',
          },
        },
      },
    }),
    passkey({
      rpID: new URL(appBaseUrl).hostname,
      rpName: 'Sheaf',
      origin: allowedOrigins,
      // A resident key with user verification: a passkey sign-in is a complete, two-factor sign-in.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      authentication: {
        afterVerification: async ({ verification, clientData }) => {
          if (!verification.authenticationInfo.userVerified) {
            throw new APIError('UNAUTHORIZED', {
              code: 'AUTHENTICATION_FAILED',
              message: 'The authenticator did not verify the user (PIN or biometrics).',
            });
          }
          await accountSecurity.touchPasskey({ credentialId: clientData.id });
        },
      },
      schema: {
        passkey: {
          modelName: 'auth_passkeys',
          fields: {
            publicKey: 'public_key',
            userId: 'user_id',
            credentialID: 'credential_id',
            deviceType: 'device_type',
            backedUp: 'backed_up',
            createdAt: 'created_at',
          },
        },
      },
    }),
  ];
}

/** What a before hook learnt about a request, read again by its after hook. */
type RequestNote = { userId?: string; wasTwoFactorEnabled?: boolean; hadSession?: boolean };

/**
 * What Sheaf adds around the plugins' routes: the per-account budget of wrong codes (429 with
 * Retry-After), TOTP replay protection, the fresh-sign-in rule for accounts without a password,
 * trusted devices forgotten on every credential change, and the security e-mails.
 */
export function createSecondFactorHooks({
  accountSecurity,
  secret,
  appBaseUrl,
}: {
  accountSecurity: AccountSecurityUsecases;
  secret: string;
  appBaseUrl: string;
}) {
  const notes = new WeakMap<object, RequestNote>();
  const keyOf = (ctx: HookContext): object => ctx.request ?? ctx.headers ?? ctx;
  const originOf = (ctx: HookContext): RequestOrigin => ({
    userAgent: ctx.headers?.get?.('user-agent') ?? null,
    address: ctx.headers?.get?.('x-sheaf-client-ip') ?? null,
  });

  /** The user a code is for: the signed-in one, or the one a sign-in's two-factor cookie names. */
  const codeUserOf = async (ctx: HookContext) => {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) return { userId: session.user.id as string, session };
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return undefined;
    const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return verification ? { userId: verification.value as string, session: null } : undefined;
  };

  /** The time step a 6-digit code belongs to (the plugin accepts one step either side), if any. */
  const matchingStep = async (userId: string, code: string) => {
    const row = await accountSecurity.findTwoFactorSecret({ userId });
    if (!row || !/^\d{6}$/.test(code)) return undefined;
    let key = await symmetricDecrypt({ key: secret, data: row.secret });
    if (key.startsWith(BASE32_PREFIX)) return undefined;
    key = key.trim();
    const otp = createOTP(key, { period: TOTP_PERIOD_SECONDS, digits: 6 });
    const current = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    for (const step of [current - 1, current, current + 1]) {
      if ((await otp.hotp(step)) === code) return step;
    }
    return undefined;
  };

  /** Whether this browser holds a valid "trust this device" cookie of the user (as the plugin checks it). */
  const isTrustedDevice = async (ctx: HookContext, userId: string) => {
    const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE_NAME);
    const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    const [token, identifier] = typeof value === 'string' ? value.split('!') : [];
    if (!token || !identifier) return false;
    const expected = await createHMAC('SHA-256', 'base64urlnopad').sign(
      ctx.context.secret,
      `${userId}!${identifier}`,
    );
    if (token !== expected) return false;
    const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return Boolean(record && record.value === userId && new Date(record.expiresAt) > new Date());
  };

  /**
   * better-auth's plugin asks for the code after a password only; a sign-in through an identity
   * provider of an account with two-factor sign-in gets the same step: the session just made is
   * ended, the code step's cookie set, and the browser sent to /login's code step, then back to
   * where the sign-in was going.
   */
  const requireCodeAfterProvider = async (ctx: HookContext) => {
    const data = ctx.context.newSession;
    if (!data?.user?.twoFactorEnabled) return;
    if (await isTrustedDevice(ctx, data.user.id)) return;
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(data.session.token);
    ctx.context.setNewSession(null);
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + CODE_STEP_SECONDS * 1000);
    await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
    await ctx.context.internalAdapter.createVerificationValue({
      value: '0',
      identifier: `2fa-attempts-${identifier}`,
      expiresAt,
    });
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE_NAME, { maxAge: CODE_STEP_SECONDS });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
    const login = new URL('/login', appBaseUrl);
    login.searchParams.set('step', 'two-factor');
    const going = locationOf(ctx.context.returned);
    if (going) {
      const next = new URL(going, appBaseUrl);
      if (next.origin === login.origin && next.pathname !== '/')
        login.searchParams.set('next', `${next.pathname}${next.search}`);
    }
    throw ctx.redirect(login.toString());
  };

  return {
    async before(ctx: HookContext) {
      const path: string = ctx.path;
      if (VERIFY_CODE_PATHS.has(path)) {
        const who = await codeUserOf(ctx);
        if (!who) return;
        notes.set(keyOf(ctx), {
          userId: who.userId,
          hadSession: who.session !== null,
          wasTwoFactorEnabled: Boolean(who.session?.user.twoFactorEnabled),
        });
        const wait = await accountSecurity.secondsUntilNextTwoFactorAttempt({ userId: who.userId });
        if (wait > 0) throw createAttemptsExceededError(wait);
        if (path === '/two-factor/verify-totp') {
          const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? '').replace(/\s/g, '');
          const step = await matchingStep(who.userId, code);
          if (step !== undefined && !(await accountSecurity.claimTotpStep({ userId: who.userId, step }))) {
            await accountSecurity.recordTwoFactorFailure({ userId: who.userId });
            throw createReplayedCodeError();
          }
        }
        return;
      }
      if (FRESH_SIGN_IN_PATHS.has(path)) {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (!session) return;
        if (await accountSecurity.hasPassword({ userId: session.user.id })) return;
        if (!accountSecurity.isSignInFresh({ signedInAt: session.session.createdAt })) {
          throw createFreshSignInRequiredError();
        }
        return;
      }
      if (PASSKEY_NAME_PATHS.has(path)) {
        const name = (ctx.body as { name?: unknown } | undefined)?.name;
        if (name === undefined && path === '/passkey/verify-registration') return;
        const parsed = passkeyNameSchema.safeParse(name);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', {
            code: 'api.validation_error',
            message: 'The passkey name is required, at most 64 characters, on one line.',
          });
        }
        return { context: { body: { ...(ctx.body as object), name: parsed.data } } };
      }
      if (path === '/reset-password') {
        const token = (ctx.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string') return;
        const verification = await ctx.context.internalAdapter
          .findVerificationValue(`reset-password:${token}`)
          .catch(() => null);
        if (verification) notes.set(keyOf(ctx), { userId: verification.value });
      }
    },

    async after(ctx: HookContext) {
      const path: string = ctx.path;
      if (PROVIDER_CALLBACK_PATH.test(path)) {
        await requireCodeAfterProvider(ctx);
        return;
      }
      const returned = ctx.context.returned;
      const failed = isAPIError(returned) || returned instanceof Error;
      const note = notes.get(keyOf(ctx));
      if (VERIFY_CODE_PATHS.has(path)) {
        if (!note?.userId) return;
        const code = isAPIError(returned)
          ? (returned.body as { code?: string } | undefined)?.code
          : undefined;
        if (code && WRONG_CODE_ERRORS.has(code))
          await accountSecurity.recordTwoFactorFailure({ userId: note.userId });
        if (!failed && path === '/two-factor/verify-totp' && note.hadSession && !note.wasTwoFactorEnabled) {
          await accountSecurity.sendNotice(note.userId, 'two_factor_enabled', { origin: originOf(ctx) });
        }
        return;
      }
      if (failed) return;
      const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
      const userId: string | undefined = session?.user.id ?? note?.userId;
      if (!userId) return;
      switch (path) {
        case '/two-factor/disable':
          await accountSecurity.forgetTrustedDevices({ userId });
          await accountSecurity.sendNotice(userId, 'two_factor_disabled', { origin: originOf(ctx) });
          return;
        case '/two-factor/generate-backup-codes':
          await accountSecurity.sendNotice(userId, 'backup_codes_regenerated', { origin: originOf(ctx) });
          return;
        case '/passkey/verify-registration': {
          const name = (ctx.body as { name?: unknown } | undefined)?.name;
          await accountSecurity.sendNotice(userId, 'passkey_added', {
            origin: originOf(ctx),
            passkeyName: typeof name === 'string' ? name : null,
          });
          return;
        }
        case '/change-password':
        case '/reset-password':
          await accountSecurity.forgetTrustedDevices({ userId });
          await accountSecurity.sendNotice(userId, 'password_changed', { origin: originOf(ctx) });
          return;
        case '/revoke-sessions':
          await accountSecurity.forgetTrustedDevices({ userId });
          return;
      }
    },
  };
}

/** Where a redirect answer sends the browser (the endpoint's APIError or Response), if anywhere. */
function locationOf(returned: unknown): string | undefined {
  if (returned instanceof Response) return returned.headers.get('location') ?? undefined;
  if (isAPIError(returned)) {
    const headers = (returned as { headers?: unknown }).headers;
    if (headers instanceof Headers) return headers.get('location') ?? undefined;
    if (headers && typeof headers === 'object') {
      const location =
        (headers as Record<string, unknown>).Location ?? (headers as Record<string, unknown>).location;
      return typeof location === 'string' ? location : undefined;
    }
  }
  return undefined;
}

import { z } from 'zod';
import {
  authSessionSchema,
  authUserSchema,
  exampleSession,
  exampleUser,
  RATE_LIMITED,
  statusAnswerSchema,
  TAG,
} from './auth';
import { defineEndpoint, isoDateTime } from './endpoint';
import { singleLineString } from './text';
import {
  BACKUP_CODES_COUNT,
  PASSKEY_NAME_MAX_LENGTH,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
} from './two-factor-codes';

export {
  BACKUP_CODES_COUNT,
  FRESH_SIGN_IN_SECONDS,
  isAuthenticatorCode,
  normalizeTwoFactorCode,
  PASSKEY_NAME_MAX_LENGTH,
  TRUSTED_DEVICE_DAYS,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
  toBackupCodeFormat,
} from './two-factor-codes';

const passwordField = z
  .string()
  .min(1)
  .describe('The current password; required when the account has one, ignored otherwise');

export const enableTwoFactorBodySchema = z.strictObject({ password: passwordField.optional() });
export const disableTwoFactorBodySchema = z.strictObject({ password: passwordField.optional() });
export const generateBackupCodesBodySchema = z.strictObject({ password: passwordField.optional() });

export const verifyTwoFactorCodeBodySchema = z.strictObject({
  code: z.string().min(1).max(64),
  /** Skip the code step on this browser for TRUSTED_DEVICE_DAYS (a signed, HttpOnly cookie). */
  trustDevice: z.boolean().optional(),
});

export const passkeyNameSchema = singleLineString().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH);

export const updatePasskeyBodySchema = z.strictObject({ id: z.string().min(1), name: passkeyNameSchema });
export const deletePasskeyBodySchema = z.strictObject({ id: z.string().min(1) });

/** The browser's answer to navigator.credentials.create/get, as @simplewebauthn/browser gives it. */
const webAuthnResponseSchema = z
  .looseObject({ id: z.string(), rawId: z.string(), type: z.literal('public-key') })
  .describe('The PublicKeyCredential, JSON-encoded (RegistrationResponseJSON / AuthenticationResponseJSON)');

export const verifyPasskeyRegistrationBodySchema = z.strictObject({
  response: webAuthnResponseSchema,
  name: passkeyNameSchema.optional(),
});
export const verifyPasskeyAuthenticationBodySchema = z.strictObject({ response: webAuthnResponseSchema });

export const passkeyRegistrationOptionsQuerySchema = z.strictObject({
  name: passkeyNameSchema.optional(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** One passkey of the signed-in user (GET /api/users/me/security). */
export const passkeySchema = z.strictObject({
  id: z.string(),
  name: z.string().nullable(),
  /** `singleDevice` or `multiDevice` (synced by a password manager or the platform). */
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: isoDateTime().nullable(),
  /** The last sign-in with it, null before the first. */
  lastUsedAt: isoDateTime().nullable(),
});

export type PasskeyDto = z.infer<typeof passkeySchema>;

/** GET /api/users/me/security: what the account settings' security cards show. */
export const accountSecuritySchema = z.strictObject({
  twoFactorEnabled: z.boolean(),
  passkeys: z.array(passkeySchema),
  /** False for an account that signs in only through identity providers. */
  hasPassword: z.boolean(),
  /** When this session signed in; an account without a password confirms changes until FRESH_SIGN_IN_SECONDS after it. */
  signedInAt: isoDateTime(),
  /** Whether this sign-in is recent enough to confirm changes without a password. */
  isSignInFresh: z.boolean(),
});

export type AccountSecurityDto = z.infer<typeof accountSecuritySchema>;

/** Whether a user has a second factor for an organization's policy: TOTP, or any passkey. */
export function hasSecondFactor(security: { twoFactorEnabled: boolean; passkeyCount: number }): boolean {
  return security.twoFactorEnabled || security.passkeyCount > 0;
}

const enableAnswerSchema = z.strictObject({
  method: z.literal('totp'),
  /** `otpauth://totp/…`: shown as a QR code; its `secret` parameter is the key to type by hand. */
  totpURI: z.string(),
  backupCodes: z.array(z.string()).length(BACKUP_CODES_COUNT),
});

const signedInAnswerSchema = z.strictObject({ token: z.string(), user: authUserSchema });

/** What @simplewebauthn/server's generateRegistrationOptions gives (the browser's `publicKey`). */
const registrationOptionsSchema = z
  .looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string(), id: z.string() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ type: z.string(), alg: z.number() })),
  })
  .describe('PublicKeyCredentialCreationOptionsJSON');

const authenticationOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional() })
  .describe('PublicKeyCredentialRequestOptionsJSON');

const passkeyRowSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  userId: z.string(),
  credentialID: z.string(),
  deviceType: z.string(),
  backedUp: z.boolean(),
});

const FRESH_RULE =
  'An account with a password confirms with `password`; one without (identity-provider sign-in) must have signed in less than ten minutes ago (403 `auth.fresh_sign_in_required`).';

const exampleCodes = [
  'a1b2c-d3e4f',
  'g5h6i-j7k8l',
  'm9n0o-p1q2r',
  's3t4u-v5w6x',
  'y7z8a-b9c0d',
  'e1f2g-h3i4j',
  'k5l6m-n7o8p',
  'q9r0s-t1u2v',
  'w3x4y-z5a6b',
  'c7d8e-f9g0h',
];

/** What checking a two-factor code can refuse (authenticator or backup code alike). */
const CODE_CHECK_ERRORS = {
  400: ['auth.two_factor_not_enabled'],
  401: ['auth.invalid_two_factor_code', 'auth.two_factor_challenge_expired'],
  403: ['auth.account_disabled'],
  429: ['auth.two_factor_attempts_exceeded', ...RATE_LIMITED],
} as const;

export const accountSecurityEndpoints = {
  getSecurity: defineEndpoint({
    method: 'GET',
    path: '/api/users/me/security',
    tag: 'Account',
    summary: "The signed-in user's second factors",
    description: 'Two-factor sign-in, passkeys (with their last use), and whether this sign-in is fresh.',
    auth: 'session',
    answers: { 200: z.strictObject({ security: accountSecuritySchema }) },
    example: {
      answer: {
        security: {
          twoFactorEnabled: true,
          passkeys: [
            {
              id: 'pk_0123456789abcdefghijklmn',
              name: 'MacBook Touch ID',
              deviceType: 'multiDevice',
              backedUp: true,
              createdAt: '2026-01-31T09:15:00.000Z',
              lastUsedAt: '2026-02-02T08:00:00.000Z',
            },
          ],
          hasPassword: true,
          signedInAt: '2026-02-02T08:00:00.000Z',
          isSignInFresh: false,
        },
      },
    },
  }),
  enableTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    tag: TAG,
    summary: 'Start setting up two-factor sign-in',
    description: `Answers the authenticator key (as an otpauth URI) and ${BACKUP_CODES_COUNT} backup codes; two-factor sign-in is on once POST /api/auth/two-factor/verify-totp confirms a first code. ${FRESH_RULE}`,
    auth: 'session',
    servedBy: 'auth-library',
    body: enableTwoFactorBodySchema,
    answers: { 200: enableAnswerSchema },
    errors: {
      400: ['auth.invalid_password', 'auth.two_factor_already_enabled'],
      403: ['auth.fresh_sign_in_required'],
      429: RATE_LIMITED,
    },
    example: {
      body: { password: 'correct horse battery' },
      answer: {
        method: 'totp',
        totpURI:
          'otpauth://totp/Sheaf:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Sheaf&digits=6&period=30',
        backupCodes: exampleCodes,
      },
    },
  }),
  verifyTotp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/verify-totp',
    tag: TAG,
    summary: "Check an authenticator app's code",
    description: `Signed in: confirms the setup (two-factor sign-in is then on). During a sign-in (the cookie POST /api/auth/sign-in/email set): completes it and sets the session cookie. A code is accepted once; ${TWO_FACTOR_MAX_FAILURES} wrong codes in ${TWO_FACTOR_FAILURE_WINDOW_SECONDS / 60} minutes for an account and the next attempt answers 429 \`auth.two_factor_attempts_exceeded\` with \`Retry-After\`.`,
    auth: 'none',
    servedBy: 'auth-library',
    body: verifyTwoFactorCodeBodySchema,
    answers: { 200: signedInAnswerSchema },
    errors: CODE_CHECK_ERRORS,
    example: {
      body: { code: '123456', trustDevice: true },
      answer: { token: exampleSession.token, user: { ...exampleUser, twoFactorEnabled: true } },
    },
  }),
  verifyBackupCode: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    tag: TAG,
    summary: 'Complete a sign-in with a backup code',
    description: `Each backup code works once. Wrong codes count with the authenticator's (429 \`auth.two_factor_attempts_exceeded\` past ${TWO_FACTOR_MAX_FAILURES} in ${TWO_FACTOR_FAILURE_WINDOW_SECONDS / 60} minutes).`,
    auth: 'none',
    servedBy: 'auth-library',
    body: verifyTwoFactorCodeBodySchema,
    answers: { 200: signedInAnswerSchema },
    errors: CODE_CHECK_ERRORS,
    example: {
      body: { code: 'a1b2c-d3e4f' },
      answer: { token: exampleSession.token, user: { ...exampleUser, twoFactorEnabled: true } },
    },
  }),
  disableTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    tag: TAG,
    summary: 'Turn two-factor sign-in off',
    description: `Removes the authenticator key and the backup codes, and every trusted device of the account. ${FRESH_RULE}`,
    auth: 'session',
    servedBy: 'auth-library',
    body: disableTwoFactorBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: {
      400: ['auth.invalid_password', 'auth.two_factor_not_enabled'],
      403: ['auth.fresh_sign_in_required', 'auth.session_not_fresh'],
      429: RATE_LIMITED,
    },
    example: { body: { password: 'correct horse battery' }, answer: { status: true } },
  }),
  generateBackupCodes: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/generate-backup-codes',
    tag: TAG,
    summary: 'Replace the backup codes',
    description: `The previous codes stop working. ${FRESH_RULE}`,
    auth: 'session',
    servedBy: 'auth-library',
    body: generateBackupCodesBodySchema,
    answers: {
      200: z.strictObject({
        status: z.literal(true),
        backupCodes: z.array(z.string()).length(BACKUP_CODES_COUNT),
      }),
    },
    errors: {
      400: ['auth.invalid_password', 'auth.two_factor_not_enabled'],
      403: ['auth.fresh_sign_in_required'],
      429: RATE_LIMITED,
    },
    example: {
      body: { password: 'correct horse battery' },
      answer: { status: true, backupCodes: exampleCodes },
    },
  }),
  passkeyRegistrationOptions: defineEndpoint({
    method: 'GET',
    path: '/api/auth/passkey/generate-register-options',
    tag: TAG,
    summary: 'Start adding a passkey',
    description:
      'The options for navigator.credentials.create (a resident key with user verification); a challenge cookie lasts five minutes.',
    auth: 'session',
    servedBy: 'auth-library',
    query: passkeyRegistrationOptionsQuerySchema,
    answers: { 200: registrationOptionsSchema },
    errors: { 403: ['auth.fresh_sign_in_required'], 429: RATE_LIMITED },
    example: {
      answer: {
        challenge: 'x3Lq9…',
        rp: { name: 'Sheaf', id: 'sheaf.example.com' },
        user: { id: 'dXNy…', name: 'ada@example.com', displayName: 'ada@example.com' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
    },
  }),
  verifyPasskeyRegistration: defineEndpoint({
    method: 'POST',
    path: '/api/auth/passkey/verify-registration',
    tag: TAG,
    summary: 'Finish adding a passkey',
    auth: 'session',
    servedBy: 'auth-library',
    body: verifyPasskeyRegistrationBodySchema,
    answers: { 200: passkeyRowSchema },
    errors: { 400: ['auth.passkey_failed'], 429: RATE_LIMITED },
    example: {
      body: { response: { id: 'cred-id', rawId: 'cred-id', type: 'public-key' }, name: 'MacBook Touch ID' },
      answer: {
        id: 'pk_0123456789abcdefghijklmn',
        name: 'MacBook Touch ID',
        userId: exampleUser.id,
        credentialID: 'cred-id',
        deviceType: 'multiDevice',
        backedUp: true,
      },
    },
  }),
  passkeyAuthenticationOptions: defineEndpoint({
    method: 'GET',
    path: '/api/auth/passkey/generate-authenticate-options',
    tag: TAG,
    summary: 'Start a passkey sign-in',
    description:
      'The options for navigator.credentials.get (also with `mediation: "conditional"`, the browser\'s passkey autofill).',
    auth: 'none',
    servedBy: 'auth-library',
    answers: { 200: authenticationOptionsSchema },
    errors: { 429: RATE_LIMITED },
    example: { answer: { challenge: 'x3Lq9…', rpId: 'sheaf.example.com' } },
  }),
  verifyPasskeyAuthentication: defineEndpoint({
    method: 'POST',
    path: '/api/auth/passkey/verify-authentication',
    tag: TAG,
    summary: 'Sign in with a passkey',
    description:
      'A complete sign-in (a passkey with user verification is two factors): sets the session cookie. Refused for a disabled account (403 `auth.account_disabled`); never creates an account.',
    auth: 'none',
    servedBy: 'auth-library',
    body: verifyPasskeyAuthenticationBodySchema,
    answers: { 200: z.strictObject({ session: authSessionSchema, user: authUserSchema }) },
    errors: {
      400: ['auth.passkey_failed'],
      401: ['auth.passkey_not_found', 'auth.passkey_failed'],
      403: ['auth.account_disabled'],
      429: RATE_LIMITED,
    },
    example: {
      body: { response: { id: 'cred-id', rawId: 'cred-id', type: 'public-key' } },
      answer: { session: exampleSession, user: exampleUser },
    },
  }),
  updatePasskey: defineEndpoint({
    method: 'POST',
    path: '/api/auth/passkey/update-passkey',
    tag: TAG,
    summary: 'Rename a passkey',
    auth: 'session',
    servedBy: 'auth-library',
    body: updatePasskeyBodySchema,
    answers: { 200: z.strictObject({ passkey: passkeyRowSchema }) },
    errors: { 404: ['auth.passkey_not_found'], 429: RATE_LIMITED },
    example: {
      body: { id: 'pk_0123456789abcdefghijklmn', name: 'Work laptop' },
      answer: {
        passkey: {
          id: 'pk_0123456789abcdefghijklmn',
          name: 'Work laptop',
          userId: exampleUser.id,
          credentialID: 'cred-id',
          deviceType: 'multiDevice',
          backedUp: true,
        },
      },
    },
  }),
  deletePasskey: defineEndpoint({
    method: 'POST',
    path: '/api/auth/passkey/delete-passkey',
    tag: TAG,
    summary: 'Remove a passkey',
    auth: 'session',
    servedBy: 'auth-library',
    body: deletePasskeyBodySchema,
    answers: { 200: statusAnswerSchema },
    errors: { 404: ['auth.passkey_not_found'], 429: RATE_LIMITED },
    example: { body: { id: 'pk_0123456789abcdefghijklmn' }, answer: { status: true } },
  }),
};

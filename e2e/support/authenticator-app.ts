import { TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

/**
 * An authenticator app holding the key a person typed from the screen (spaces as shown): RFC 6238
 * codes from the `otpauth` package, not Sheaf's or better-auth's own code.
 */
export function authenticatorApp(writtenOutKey: string) {
  const totp = new TOTP({
    issuer: 'Sheaf',
    secret: writtenOutKey.replace(/\s+/g, ''),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
  return {
    /** The code the app shows now. */
    currentCode: () => totp.generate(),
    /**
     * The code of the time step after the current one (the server accepts one step either side).
     * A code is accepted once and never one older than the last accepted, so a test uses the
     * current code once, then this one once.
     */
    nextCode: () => totp.generate({ timestamp: Date.now() + PERIOD_SECONDS * 1000 }),
  };
}

export type AuthenticatorApp = ReturnType<typeof authenticatorApp>;

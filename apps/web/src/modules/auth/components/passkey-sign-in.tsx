import type { accountSecurityEndpoints } from '@sheaf/contracts/account-security';
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { callAuthRoute } from '../auth-client';

type Endpoints = typeof accountSecurityEndpoints;

/**
 * The user closed the browser's prompt, or it was replaced (the passkey button, a password
 * sign-in, leaving the page): nothing to say. @simplewebauthn/browser keeps the DOMException's name.
 */
function isCancelledPrompt(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/**
 * The browser's passkey for the server's challenge: from its prompt, or from its autofill (a
 * request that waits until the user picks a passkey in the e-mail field's suggestions).
 */
async function requestPasskey(useBrowserAutofill: boolean, signal?: AbortSignal) {
  const optionsJSON = await callAuthRoute<Endpoints['passkeyAuthenticationOptions']>(
    { method: 'GET', path: '/api/auth/passkey/generate-authenticate-options' },
    { signal },
  );
  signal?.throwIfAborted();
  return startAuthentication({ optionsJSON, useBrowserAutofill });
}

/** The server checks the passkey's answer and sets the session cookie. */
function verifyPasskey(response: AuthenticationResponseJSON) {
  return callAuthRoute<Endpoints['verifyPasskeyAuthentication']>(
    { method: 'POST', path: '/api/auth/passkey/verify-authentication' },
    // Spread: an interface has no index signature, the catalogue's loose object wants one.
    { body: { response: { ...response } } },
  );
}

type PasskeyAutofillProps = {
  /** Set to a function that stops the pending request (the passkey button calls it first). */
  stopRef: RefObject<(() => void) | undefined>;
  onVerifyError: (error: unknown) => void;
  onSignedIn: () => Promise<void>;
};

/**
 * While mounted, the e-mail field's autofill offers passkeys (conditional mediation), when the
 * browser supports it; a passkey picked there signs in. Remounted (a new `key`) to offer it again.
 */
function PasskeyAutofill({ stopRef, onVerifyError, onSignedIn }: PasskeyAutofillProps) {
  // The latest callback, without restarting the request each time the page renders again.
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    const controller = new AbortController();
    const stop = () => {
      if (controller.signal.aborted) return;
      controller.abort();
      WebAuthnAbortService.cancelCeremony();
    };
    stopRef.current = stop;
    // A password sign-in takes over: the pending autofill request is dropped.
    document.addEventListener('submit', stop, true);
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || controller.signal.aborted) return;
      let response: AuthenticationResponseJSON;
      try {
        response = await requestPasskey(true, controller.signal);
      } catch {
        // Stopped, or not offered (no challenge, no autofill): the button and the password remain.
        return;
      }
      try {
        await verifyPasskey(response);
      } catch (verifyError) {
        onVerifyError(verifyError);
        return;
      }
      await onSignedInRef.current();
    })();
    return () => {
      document.removeEventListener('submit', stop, true);
      stop();
    };
  }, [stopRef, onVerifyError]);

  return null;
}

type PasskeySignInProps = {
  /** The e-mail field is on the page (its `autocomplete` ends with `webauthn`): offer passkeys in its autofill. */
  autofill: boolean;
  onSignedIn: () => Promise<void>;
};

/**
 * "Sign in with a passkey" on /login (when the browser has WebAuthn), and the browser's passkey
 * autofill on the e-mail field. Loaded after the page (login-page.tsx), with @simplewebauthn/browser.
 */
export function PasskeySignIn({ autofill, onSignedIn }: PasskeySignInProps) {
  const { t } = useTranslation();
  const [isSigningIn, setIsSigningIn] = useState(false);
  // Kept as the error, translated when shown (a language switch translates it again).
  const [error, setError] = useState<unknown>();
  // Bumped after a passkey button attempt that did not sign in, to offer the autofill again.
  const [autofillRound, setAutofillRound] = useState(0);
  const stopAutofill = useRef<() => void>(undefined);

  if (!browserSupportsWebAuthn()) return null;

  const signInWithButton = async () => {
    // The autofill's pending request would take the prompt's place, or be replaced by it: stop it first.
    stopAutofill.current?.();
    setError(undefined);
    setIsSigningIn(true);
    try {
      await verifyPasskey(await requestPasskey(false));
      await onSignedIn();
      return;
    } catch (buttonError) {
      if (!isCancelledPrompt(buttonError)) setError(buttonError);
    } finally {
      setIsSigningIn(false);
    }
    setAutofillRound((round) => round + 1);
  };

  return (
    <div className="grid gap-2">
      {autofill ? (
        <PasskeyAutofill
          key={autofillRound}
          stopRef={stopAutofill}
          onVerifyError={setError}
          onSignedIn={onSignedIn}
        />
      ) : null}
      <Button variant="outline" className="w-full" isLoading={isSigningIn} onClick={signInWithButton}>
        <KeyRound aria-hidden="true" />
        {t('auth.login.passkey.sign-in')}
      </Button>
      <FormError>
        {error === undefined
          ? null
          : isApiError(error)
            ? getErrorMessage(error, t)
            : t('auth.login.passkey.failed')}
      </FormError>
    </div>
  );
}

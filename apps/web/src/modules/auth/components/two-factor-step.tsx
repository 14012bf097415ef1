import type { accountSecurityEndpoints } from '@sheaf/contracts/account-security';
import {
  isAuthenticatorCode,
  normalizeTwoFactorCode,
  TRUSTED_DEVICE_DAYS,
  toBackupCodeFormat,
} from '@sheaf/contracts/two-factor-codes';
import type { TFunction } from 'i18next';
import { type FormEvent, use, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorCode, isApiError } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { loadAllMessages } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/form-error';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Label } from '../../../shared/ui/label';
import { OneTimeCodeInput } from '../../../shared/ui/one-time-code-input';
import { callAuthRoute } from '../auth-client';
import { AuthHeader } from './auth-header';

type Endpoints = typeof accountSecurityEndpoints;

/**
 * All of English, not only the entry chunk's sections (startup-messages.ts), so this step's messages
 * need not ship in the entry. Loading starts with this chunk; the app's pages need it next anyway.
 */
const allMessagesLoaded = loadAllMessages();

/** The code as typed or pasted, sent where it belongs: six digits to the authenticator check, anything else as a backup code. */
function verifyTwoFactorCode(typed: string, trustDevice: boolean) {
  const code = normalizeTwoFactorCode(typed);
  return isAuthenticatorCode(code)
    ? callAuthRoute<Endpoints['verifyTotp']>(
        { method: 'POST', path: '/api/auth/two-factor/verify-totp' },
        { body: { code, trustDevice } },
      )
    : callAuthRoute<Endpoints['verifyBackupCode']>(
        { method: 'POST', path: '/api/auth/two-factor/verify-backup-code' },
        { body: { code: toBackupCodeFormat(code), trustDevice } },
      );
}

/** Too many wrong codes: how long to wait, from the answer's `Retry-After`, in whole minutes. */
function attemptsExceededMessage(error: unknown, t: TFunction): string {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  if (seconds === undefined) return getErrorMessage(error, t);
  return t('auth.login.two-factor.attempts-exceeded', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

type TwoFactorStepProps = {
  onSignedIn: () => Promise<void>;
  /** Back to the e-mail and password, with a message when the sign-in has to start again. */
  onBack: (message?: string) => void;
};

/**
 * The second step of a password sign-in for an account with two-factor sign-in: one field for an
 * authenticator code or a backup code, and "trust this device". Loaded only when a sign-in answers
 * `twoFactorRedirect` (login-page.tsx), out of the page's chunk.
 */
export function TwoFactorStep({ onSignedIn, onBack }: TwoFactorStepProps) {
  use(allMessagesLoaded);
  const { t } = useTranslation();
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  const showCodeError = (message: string) => {
    setCodeError(message);
    codeInput.current?.focus();
    codeInput.current?.select();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    setCodeError(undefined);
    setFormError(undefined);
    if (normalizeTwoFactorCode(code) === '') {
      showCodeError(t('auth.login.two-factor.code-required'));
      return;
    }
    setIsVerifying(true);
    try {
      await verifyTwoFactorCode(code, trustDevice);
      await onSignedIn();
    } catch (error) {
      setIsVerifying(false);
      const errorCode = getErrorCode(error);
      if (errorCode === 'auth.invalid_two_factor_code') {
        showCodeError(getErrorMessage(error, t));
      } else if (errorCode === 'auth.two_factor_challenge_expired') {
        onBack(getErrorMessage(error, t));
      } else if (errorCode === 'auth.two_factor_attempts_exceeded') {
        setFormError(attemptsExceededMessage(error, t));
      } else {
        setFormError(getErrorMessage(error, t));
      }
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-6">
      <AuthHeader
        title={t('auth.login.two-factor.title')}
        description={t('auth.login.two-factor.description')}
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label={t('auth.login.two-factor.title')}
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-code`}>{t('auth.login.two-factor.code')}</Label>
          <OneTimeCodeInput
            ref={codeInput}
            id={`${id}-code`}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={codeError !== undefined}
            aria-describedby={codeError === undefined ? hintId : `${hintId} ${errorId}`}
            autoFocus
          />
          <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
            {t('auth.login.two-factor.backup-code-hint')}
          </p>
          {codeError === undefined ? null : (
            <FieldMessage id={errorId} announce>
              {codeError}
            </FieldMessage>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-trust`}
            checked={trustDevice}
            onCheckedChange={(checked) => setTrustDevice(checked === true)}
          />
          <Label htmlFor={`${id}-trust`} className="font-normal">
            {t('auth.login.two-factor.trust-device', { days: TRUSTED_DEVICE_DAYS })}
          </Label>
        </div>
        <Button type="submit" className="w-full" isLoading={isVerifying}>
          {t('auth.login.two-factor.submit')}
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <Button variant="link" className="justify-self-center" onClick={() => onBack()}>
        {t('auth.back-to-login')}
      </Button>
    </div>
  );
}

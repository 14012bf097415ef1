import { ERROR_CODE_SHAPE } from '../../shared/http/get-error-message';

type Translate = (key: string) => string;

/**
 * The message of a provider sign-in error code from the URL (`?error=`): its `api-errors.<code>`
 * message when it is one of the server's codes, else the generic "sign-in with this provider
 * failed" (a raw OAuth code, or an old link).
 */
export function providerErrorMessage(code: string, t: Translate): string {
  if (code === 'INVALID_ORIGIN' || /^INVALID_.*URL$/.test(code)) {
    return t('api-errors.auth.invalid_origin');
  }
  const key = `api-errors.${code}`;
  const message = ERROR_CODE_SHAPE.test(code) ? t(key) : key;
  return message === key ? t('api-errors.auth.provider_sign_in_failed') : message;
}

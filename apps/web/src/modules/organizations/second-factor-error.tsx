import type { ErrorCode } from '@sheaf/contracts/errors';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../shared/http/api-error';
import { getErrorMessage } from '../../shared/http/get-error-message';

/** The refusals that the user fixes by setting up two-factor sign-in or a passkey on their own account. */
const SECOND_FACTOR_ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'organization.two_factor_required',
  'organization.two_factor_not_set_up',
]);

export function isSecondFactorSetupError(error: unknown): boolean {
  const code = getErrorCode(error);
  return code !== undefined && SECOND_FACTOR_ERROR_CODES.has(code);
}

/** Where the account's two-factor sign-in and passkeys are set up. */
export function SecondFactorSetupLink() {
  const { t } = useTranslation();
  return (
    <Link to="/settings" className="font-semibold underline underline-offset-2 hover:no-underline">
      {t('organizations.two-factor-required.set-up')}
    </Link>
  );
}

/**
 * An error's translated message, followed by a link to the account settings when setting up a second
 * factor is what fixes it (for a form's error, inside FormError).
 */
export function ErrorMessageWithSecondFactorLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      {getErrorMessage(error, t)}
      {isSecondFactorSetupError(error) ? (
        <>
          {' '}
          <SecondFactorSetupLink />
        </>
      ) : null}
    </>
  );
}

import { isAuthenticatorCode, normalizeTwoFactorCode } from '@sheaf/contracts/two-factor-codes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { CopyButton } from '../../../shared/ui/copy-button';
import { DialogFooter } from '../../../shared/ui/dialog';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Label } from '../../../shared/ui/label';
import { OneTimeCodeInput } from '../../../shared/ui/one-time-code-input';
import { groupInFours, totpSecretOf } from '../second-factor';
import { QrCode } from './qr-code';

/**
 * Setting up the authenticator: its key as a QR code and written out (for apps that cannot scan),
 * then the first code it shows, which turns two-factor sign-in on.
 */
export function TwoFactorSetup({
  totpURI,
  onConfirm,
  onCancel,
}: {
  totpURI: string;
  /** Sends the normalised 6-digit code; a rejection is shown under the field. */
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const codeId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const key = totpSecretOf(totpURI);

  const onSubmit = async () => {
    const normalized = normalizeTwoFactorCode(code);
    if (!isAuthenticatorCode(normalized)) {
      setError(t('users.settings.two-factor.setup.code-invalid'));
      return;
    }
    setError(null);
    setIsConfirming(true);
    try {
      await onConfirm(normalized);
    } catch (caught) {
      setError(getErrorMessage(caught, t));
      setIsConfirming(false);
    }
  };

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isConfirming) void onSubmit();
      }}
    >
      <ol className="grid gap-5 text-sm">
        <li className="grid gap-3">
          <p>{t('users.settings.two-factor.setup.scan')}</p>
          <QrCode
            value={totpURI}
            label={t('users.settings.two-factor.setup.qr-label')}
            className="justify-self-center"
          />
        </li>
        <li className="grid gap-1.5">
          <p>{t('users.settings.two-factor.setup.key-hint')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded-md border bg-muted/40 px-3 py-1.5 font-mono text-sm tracking-wider break-all">
              {groupInFours(key)}
            </code>
            <CopyButton text={key} size="sm" label={t('users.settings.two-factor.setup.copy-key')} />
          </div>
        </li>
        <li className="grid gap-1.5">
          <Label htmlFor={codeId}>{t('users.settings.two-factor.setup.code-label')}</Label>
          <OneTimeCodeInput
            id={codeId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="max-w-48"
            autoFocus
          />
          {error ? (
            <FieldMessage id={errorId} announce>
              {error}
            </FieldMessage>
          ) : null}
        </li>
      </ol>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button type="submit" isLoading={isConfirming}>
          {t('users.settings.two-factor.setup.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

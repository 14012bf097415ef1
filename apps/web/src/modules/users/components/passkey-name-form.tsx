import { hasControlCharacters } from '@sheaf/contracts/text';
import { PASSKEY_NAME_MAX_LENGTH } from '@sheaf/contracts/two-factor-codes';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { DialogFooter } from '../../../shared/ui/dialog';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

/**
 * The name of a passkey, when adding or renaming one: trimmed, 1 to PASSKEY_NAME_MAX_LENGTH
 * characters on one line (the catalogue's rule). `feedback` shows what the last attempt gave.
 */
export function PasskeyNameForm({
  initialName = '',
  submitLabel,
  isSubmitting,
  feedback,
  onSubmit,
  onCancel,
}: {
  initialName?: string;
  submitLabel: string;
  isSubmitting: boolean;
  feedback?: ReactNode;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  const validate = (value: string): string | null => {
    if (value === '') return t('users.settings.passkeys.name-required');
    if (value.length > PASSKEY_NAME_MAX_LENGTH)
      return t('users.settings.passkeys.name-too-long', { max: PASSKEY_NAME_MAX_LENGTH });
    if (hasControlCharacters(value)) return t('common.control-characters');
    return null;
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isSubmitting) return;
        const trimmed = name.trim();
        const problem = validate(trimmed);
        setError(problem);
        if (!problem) onSubmit(trimmed);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={nameId}>{t('users.settings.passkeys.name')}</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('users.settings.passkeys.name-placeholder')}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
        {error ? <FieldMessage id={errorId}>{error}</FieldMessage> : null}
      </div>
      {feedback}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

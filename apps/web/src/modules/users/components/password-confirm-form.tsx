import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { DialogFooter } from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';

/**
 * A dialog's confirmation step: the current password for an account that has one (an account
 * without confirms by its recent sign-in, so only the buttons show). A refusal from `onConfirm`
 * is shown above the buttons.
 */
export function PasswordConfirmForm({
  hasPassword,
  submitLabel,
  isDestructive = false,
  onConfirm,
  onCancel,
}: {
  hasPassword: boolean;
  submitLabel: string;
  isDestructive?: boolean;
  onConfirm: (password: string | undefined) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        password: hasPassword ? z.string().min(1, t('auth.validation.password-required')) : z.string(),
      }),
    [hasPassword, t],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onConfirm(hasPassword ? password : undefined);
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      {hasPassword ? (
        <PasswordField
          control={form.control}
          name="password"
          label={t('users.settings.two-factor.current-password')}
          autoComplete="current-password"
          autoFocus
        />
      ) : null}
      <FormError>{formError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('ui.confirm.cancel')}
        </Button>
        <Button
          type="submit"
          variant={isDestructive ? 'destructive' : 'default'}
          isLoading={form.formState.isSubmitting}
        >
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

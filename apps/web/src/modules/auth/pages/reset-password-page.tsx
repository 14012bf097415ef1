import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { PasswordField } from '../../../shared/ui/password-field';
import { authClient, unwrapAuth } from '../auth-client';
import { AuthHeader } from '../components/auth-header';
import { AuthNotice } from '../components/auth-notice';
import { passwordHint, resetPasswordSchema } from '../validation';

const routeApi = getRouteApi('/public/reset-password');

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = routeApi.useSearch();
  const [isDone, setIsDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => resetPasswordSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmation: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  if (isDone) {
    return (
      <div className="grid gap-4">
        <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <CircleCheck className="size-5" aria-hidden="true" />
        </div>
        <AuthNotice
          title={t('auth.reset-password.done-title')}
          description={t('auth.reset-password.done-description')}
          showBackToLogin
        />
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await unwrapAuth(
        authClient.resetPassword({ newPassword: password, token: token ?? '' }),
        '/api/auth/reset-password',
      );
      setIsDone(true);
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <div className="grid gap-6">
      <AuthHeader title={t('auth.reset-password.title')} description={t('auth.reset-password.description')} />
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label={t('auth.reset-password.form-label')}
      >
        <PasswordField
          control={form.control}
          name="password"
          label={t('auth.fields.new-password')}
          description={passwordHint(t)}
          placeholder={t('auth.fields.new-password-placeholder')}
          autoComplete="new-password"
          autoFocus
        />
        <FormField
          control={form.control}
          name="confirmation"
          label={t('auth.fields.password-confirmation')}
          render={({ field, controlProps }) => (
            <Input {...field} {...controlProps} type="password" autoComplete="new-password" />
          )}
        />
        <Button type="submit" className="w-full" isLoading={form.formState.isSubmitting}>
          {t('auth.reset-password.submit')}
        </Button>
        <FormError>{formError}</FormError>
      </form>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/form-error';
import { Label } from '../../../shared/ui/label';
import { PasswordField } from '../../../shared/ui/password-field';
import { authClient, unwrapAuth } from '../../auth/auth-client';
import { newPasswordField, passwordHint } from '../../auth/validation';
import { sessionsQueryKey } from '../sessions-api';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revokeId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        currentPassword: z.string().min(1, t('auth.validation.password-required')),
        newPassword: newPasswordField(t),
        revokeOtherSessions: z.boolean(),
      }),
    [t],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', revokeOtherSessions: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await unwrapAuth(authClient.changePassword(values), '/api/auth/change-password');
      form.reset({ currentPassword: '', newPassword: '', revokeOtherSessions: values.revokeOtherSessions });
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      toast.success(t('users.settings.password.changed'));
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.password.title')}</CardTitle>
        <CardDescription>{t('users.settings.password.description')}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t('users.settings.password.title')}>
        <CardContent className="grid gap-4">
          <PasswordField
            control={form.control}
            name="currentPassword"
            label={t('users.settings.password.current')}
            autoComplete="current-password"
          />
          <PasswordField
            control={form.control}
            name="newPassword"
            label={t('users.settings.password.new')}
            description={passwordHint(t)}
            autoComplete="new-password"
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id={revokeId}
              checked={form.watch('revokeOtherSessions')}
              onCheckedChange={(checked) => form.setValue('revokeOtherSessions', checked === true)}
            />
            <Label htmlFor={revokeId} className="font-normal">
              {t('users.settings.password.revoke-other-sessions')}
            </Label>
          </div>
          <FormError>{formError}</FormError>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('users.settings.password.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { REGISTRATION_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { PasswordField } from '../../../shared/ui/password-field';
import { useConfig } from '../../config/config-context';
import { refreshSession } from '../api';
import { authClient, unwrapAuth } from '../auth-client';
import { AuthHeader } from '../components/auth-header';
import { AuthNotice } from '../components/auth-notice';
import { AuthProviderButtons, Divider } from '../components/auth-providers';
import { EmailField } from '../components/email-field';
import { LegalLinks } from '../components/legal-links';
import { getAuthProviders } from '../providers';
import { passwordHint, registerSchema } from '../validation';

function RegisterForm() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => registerSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', name: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async ({ email, name, password }) => {
    setFormError(null);
    try {
      await unwrapAuth(
        authClient.signUp.email({
          email,
          name,
          password,
          locale: getCurrentLocale(i18n),
          callbackURL: config.baseUrl,
        }),
        '/api/auth/sign-up/email',
      );
      await refreshSession(queryClient);
      if (config.auth.isEmailVerificationRequired) {
        await navigate({ to: '/email-validation-required', search: { email } });
      } else {
        await navigate({ to: '/' });
      }
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('auth.register.form-label')}>
      <EmailField control={form.control} name="email" autoFocus />
      <FormField
        control={form.control}
        name="name"
        label={t('auth.fields.name')}
        render={({ field, controlProps }) => (
          <Input
            {...field}
            {...controlProps}
            autoComplete="name"
            maxLength={REGISTRATION_NAME_MAX_LENGTH}
            placeholder={t('auth.fields.name-placeholder')}
          />
        )}
      />
      <PasswordField
        control={form.control}
        name="password"
        label={t('auth.fields.password')}
        description={passwordHint(t)}
        placeholder={t('auth.fields.new-password-placeholder')}
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full" isLoading={form.formState.isSubmitting}>
        {t('auth.register.submit')}
      </Button>
      <FormError>{formError}</FormError>
    </form>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const providers = getAuthProviders(config);
  const isEmailEnabled = config.auth.providers.email.isEnabled;

  if (!config.auth.isRegistrationEnabled) {
    return (
      <AuthNotice
        title={t('auth.register.title')}
        description={t('auth.register.disabled')}
        showBackToLogin
      />
    );
  }

  return (
    <div className="grid gap-6">
      <AuthHeader title={t('auth.register.title')} description={t('auth.register.description')} />
      {isEmailEnabled ? <RegisterForm /> : null}
      {providers.length > 0 ? (
        <>
          {isEmailEnabled ? <Divider>{t('auth.or')}</Divider> : null}
          <AuthProviderButtons providers={providers} />
        </>
      ) : null}
      {!isEmailEnabled && providers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('auth.login.no-provider')}</p>
      ) : null}
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.register.have-account')}{' '}
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.register.login-link')}
        </Link>
      </p>
      <LegalLinks />
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate } from '@tanstack/react-router';
import { ArrowLeft, ExternalLink, MailCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { useConfig } from '../../config/config-context';
import { authClient, unwrapAuth } from '../auth-client';
import { AuthHeader } from '../components/auth-header';
import { AuthNotice } from '../components/auth-notice';
import { EmailField } from '../components/email-field';
import { requestPasswordResetSchema } from '../validation';
import { getWebmailForEmail } from '../webmail';

function RequestedConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const webmail = getWebmailForEmail(email);
  return (
    <div className="grid gap-4">
      <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <MailCheck className="size-5" aria-hidden="true" />
      </div>
      <AuthNotice
        title={t('auth.request-password-reset.requested-title')}
        description={t('auth.request-password-reset.requested-description', { email })}
        showBackToLogin
      >
        {webmail ? (
          <Button asChild className="w-full">
            <a href={webmail.url} target="_blank" rel="noopener noreferrer">
              {t('auth.request-password-reset.open-webmail', { provider: webmail.name })}
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        ) : null}
      </AuthNotice>
    </div>
  );
}

export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const [requestedEmail, setRequestedEmail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => requestPasswordResetSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  if (!config.auth.isPasswordResetEnabled || !config.auth.providers.email.isEnabled) {
    return <Navigate to="/login" replace />;
  }

  if (requestedEmail) {
    return <RequestedConfirmation email={requestedEmail} />;
  }

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await unwrapAuth(
        authClient.requestPasswordReset({
          email,
          redirectTo: `${window.location.origin}/reset-password`,
        }),
        '/api/auth/request-password-reset',
      );
      setRequestedEmail(email);
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <div className="grid gap-6">
      <AuthHeader
        title={t('auth.request-password-reset.title')}
        description={t('auth.request-password-reset.description')}
      />
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-4"
        aria-label={t('auth.request-password-reset.form-label')}
      >
        <EmailField control={form.control} name="email" autoFocus />
        <Button type="submit" className="w-full" isLoading={form.formState.isSubmitting}>
          {t('auth.request-password-reset.submit')}
        </Button>
        <FormError>{formError}</FormError>
      </form>
      <Button asChild variant="ghost" className="w-full">
        <Link to="/login">
          <ArrowLeft aria-hidden="true" />
          {t('auth.back-to-login')}
        </Link>
      </Button>
    </div>
  );
}

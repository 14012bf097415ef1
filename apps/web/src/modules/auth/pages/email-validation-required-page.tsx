import { getRouteApi } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfig } from '../../config/config-context';
import { authClient, unwrapAuth } from '../auth-client';
import { AuthNotice } from '../components/auth-notice';

const routeApi = getRouteApi('/public/email-validation-required');

export function EmailValidationRequiredPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const { email } = routeApi.useSearch();
  const [isSending, setIsSending] = useState(false);

  const resend = async () => {
    if (!email) return;
    setIsSending(true);
    try {
      await unwrapAuth(
        authClient.sendVerificationEmail({ email, callbackURL: config.baseUrl }),
        '/api/auth/send-verification-email',
      );
      toast.success(t('auth.email-validation-required.resent', { email }));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <MailCheck className="size-5" aria-hidden="true" />
      </div>
      <AuthNotice
        title={t('auth.email-validation-required.title')}
        description={t('auth.email-validation-required.description')}
        showBackToLogin
      >
        {email ? (
          <Button variant="default" className="w-full" isLoading={isSending} onClick={() => void resend()}>
            {t('auth.email-validation-required.resend')}
          </Button>
        ) : null}
      </AuthNotice>
    </div>
  );
}

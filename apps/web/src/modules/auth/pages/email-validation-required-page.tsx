import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthNotice } from '../components/auth-notice';

export function EmailValidationRequiredPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <MailCheck className="size-5" aria-hidden="true" />
      </div>
      <AuthNotice
        title={t('auth.email-validation-required.title')}
        description={t('auth.email-validation-required.description')}
        showBackToLogin
      />
    </div>
  );
}

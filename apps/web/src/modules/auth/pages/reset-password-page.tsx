import { useTranslation } from 'react-i18next';
import { AuthNotice } from '../components/auth-notice';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthNotice
      title={t('auth.reset-password.title')}
      description={t('auth.not-available')}
      showBackToLogin
    />
  );
}

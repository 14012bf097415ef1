import { useTranslation } from 'react-i18next';
import { AuthNotice } from '../components/auth-notice';

export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  return (
    <AuthNotice
      title={t('auth.request-password-reset.title')}
      description={t('auth.not-available')}
      showBackToLogin
    />
  );
}

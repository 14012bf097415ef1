import { useTranslation } from 'react-i18next';
import { AuthNotice } from '../components/auth-notice';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthNotice title={t('auth.register.title')} description={t('auth.not-available')} showBackToLogin />
  );
}

import { useTranslation } from 'react-i18next';
import { AuthNotice } from '../components/auth-notice';

export function LoginPage() {
  const { t } = useTranslation();
  return <AuthNotice title={t('auth.login.title')} description={t('auth.login.unavailable')} />;
}

import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function AccountSettingsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('users.settings.title')} />;
}

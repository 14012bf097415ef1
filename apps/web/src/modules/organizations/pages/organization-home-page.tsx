import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function OrganizationHomePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('organizations.home.title')} />;
}

import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function OrganizationUsagePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('organizations.usage.title')} />;
}

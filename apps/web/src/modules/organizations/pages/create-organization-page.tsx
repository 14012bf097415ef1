import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function CreateOrganizationPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('organizations.create.title')} />;
}

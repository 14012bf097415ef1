import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function ApiKeysPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('api-keys.title')} />;
}

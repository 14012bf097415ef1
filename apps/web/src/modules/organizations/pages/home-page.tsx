import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function HomePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('home.title')} description={t('home.description')} />;
}

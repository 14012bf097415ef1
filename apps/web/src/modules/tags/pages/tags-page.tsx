import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function TagsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('tags.title')} />;
}

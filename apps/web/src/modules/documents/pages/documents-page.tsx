import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function DocumentsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('documents.list.title')} />;
}

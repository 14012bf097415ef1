import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function DocumentPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('documents.details.title')} />;
}

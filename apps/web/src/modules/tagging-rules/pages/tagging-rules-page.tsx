import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function TaggingRulesPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('tagging-rules.title')} />;
}

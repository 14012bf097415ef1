import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function MembersPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('members.title')} />;
}

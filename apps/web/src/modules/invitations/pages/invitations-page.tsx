import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/page-placeholder';

export function InvitationsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('invitations.title')} />;
}

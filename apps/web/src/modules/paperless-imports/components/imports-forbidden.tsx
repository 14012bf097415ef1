import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';

/** What members see: importing is for owners and admins (the API answers 403 to them). */
export function ImportsForbidden() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={ShieldX}
      title={t('paperless-imports.forbidden.title')}
      description={t('paperless-imports.forbidden.description')}
    />
  );
}

import { ChartPie } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';

/** Usage against the plan's limits; filled in with the billing screens. */
export function OrganizationUsagePage() {
  const { t } = useTranslation();
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('organizations.usage.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('organizations.usage.description')}</p>
      </div>
      <EmptyState
        icon={ChartPie}
        title={t('common.coming-soon-title')}
        description={t('common.coming-soon')}
      />
    </div>
  );
}

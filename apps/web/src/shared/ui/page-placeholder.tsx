import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

/** A page heading with a "coming soon" note, for routes whose screens are not built yet. */
export function PagePlaceholder({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <EmptyState
        icon={Construction}
        title={t('common.coming-soon-title')}
        headingLevel={2}
        description={description ?? t('common.coming-soon')}
      />
    </div>
  );
}

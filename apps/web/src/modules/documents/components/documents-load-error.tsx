import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';

export function DocumentsLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={CircleAlert}
      title={t('documents.load-error.title')}
      description={t('documents.load-error.description')}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('documents.load-error.retry')}
        </Button>
      }
    />
  );
}

import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function BackToWebhooks({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/organizations/$organizationId/settings/webhooks"
      params={{ organizationId }}
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      {t('webhooks.form.back')}
    </Link>
  );
}

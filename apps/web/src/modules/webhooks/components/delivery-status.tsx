import type { WebhookDeliveryDto, WebhookDeliveryStatus } from '@sheaf/contracts/webhooks';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';

/** A green dot for a delivered attempt, a red one for a failed attempt, a grey one for none yet. */
export function StatusDot({
  status,
  className,
}: {
  status: WebhookDeliveryStatus | null;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-2 shrink-0 rounded-full',
        status === 'success' && 'bg-success',
        status === 'failure' && 'bg-danger',
        status === null && 'bg-muted-foreground/40',
        className,
      )}
    />
  );
}

/** The receiver's HTTP status with a green or red dot, or why there is none. */
export function DeliveryStatusLabel({ delivery }: { delivery: WebhookDeliveryDto }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <StatusDot status={delivery.status} />
      <span className="sr-only">
        {delivery.status === 'success' ? t('webhooks.deliveries.succeeded') : t('webhooks.deliveries.failed')}
      </span>
      <span
        className={
          delivery.status === 'failure' ? 'font-medium text-danger tabular-nums' : 'font-medium tabular-nums'
        }
      >
        {delivery.responseStatus ?? t('webhooks.deliveries.no-response')}
      </span>
    </span>
  );
}

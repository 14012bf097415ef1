import { WEBHOOK_DELIVERIES_RETENTION_DAYS, WEBHOOKS_DELIVERIES_PAGE_SIZE } from '@sheaf/contracts/limits';
import type { WebhookDeliveryDto, WebhookDto } from '@sheaf/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, History, RefreshCw, Send, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form-error';
import { Pagination } from '../../../shared/ui/pagination';
import { Spinner } from '../../../shared/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { useRedeliverWebhookDelivery, useSendWebhookTestEvent, webhookDeliveriesQueryOptions } from '../api';
import { formatDuration } from '../format';
import { DeliveryDetailDrawer } from './delivery-detail-drawer';
import { DeliveryStatusLabel } from './delivery-status';

/** The first page is read again this often while the tab shows, so new deliveries appear by themselves. */
export const DELIVERIES_POLL_INTERVAL_MS = 5000;
/** …and this often for a while after a test event or a redelivery was queued, to show it soon. */
export const DELIVERIES_FAST_POLL_INTERVAL_MS = 1000;
const FAST_POLL_DURATION_MS = 15_000;

type WebhookDeliveriesProps = { webhook: WebhookDto; organizationId: string };

/**
 * The deliveries tab: every attempt, newest first, paginated; a row opens its detail (request, response,
 * Redeliver). "Send test event" queues a `webhook:test` ping.
 */
export function WebhookDeliveries({ webhook, organizationId }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const { locale, formatRelative, formatDateTime } = useDateFormatter();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(WEBHOOKS_DELIVERIES_PAGE_SIZE);
  const [fastPollUntil, setFastPollUntil] = useState(0);
  const [selected, setSelected] = useState<WebhookDeliveryDto | null>(null);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const isFastPolling = fastPollUntil > 0;
  const deliveries = useQuery(
    webhookDeliveriesQueryOptions({
      organizationId,
      webhookId: webhook.id,
      pageIndex,
      pageSize,
      // Newer deliveries come in at the top of the first page only.
      refetchInterval:
        pageIndex === 0
          ? isFastPolling
            ? DELIVERIES_FAST_POLL_INTERVAL_MS
            : DELIVERIES_POLL_INTERVAL_MS
          : false,
    }),
  );
  const sendTest = useSendWebhookTestEvent(organizationId);
  const redeliver = useRedeliverWebhookDelivery(organizationId);

  useEffect(() => {
    if (fastPollUntil === 0) return;
    const timer = setTimeout(() => setFastPollUntil(0), Math.max(0, fastPollUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [fastPollUntil]);

  const watchForNewDeliveries = () => {
    setPageIndex(0);
    setFastPollUntil(Date.now() + FAST_POLL_DURATION_MS);
  };

  const onSendTest = async () => {
    try {
      await sendTest.mutateAsync(webhook.id);
      toast.success(t('webhooks.deliveries.test-sent'));
      watchForNewDeliveries();
    } catch (error) {
      toast.error(t('webhooks.deliveries.test-failed'), { description: getErrorMessage(error, t) });
    }
  };

  const onRedeliver = async (delivery: WebhookDeliveryDto) => {
    try {
      await redeliver.mutateAsync({ webhookId: webhook.id, deliveryId: delivery.id });
      toast.success(t('webhooks.deliveries.redelivered'));
      watchForNewDeliveries();
      setSelected(null);
    } catch (error) {
      toast.error(t('webhooks.deliveries.redeliver-failed'), { description: getErrorMessage(error, t) });
    }
  };

  const rows = deliveries.data?.deliveries ?? [];
  const totalCount = deliveries.data?.deliveriesCount ?? 0;

  const sendTestButton = (
    <Button variant="outline" isLoading={sendTest.isPending} onClick={() => void onSendTest()}>
      {sendTest.isPending ? null : <Send aria-hidden="true" />}
      {t('webhooks.deliveries.send-test')}
    </Button>
  );

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await deliveries.refetch();
    } finally {
      setIsRefreshing(false);
    }
  };

  let body: ReactNode;
  if (deliveries.isPending) {
    body = (
      <div className="flex justify-center py-10 text-primary">
        <Spinner size="lg" />
      </div>
    );
  } else if (deliveries.isError && !deliveries.data) {
    body = (
      <div className="grid justify-items-start gap-3">
        <FormError>{getErrorMessage(deliveries.error, t)}</FormError>
        <Button variant="outline" onClick={() => void deliveries.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (totalCount === 0) {
    body = (
      <EmptyState
        icon={History}
        title={t('webhooks.deliveries.empty-title')}
        description={t('webhooks.deliveries.empty-description')}
        action={sendTestButton}
      />
    );
  } else {
    body = (
      <div className="grid gap-3">
        <div className="overflow-hidden rounded-xl border bg-surface">
          <Table aria-label={t('webhooks.deliveries.table-label')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('webhooks.deliveries.time')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('webhooks.deliveries.event')}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">
                  {t('webhooks.deliveries.attempt')}
                </TableHead>
                <TableHead>{t('webhooks.deliveries.status')}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">
                  {t('webhooks.deliveries.duration')}
                </TableHead>
                <TableHead className="w-8 px-0">
                  <span className="sr-only">{t('webhooks.deliveries.details')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((delivery) => (
                <TableRow key={delivery.id} className="cursor-pointer" onClick={() => setSelected(delivery)}>
                  <TableCell className="whitespace-nowrap">
                    <button
                      type="button"
                      className="rounded-sm text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      title={formatDateTime(delivery.createdAt)}
                      aria-label={t('webhooks.deliveries.open-label', {
                        event: delivery.eventType,
                        time: formatDateTime(delivery.createdAt),
                      })}
                      onClick={(event) => {
                        event.stopPropagation();
                        setSelected(delivery);
                      }}
                    >
                      {formatRelative(delivery.createdAt)}
                    </button>
                    {/* Narrow screens: the event under the time, in place of its own column. */}
                    <code
                      aria-hidden="true"
                      className="mt-0.5 block font-mono text-xs text-muted-foreground sm:hidden"
                    >
                      {delivery.eventType}
                    </code>
                  </TableCell>
                  <TableCell className="hidden max-w-48 sm:table-cell">
                    <code className="block truncate font-mono text-xs">{delivery.eventType}</code>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {delivery.attempt}
                  </TableCell>
                  <TableCell>
                    <DeliveryStatusLabel delivery={delivery} />
                  </TableCell>
                  <TableCell className="hidden text-right whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
                    {formatDuration(delivery.durationMs, locale)}
                  </TableCell>
                  <TableCell className="w-8 px-0 pr-2 text-muted-foreground">
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <Pagination
          pageIndex={pageIndex}
          pageSize={pageSize}
          totalCount={totalCount}
          onPageIndexChange={setPageIndex}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPageIndex(0);
          }}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-xl min-w-0 flex-[1_1_20rem] gap-1">
          <h2 className="sr-only">{t('webhooks.deliveries.title')}</h2>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('webhooks.deliveries.description', { days: WEBHOOK_DELIVERIES_RETENTION_DAYS })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('webhooks.deliveries.refresh')}
            title={t('webhooks.deliveries.refresh')}
            disabled={isRefreshing}
            onClick={() => void refresh()}
          >
            <RefreshCw aria-hidden="true" className={isRefreshing ? 'animate-spin' : undefined} />
          </Button>
          {totalCount > 0 ? sendTestButton : null}
        </div>
      </div>
      {webhook.enabled ? null : (
        <div className="flex items-start gap-2.5 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-2.5 text-[0.8125rem]">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <p>{t('webhooks.deliveries.disabled-notice')}</p>
        </div>
      )}
      {body}
      <DeliveryDetailDrawer
        delivery={selected}
        onOpenChange={(open) => {
          if (!open) setSelected(null);
        }}
        onRedeliver={(delivery) => void onRedeliver(delivery)}
        isRedelivering={redeliver.isPending}
      />
    </div>
  );
}

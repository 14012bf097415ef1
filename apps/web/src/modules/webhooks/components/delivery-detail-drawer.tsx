import type { WebhookDeliveryDto } from '@sheaf/contracts/webhooks';
import { CircleAlert, RotateCw, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { CopyButton } from '../../../shared/ui/copy-button';
import { DialogOverlay } from '../../../shared/ui/dialog';
import { formatBody, formatDuration } from '../format';
import { DeliveryStatusLabel } from './delivery-status';

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** A body as sent or received, in a scrollable, focusable block with a copy button. */
function BodyBlock({ title, body, emptyText }: { title: string; body: string | null; emptyText: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {title}
        </h3>
        {body ? (
          <CopyButton
            text={body}
            size="sm"
            variant="ghost"
            label={t('ui.copy.copy')}
            aria-describedby={titleId}
          />
        ) : null}
      </div>
      {body ? (
        <section
          aria-labelledby={titleId}
          className="max-h-80 overflow-auto rounded-lg border bg-muted/50 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <pre className="w-fit font-mono text-xs leading-relaxed whitespace-pre">{formatBody(body)}</pre>
        </section>
      ) : (
        <p className="rounded-lg border border-dashed px-3 py-2.5 text-[0.8125rem] text-muted-foreground">
          {emptyText}
        </p>
      )}
    </div>
  );
}

type DeliveryDetailDrawerProps = {
  delivery: WebhookDeliveryDto | null;
  onOpenChange: (open: boolean) => void;
  onRedeliver: (delivery: WebhookDeliveryDto) => void;
  isRedelivering: boolean;
};

/** One delivery attempt in a panel from the right edge: outcome, request body, response, Redeliver. */
export function DeliveryDetailDrawer({
  delivery,
  onOpenChange,
  onRedeliver,
  isRedelivering,
}: DeliveryDetailDrawerProps) {
  const { t } = useTranslation();
  const { locale, formatDateTime, formatRelative } = useDateFormatter();

  return (
    <DialogPrimitive.Root open={delivery !== null} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex h-full w-full flex-col border-l bg-surface text-surface-foreground',
            'shadow-lg outline-none data-[state=open]:animate-fade-in sm:max-w-xl',
          )}
        >
          {delivery ? (
            <>
              <div className="grid gap-1 border-b px-5 py-4 pr-14">
                <DialogPrimitive.Title className="text-base font-semibold">
                  {t('webhooks.detail.title')}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="text-[0.8125rem] text-muted-foreground">
                  <code className="font-mono text-foreground">{delivery.eventType}</code>
                  <span aria-hidden="true"> · </span>
                  <span title={formatDateTime(delivery.createdAt)}>{formatRelative(delivery.createdAt)}</span>
                </DialogPrimitive.Description>
              </div>
              <div className="grid flex-1 content-start gap-5 overflow-y-auto px-5 py-4">
                {delivery.error ? (
                  <div className="flex items-start gap-2.5 rounded-lg border border-danger/40 bg-danger/10 px-3.5 py-2.5 text-[0.8125rem]">
                    <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
                    <p className="[overflow-wrap:anywhere]">{delivery.error}</p>
                  </div>
                ) : null}
                <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
                  <Field label={t('webhooks.deliveries.status')}>
                    <DeliveryStatusLabel delivery={delivery} />
                  </Field>
                  <Field label={t('webhooks.deliveries.attempt')}>
                    <span className="tabular-nums">{delivery.attempt}</span>
                  </Field>
                  <Field label={t('webhooks.deliveries.duration')}>
                    <span className="tabular-nums">{formatDuration(delivery.durationMs, locale)}</span>
                  </Field>
                  <Field label={t('webhooks.detail.sent-at')}>{formatDateTime(delivery.createdAt)}</Field>
                  <Field label={t('webhooks.detail.message-id')} className="col-span-2">
                    <code className="block truncate font-mono text-xs" title={delivery.messageId}>
                      {delivery.messageId}
                    </code>
                  </Field>
                </dl>
                <BodyBlock
                  title={t('webhooks.detail.request')}
                  body={delivery.requestBody}
                  emptyText={t('webhooks.detail.empty-body')}
                />
                <BodyBlock
                  title={t('webhooks.detail.response')}
                  body={delivery.responseBody}
                  emptyText={
                    delivery.responseStatus === null
                      ? t('webhooks.detail.no-response')
                      : t('webhooks.detail.empty-body')
                  }
                />
              </div>
              <div className="flex flex-col-reverse gap-2 border-t px-5 py-3 sm:flex-row sm:justify-end">
                <DialogPrimitive.Close asChild>
                  <Button variant="outline">{t('ui.dialog.close')}</Button>
                </DialogPrimitive.Close>
                <Button isLoading={isRedelivering} onClick={() => onRedeliver(delivery)}>
                  {isRedelivering ? null : <RotateCw aria-hidden="true" />}
                  {t('webhooks.detail.redeliver')}
                </Button>
              </div>
              <DialogPrimitive.Close
                className={cn(
                  'absolute top-3.5 right-3.5 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground',
                  'transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                )}
                aria-label={t('ui.dialog.close')}
              >
                <X className="size-4" aria-hidden="true" />
              </DialogPrimitive.Close>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

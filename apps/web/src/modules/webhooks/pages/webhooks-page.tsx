import type { WebhookDto } from '@sheaf/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Pencil, Plus, Trash2, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Switch } from '../../../shared/ui/switch';
import { useUpdateWebhook, webhooksQueryOptions } from '../api';
import { StatusDot } from '../components/delivery-status';
import { useConfirmDeleteWebhook } from '../use-confirm-delete-webhook';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/webhooks');

function CreateWebhookButton({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild>
      <Link to="/organizations/$organizationId/settings/webhooks/create" params={{ organizationId }}>
        <Plus aria-hidden="true" />
        {t('webhooks.list.create')}
      </Link>
    </Button>
  );
}

/** "Last triggered 5 minutes ago", with the outcome of that delivery as a dot, or "Never triggered". */
function LastDelivery({ webhook }: { webhook: WebhookDto }) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  if (!webhook.lastTriggeredAt) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <StatusDot status={null} />
        {t('webhooks.list.never-triggered')}
      </p>
    );
  }
  const status = webhook.lastDeliveryStatus;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
      <StatusDot status={status} />
      <span title={formatDateTime(webhook.lastTriggeredAt)}>
        {t('webhooks.list.last-triggered', { time: formatRelative(webhook.lastTriggeredAt) })}
      </span>
      {status ? (
        <>
          <span aria-hidden="true">·</span>
          <span className={status === 'failure' ? 'font-medium text-danger' : undefined}>
            {status === 'success' ? t('webhooks.list.last-succeeded') : t('webhooks.list.last-failed')}
          </span>
        </>
      ) : null}
    </p>
  );
}

type WebhookCardProps = {
  webhook: WebhookDto;
  organizationId: string;
  onToggle: (webhook: WebhookDto, enabled: boolean) => void;
  onDelete: (webhook: WebhookDto) => void;
  isToggling: boolean;
  isDeleting: boolean;
};

function WebhookCard({
  webhook,
  organizationId,
  onToggle,
  onDelete,
  isToggling,
  isDeleting,
}: WebhookCardProps) {
  const { t } = useTranslation();
  const titleId = `webhook-${webhook.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border bg-surface p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="hidden size-9 shrink-0 items-center justify-center rounded-lg border bg-muted/60 text-muted-foreground sm:flex">
          <Webhook className="size-4.5" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="min-w-0 text-[0.9375rem] font-semibold leading-snug">
              <Link
                to="/organizations/$organizationId/settings/webhooks/$webhookId"
                params={{ organizationId, webhookId: webhook.id }}
                className="rounded-sm [overflow-wrap:anywhere] outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {webhook.name}
              </Link>
            </h2>
            {webhook.enabled ? null : <Badge variant="secondary">{t('webhooks.list.disabled')}</Badge>}
          </div>
          <p className="truncate font-mono text-[0.8125rem] text-foreground/80" title={webhook.url}>
            {webhook.url}
          </p>
          <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('webhooks.list.events-label')}>
            {webhook.events.map((event) => (
              <li key={event}>
                <Badge variant="outline" className="font-mono font-normal">
                  {event}
                </Badge>
              </li>
            ))}
          </ul>
          <LastDelivery webhook={webhook} />
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2 border-t pt-3 sm:border-t-0 sm:pt-0">
        <Switch
          checked={webhook.enabled}
          disabled={isToggling}
          onCheckedChange={(enabled) => onToggle(webhook, enabled)}
          aria-label={t('webhooks.list.enabled-label', { name: webhook.name })}
          className="sm:mr-1"
        />
        {/* On narrow screens the switch sits alone at the bottom of the card: say what it does. */}
        <span aria-hidden="true" className="text-[0.8125rem] text-muted-foreground sm:hidden">
          {t('webhooks.form.enabled')}
        </span>
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <Button variant="outline" size="icon-sm" asChild>
            <Link
              to="/organizations/$organizationId/settings/webhooks/$webhookId"
              params={{ organizationId, webhookId: webhook.id }}
              aria-label={t('webhooks.list.edit-label', { name: webhook.name })}
              title={t('webhooks.list.edit')}
            >
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            isLoading={isDeleting}
            onClick={() => onDelete(webhook)}
            aria-label={t('webhooks.list.delete-label', { name: webhook.name })}
            title={t('webhooks.delete.confirm')}
            className="text-danger hover:text-danger"
          >
            {isDeleting ? null : <Trash2 aria-hidden="true" />}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** `/organizations/:id/settings/webhooks` (spec §2): title, description, create button, empty state, cards. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const webhooks = useQuery(webhooksQueryOptions(organizationId));
  const update = useUpdateWebhook(organizationId);
  const { confirmDelete, isDeleting } = useConfirmDeleteWebhook(organizationId);
  const hasWebhooks = (webhooks.data?.length ?? 0) > 0;

  const onToggle = async (webhook: WebhookDto, enabled: boolean) => {
    try {
      await update.mutateAsync({ webhookId: webhook.id, input: { enabled } });
      toast.success(t(enabled ? 'webhooks.list.enabled-toast' : 'webhooks.list.disabled-toast'));
    } catch (error) {
      toast.error(t('webhooks.form.update-failed'), { description: getErrorMessage(error, t) });
    }
  };

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t('webhooks.title')}
        description={t('webhooks.list.description')}
        textClassName="max-w-2xl min-w-0 flex-[1_1_20rem]"
        actions={hasWebhooks ? <CreateWebhookButton organizationId={organizationId} /> : null}
      />
      <QueryStates
        query={webhooks}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Webhook}
            title={t('webhooks.empty.title')}
            description={t('webhooks.empty.description')}
            action={<CreateWebhookButton organizationId={organizationId} />}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={t('webhooks.list.label')}>
            {data.map((webhook) => (
              <li key={webhook.id}>
                <WebhookCard
                  webhook={webhook}
                  organizationId={organizationId}
                  onToggle={(target, enabled) => void onToggle(target, enabled)}
                  onDelete={(target) => void confirmDelete(target)}
                  isToggling={update.isPending && update.variables?.webhookId === webhook.id}
                  isDeleting={isDeleting(webhook.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

import type { CreateWebhookInput, WebhookDto } from '@sheaf/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trash2, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { useUpdateWebhook, webhookQueryOptions } from '../api';
import { BackToWebhooks } from '../components/back-to-webhooks';
import { WebhookDeliveries } from '../components/webhook-deliveries';
import { WebhookForm } from '../components/webhook-form';
import type { WebhookTab } from '../search-params';
import { useConfirmDeleteWebhook } from '../use-confirm-delete-webhook';
import { webhookToFormValues } from '../validation';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/webhooks/$webhookId');

function DeleteWebhookCard({ webhook, organizationId }: { webhook: WebhookDto; organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirmDelete, isDeleting } = useConfirmDeleteWebhook(organizationId);

  const onDelete = async () => {
    if (await confirmDelete(webhook)) {
      await navigate({ to: '/organizations/$organizationId/settings/webhooks', params: { organizationId } });
    }
  };

  return (
    <Card className="flex flex-col gap-3 border-danger/40 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-[0.9375rem] font-semibold">{t('webhooks.delete.card-title')}</h2>
        <p className="text-[0.8125rem] text-muted-foreground">{t('webhooks.delete.card-description')}</p>
      </div>
      <Button
        variant="destructive"
        className="w-fit"
        isLoading={isDeleting(webhook.id)}
        onClick={() => void onDelete()}
      >
        {isDeleting(webhook.id) ? null : <Trash2 aria-hidden="true" />}
        {t('webhooks.delete.button')}
      </Button>
    </Card>
  );
}

/** `/organizations/:id/settings/webhooks/:webhookId`: the settings form and the deliveries log (`?tab=`). */
export function EditWebhookPage() {
  const { t } = useTranslation();
  const { organizationId, webhookId } = routeApi.useParams();
  const { tab = 'settings' } = routeApi.useSearch();
  const navigate = useNavigate();
  const webhook = useQuery(webhookQueryOptions(organizationId, webhookId));
  const update = useUpdateWebhook(organizationId);

  const onSubmit = async (input: CreateWebhookInput) => {
    try {
      const saved = await update.mutateAsync({ webhookId, input });
      toast.success(t('webhooks.form.updated'));
      return saved;
    } catch (error) {
      toast.error(t('webhooks.form.update-failed'), { description: getErrorMessage(error, t) });
      throw error;
    }
  };

  const onTabChange = (value: string) => {
    void navigate({
      to: '/organizations/$organizationId/settings/webhooks/$webhookId',
      params: { organizationId, webhookId },
      search: value === 'deliveries' ? { tab: value satisfies WebhookTab } : {},
      replace: true,
    });
  };

  let content: ReactNode;
  if (webhook.isPending) {
    content = (
      <div className="flex justify-center py-10 text-primary">
        <Spinner size="lg" />
      </div>
    );
  } else if (webhook.isError) {
    content =
      isApiError(webhook.error) && webhook.error.status === 404 ? (
        <EmptyState
          icon={Webhook}
          title={t('webhooks.form.not-found-title')}
          description={t('webhooks.form.not-found-description')}
          action={
            <Button variant="outline" asChild>
              <Link to="/organizations/$organizationId/settings/webhooks" params={{ organizationId }}>
                {t('webhooks.form.back')}
              </Link>
            </Button>
          }
        />
      ) : (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(webhook.error, t)}</FormError>
          <Button variant="outline" onClick={() => void webhook.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
  } else {
    const data = webhook.data;
    content = (
      <>
        <div className="grid gap-1 border-b pb-4">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-xl font-semibold tracking-tight [overflow-wrap:anywhere]">
              {data.name}
            </h1>
            {data.enabled ? null : <Badge variant="secondary">{t('webhooks.list.disabled')}</Badge>}
          </div>
          <p className="truncate font-mono text-[0.8125rem] text-muted-foreground" title={data.url}>
            {data.url}
          </p>
        </div>
        <Tabs value={tab} onValueChange={onTabChange} className="min-w-0">
          <TabsList className="grid w-full grid-cols-2 sm:inline-grid sm:w-auto">
            <TabsTrigger value="settings">{t('webhooks.tabs.settings')}</TabsTrigger>
            <TabsTrigger value="deliveries">{t('webhooks.tabs.deliveries')}</TabsTrigger>
          </TabsList>
          {/* Kept mounted while the deliveries show, so unsaved changes survive a look at them. */}
          <TabsContent value="settings" forceMount className="grid gap-5 data-[state=inactive]:hidden">
            <WebhookForm
              key={data.id}
              organizationId={organizationId}
              defaultValues={webhookToFormValues(data)}
              hasSecret={data.hasSecret}
              isEdit
              submitLabel={t('webhooks.form.update-submit')}
              onSubmit={onSubmit}
            />
            <DeleteWebhookCard webhook={data} organizationId={organizationId} />
          </TabsContent>
          <TabsContent value="deliveries">
            <WebhookDeliveries webhook={data} organizationId={organizationId} />
          </TabsContent>
        </Tabs>
      </>
    );
  }

  return (
    <div className="grid max-w-3xl gap-5 [&>*]:min-w-0">
      <BackToWebhooks organizationId={organizationId} />
      {content}
    </div>
  );
}

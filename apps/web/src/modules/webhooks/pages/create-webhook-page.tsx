import type { CreateWebhookInput } from '@sheaf/contracts/webhooks';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { useCreateWebhook } from '../api';
import { BackToWebhooks } from '../components/back-to-webhooks';
import { WebhookForm } from '../components/webhook-form';
import { EMPTY_WEBHOOK_FORM } from '../validation';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/webhooks/create');

/** `/organizations/:id/settings/webhooks/create`; once created, the webhook's deliveries tab opens. */
export function CreateWebhookPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const navigate = useNavigate();
  const create = useCreateWebhook(organizationId);

  const onSubmit = async (input: CreateWebhookInput) => {
    try {
      const webhook = await create.mutateAsync(input);
      toast.success(t('webhooks.form.created'));
      await navigate({
        to: '/organizations/$organizationId/settings/webhooks/$webhookId',
        params: { organizationId, webhookId: webhook.id },
        search: { tab: 'deliveries' },
      });
      return webhook;
    } catch (error) {
      toast.error(t('webhooks.form.create-failed'), { description: getErrorMessage(error, t) });
      throw error;
    }
  };

  return (
    <div className="grid max-w-3xl gap-5">
      <BackToWebhooks organizationId={organizationId} />
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('webhooks.form.create-title')}</h1>
        <p className="text-sm text-muted-foreground">{t('webhooks.form.create-description')}</p>
      </div>
      <WebhookForm
        organizationId={organizationId}
        defaultValues={EMPTY_WEBHOOK_FORM}
        submitLabel={t('webhooks.form.create-submit')}
        onSubmit={onSubmit}
      />
    </div>
  );
}

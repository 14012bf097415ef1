import type { CreateWebhookInput, WebhookDto } from '@sheaf/contracts/webhooks';
import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FieldMessage, FormField, useFieldErrorMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { Switch } from '../../../shared/ui/switch';
import {
  formValuesToInput,
  type WebhookFormValues,
  webhookFormResolver,
  webhookToFormValues,
} from '../validation';
import { EventsChecklist } from './events-checklist';
import { WebhookSecretField } from './webhook-secret-field';

/** Errors of the API that belong under a field rather than in a toast. */
const URL_ERROR_CODES: ReadonlySet<string> = new Set(['webhooks.url_not_allowed']);

type WebhookFormProps = {
  organizationId: string;
  defaultValues: WebhookFormValues;
  /** On edit: whether the webhook has a secret (shown redacted). */
  hasSecret?: boolean;
  isEdit?: boolean;
  submitLabel: string;
  /**
   * Sends the webhook (already validated) and answers it as saved: on edit, the form then starts again from
   * it, the secret redacted. Throws the API error when it fails: a refused URL is shown under the URL field,
   * and the caller's toast tells about anything else.
   */
  onSubmit: (input: CreateWebhookInput) => Promise<WebhookDto>;
};

/**
 * A webhook (spec §2, §4, §5): name, URL, enabled, events with "Select all", and the signing secret.
 * Validates on submit, then on every change.
 */
export function WebhookForm({
  organizationId,
  defaultValues,
  hasSecret = false,
  isEdit = false,
  submitLabel,
  onSubmit,
}: WebhookFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const resolver = useMemo(() => webhookFormResolver(t), [t]);
  const form = useForm<WebhookFormValues>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const events = useController({ control: form.control, name: 'events' });
  const eventsError = useFieldErrorMessage(events.fieldState.error);
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const eventsTitleId = `${baseId}-events-title`;
  const eventsDescriptionId = `${baseId}-events-description`;
  const eventsErrorId = `${baseId}-events-error`;
  const enabledId = `${baseId}-enabled`;

  const submit = form.handleSubmit(async (values) => {
    let saved: WebhookDto;
    try {
      saved = await onSubmit(formValuesToInput(values));
    } catch (error) {
      const code = getErrorCode(error);
      if (code && URL_ERROR_CODES.has(code)) {
        form.setError('url', { type: 'server', message: getErrorMessage(error, t) }, { shouldFocus: true });
      }
      return;
    }
    if (isEdit) form.reset(webhookToFormValues(saved));
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Card className="grid gap-4 p-4 sm:p-5">
        <FormField
          control={form.control}
          name="name"
          label={t('webhooks.form.name')}
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              autoComplete="off"
              placeholder={t('webhooks.form.name-placeholder')}
            />
          )}
        />
        <FormField
          control={form.control}
          name="url"
          label={t('webhooks.form.url')}
          description={t('webhooks.form.url-description')}
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/webhooks/sheaf"
              className="font-mono text-[0.8125rem]"
            />
          )}
        />
        <div className="flex items-start gap-3">
          <Switch
            id={enabledId}
            checked={enabled}
            onCheckedChange={(checked) => form.setValue('enabled', checked, { shouldDirty: true })}
            aria-describedby={`${enabledId}-description`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={enabledId}>{t('webhooks.form.enabled')}</Label>
            <p id={`${enabledId}-description`} className="text-[0.8125rem] text-muted-foreground">
              {t('webhooks.form.enabled-description')}
            </p>
          </div>
        </div>
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="grid gap-1">
          <h2 id={eventsTitleId} className="text-[0.9375rem] font-semibold">
            {t('webhooks.form.events')}
          </h2>
          <p id={eventsDescriptionId} className="text-[0.8125rem] text-muted-foreground">
            {t('webhooks.form.events-description')}
          </p>
        </div>
        <EventsChecklist
          value={events.field.value}
          onChange={events.field.onChange}
          onBlur={events.field.onBlur}
          invalid={Boolean(eventsError)}
          labelledBy={eventsTitleId}
          describedBy={[eventsDescriptionId, eventsError ? eventsErrorId : undefined]
            .filter(Boolean)
            .join(' ')}
        />
        {eventsError ? <FieldMessage id={eventsErrorId}>{eventsError}</FieldMessage> : null}
      </Card>

      <Card className="p-4 sm:p-5">
        <WebhookSecretField form={form} hasSecret={hasSecret} isEdit={isEdit} />
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to="/organizations/$organizationId/settings/webhooks" params={{ organizationId }}>
            {t('webhooks.form.cancel')}
          </Link>
        </Button>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

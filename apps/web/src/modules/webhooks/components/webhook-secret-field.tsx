import { generateWebhookSecret } from '@sheaf/contracts/webhooks';
import { KeyRound, RefreshCw, Sparkles, TriangleAlert, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { CopyButton } from '../../../shared/ui/copy-button';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import type { WebhookFormValues } from '../validation';

type WebhookSecretFieldProps = {
  form: UseFormReturn<WebhookFormValues>;
  /** On edit: whether the webhook has a secret now (it is never shown, only redacted). */
  hasSecret: boolean;
  isEdit: boolean;
};

/**
 * The signing secret. On creation it is editable, with "Generate" (a `whsec_…` value) and "Copy". On edit
 * it stays redacted until "Rotate secret" makes it editable (spec §4); it is sent only when rotated and
 * non-empty, so cancelling the rotation or leaving the field empty keeps the current secret.
 */
export function WebhookSecretField({ form, hasSecret, isEdit }: WebhookSecretFieldProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-description`;
  const isEditable = useWatch({ control: form.control, name: 'isSecretEditable' });
  const secret = useWatch({ control: form.control, name: 'secret' });

  const setEditable = (editable: boolean) => {
    form.setValue('isSecretEditable', editable, { shouldDirty: true });
    form.setValue('secret', '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (editable) {
      // The field appears on the next render: give it the focus then.
      setTimeout(() => form.setFocus('secret'), 0);
    }
  };

  const generate = () => {
    form.setValue('secret', generateWebhookSecret(), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  let description: string;
  if (!isEdit) description = t('webhooks.form.secret-description-create');
  else if (!isEditable)
    description = hasSecret ? t('webhooks.form.secret-redacted') : t('webhooks.form.secret-none');
  else description = t('webhooks.form.secret-description-rotate');

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-[0.9375rem] font-semibold">
          {t('webhooks.form.secret')}
        </h2>
        <p id={descriptionId} className="text-[0.8125rem] text-muted-foreground">
          {description}
        </p>
      </div>
      {isEditable ? (
        <FormField
          control={form.control}
          name="secret"
          label={isEdit ? t('webhooks.form.new-secret') : t('webhooks.form.secret-label')}
          render={({ field, controlProps }) => (
            <div className="flex flex-wrap gap-2">
              <Input
                {...field}
                {...controlProps}
                aria-describedby={[descriptionId, controlProps['aria-describedby']].filter(Boolean).join(' ')}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('webhooks.form.secret-placeholder')}
                className="min-w-0 flex-[1_1_16rem] font-mono text-[0.8125rem]"
              />
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={generate}>
                  <Sparkles aria-hidden="true" />
                  {t('webhooks.form.generate-secret')}
                </Button>
                <CopyButton
                  text={secret}
                  disabled={secret.trim() === ''}
                  label={t('webhooks.form.copy-secret')}
                  iconOnly
                  onCopyFailed={() => {
                    const input = document.getElementById(controlProps.id);
                    if (input instanceof HTMLInputElement) input.select();
                  }}
                />
                {isEdit ? (
                  <Button variant="ghost" onClick={() => setEditable(false)}>
                    <Undo2 aria-hidden="true" />
                    {hasSecret ? t('webhooks.form.keep-secret') : t('webhooks.form.cancel')}
                  </Button>
                ) : null}
              </div>
            </div>
          )}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <div className="flex h-9 min-w-0 flex-[1_1_16rem] items-center gap-2 rounded-md border border-input bg-muted/50 px-3 text-sm text-muted-foreground">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            {hasSecret ? (
              <>
                <span aria-hidden="true" className="truncate font-mono tracking-widest">
                  ••••••••••••••••••••••••
                </span>
                <span className="sr-only">{t('webhooks.form.secret-hidden')}</span>
              </>
            ) : (
              <span className="truncate">{t('webhooks.form.no-secret')}</span>
            )}
          </div>
          <Button variant="outline" onClick={() => setEditable(true)}>
            <RefreshCw aria-hidden="true" />
            {hasSecret ? t('webhooks.form.rotate-secret') : t('webhooks.form.set-secret')}
          </Button>
        </div>
      )}
      {isEditable && secret.trim() !== '' ? (
        <p className="flex items-start gap-2 text-[0.8125rem] text-muted-foreground">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
          {t('webhooks.form.secret-copy-now')}
        </p>
      ) : null}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { TAGGING_RULE_MATCH_MODES, type TaggingRuleInput } from '@sheaf/contracts/tagging-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useController, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FieldMessage, FormField, useFieldErrorMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { Switch } from '../../../shared/ui/switch';
import { Textarea } from '../../../shared/ui/textarea';
import { propertiesQueryOptions } from '../../properties/api';
import {
  createTaggingRuleFormSchema,
  formValuesToInput,
  newConditionDraft,
  newPropertyActionDraft,
  type TaggingRuleFormValues,
} from '../rule-drafts';
import { ConditionRow } from './condition-row';
import { PropertyActionRow } from './property-action-row';
import { TagsChecklist } from './tags-checklist';

type TaggingRuleFormProps = {
  organizationId: string;
  defaultValues: TaggingRuleFormValues;
  submitLabel: string;
  /** Sends the rule; the form has already validated it and confirmed a rule without conditions. */
  onSubmit: (input: TaggingRuleInput) => Promise<void>;
};

/**
 * A tagging rule (spec §2, §5): name, description, enabled, match mode, conditions and tags. Validates on
 * submit, then on every change; a rule without conditions applies to all documents, so saving it asks first.
 */
export function TaggingRuleForm({
  organizationId,
  defaultValues,
  submitLabel,
  onSubmit,
}: TaggingRuleFormProps) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const confirm = useConfirm();
  const baseId = useId();
  const properties = useQuery(propertiesQueryOptions(organizationId));
  const definitions = useMemo(
    () => (properties.data ? new Map(properties.data.map((property) => [property.id, property])) : null),
    [properties.data],
  );
  const schema = useMemo(
    () => createTaggingRuleFormSchema(t, { definitions, locale }),
    [t, definitions, locale],
  );
  const form = useForm<TaggingRuleFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const propertyActions = useFieldArray({ control: form.control, name: 'setProperties' });
  const tagIds = useController({ control: form.control, name: 'tagIds' });
  const tagsError = useFieldErrorMessage(tagIds.fieldState.error);
  const tagsTitleId = `${baseId}-tags-title`;
  const tagsDescriptionId = `${baseId}-tags-description`;
  const tagsErrorId = `${baseId}-tags-error`;
  const enabledId = `${baseId}-enabled`;
  const propertiesTitleId = `${baseId}-properties-title`;
  const propertyList = properties.data ?? [];
  const rowProps = { form, organizationId, properties: propertyList, definitions: definitions ?? new Map() };

  const submit = form.handleSubmit(async (values) => {
    if (values.conditions.length === 0) {
      const confirmed = await confirm({
        title: t('tagging-rules.form.no-conditions.title'),
        description: t('tagging-rules.form.no-conditions.description'),
        confirmLabel: t('tagging-rules.form.no-conditions.confirm'),
        isDestructive: false,
      });
      if (!confirmed) return;
    }
    await onSubmit(formValuesToInput(values, { definitions: definitions ?? new Map(), locale }));
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Card className="grid gap-4 p-4 sm:p-5">
        <FormField
          control={form.control}
          name="name"
          label={t('tagging-rules.form.name')}
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              autoComplete="off"
              placeholder={t('tagging-rules.form.name-placeholder')}
            />
          )}
        />
        <FormField
          control={form.control}
          name="description"
          label={t('tagging-rules.form.description')}
          render={({ field, controlProps }) => (
            <Textarea
              {...field}
              {...controlProps}
              rows={2}
              placeholder={t('tagging-rules.form.description-placeholder')}
            />
          )}
        />
        <div className="flex items-start gap-3">
          <Switch
            id={enabledId}
            checked={form.watch('enabled')}
            onCheckedChange={(checked) => form.setValue('enabled', checked, { shouldDirty: true })}
            aria-describedby={`${enabledId}-description`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={enabledId}>{t('tagging-rules.form.enabled')}</Label>
            <p id={`${enabledId}-description`} className="text-[0.8125rem] text-muted-foreground">
              {t('tagging-rules.form.enabled-description')}
            </p>
          </div>
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-5">
        <div className="grid gap-1">
          <h2 className="text-[0.9375rem] font-semibold">{t('tagging-rules.form.conditions')}</h2>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('tagging-rules.form.conditions-description')}
          </p>
        </div>
        {conditions.fields.length > 0 ? (
          <FormField
            control={form.control}
            name="conditionMatchMode"
            label={t('tagging-rules.form.match-mode')}
            className="sm:max-w-xs"
            render={({ field, controlProps }) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TAGGING_RULE_MATCH_MODES.map((mode) => (
                    <SelectItem key={mode} value={mode}>
                      {t(`tagging-rules.form.match-modes.${mode}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        ) : null}
        {conditions.fields.length > 0 ? (
          <ol className="grid gap-3" aria-label={t('tagging-rules.form.conditions')}>
            {conditions.fields.map((condition, index) => (
              <ConditionRow
                key={condition.id}
                index={index}
                onRemove={() => conditions.remove(index)}
                {...rowProps}
              />
            ))}
          </ol>
        ) : (
          <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
            {t('tagging-rules.form.no-conditions-yet')}
          </p>
        )}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => conditions.append(newConditionDraft('name'), { shouldFocus: true })}
          >
            <Plus aria-hidden="true" />
            {t('tagging-rules.form.add-condition')}
          </Button>
        </div>
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="grid gap-1">
          <h2 id={tagsTitleId} className="text-[0.9375rem] font-semibold">
            {t('tagging-rules.form.tags')}
          </h2>
          <p id={tagsDescriptionId} className="text-[0.8125rem] text-muted-foreground">
            {t('tagging-rules.form.tags-description')}
          </p>
        </div>
        <TagsChecklist
          organizationId={organizationId}
          value={tagIds.field.value}
          onChange={tagIds.field.onChange}
          onBlur={tagIds.field.onBlur}
          invalid={Boolean(tagsError)}
          labelledBy={tagsTitleId}
          describedBy={[tagsDescriptionId, tagsError ? tagsErrorId : undefined].filter(Boolean).join(' ')}
        />
        {tagsError ? <FieldMessage id={tagsErrorId}>{tagsError}</FieldMessage> : null}
      </Card>

      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="grid gap-1">
          <h2 id={propertiesTitleId} className="text-[0.9375rem] font-semibold">
            {t('tagging-rules.form.set-properties')}
          </h2>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('tagging-rules.form.set-properties-description')}
          </p>
        </div>
        {propertyActions.fields.length > 0 ? (
          <ol className="grid gap-3" aria-labelledby={propertiesTitleId}>
            {propertyActions.fields.map((action, index) => (
              <PropertyActionRow
                key={action.id}
                index={index}
                onRemove={() => propertyActions.remove(index)}
                {...rowProps}
              />
            ))}
          </ol>
        ) : null}
        {properties.isError ? (
          <FieldMessage>{t('tagging-rules.form.properties-load-error')}</FieldMessage>
        ) : properties.isSuccess && propertyList.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
            {t('tagging-rules.form.no-properties')}{' '}
            <Link
              to="/organizations/$organizationId/settings/properties"
              params={{ organizationId }}
              className="font-medium text-foreground underline underline-offset-4"
            >
              {t('tagging-rules.form.manage-properties')}
            </Link>
          </p>
        ) : (
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={!properties.isSuccess}
              onClick={() => propertyActions.append(newPropertyActionDraft(), { shouldFocus: true })}
            >
              <Plus aria-hidden="true" />
              {t('tagging-rules.form.add-property-action')}
            </Button>
          </div>
        )}
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to="/organizations/$organizationId/tagging-rules" params={{ organizationId }}>
            {t('tagging-rules.form.cancel')}
          </Link>
        </Button>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

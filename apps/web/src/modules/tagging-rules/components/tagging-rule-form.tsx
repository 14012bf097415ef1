import { zodResolver } from '@hookform/resolvers/zod';
import { TAGGING_RULE_DESCRIPTION_MAX_LENGTH, TAGGING_RULE_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import {
  NEW_TAGGING_RULE_CONDITION,
  TAGGING_RULE_CONDITION_FIELDS,
  TAGGING_RULE_MATCH_MODES,
  TAGGING_RULE_OPERATORS,
  type TaggingRuleCondition,
  type TaggingRuleDto,
  type TaggingRuleInput,
  type TaggingRuleMatchMode,
} from '@sheaf/contracts/tagging-rules';
import { hasControlCharacters } from '@sheaf/contracts/text';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { Plus, X } from 'lucide-react';
import { type Ref, useId, useMemo } from 'react';
import { useController, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import {
  type FieldControlProps,
  FieldMessage,
  FormField,
  useFieldErrorMessage,
} from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { Switch } from '../../../shared/ui/switch';
import { Textarea } from '../../../shared/ui/textarea';
import { TagsChecklist } from './tags-checklist';

/** Longest condition value the server accepts. */
const CONDITION_VALUE_MAX_LENGTH = 1024;

export type TaggingRuleFormValues = {
  name: string;
  description: string;
  enabled: boolean;
  conditionMatchMode: TaggingRuleMatchMode;
  conditions: TaggingRuleCondition[];
  tagIds: string[];
};

export const EMPTY_TAGGING_RULE_FORM: TaggingRuleFormValues = {
  name: '',
  description: '',
  enabled: true,
  conditionMatchMode: 'all',
  conditions: [],
  tagIds: [],
};

/** The rules of `taggingRuleInputSchema` (spec §5), with translated messages. */
export function createTaggingRuleFormSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
      .trim()
      .min(1, t('tagging-rules.form.name-required'))
      .max(
        TAGGING_RULE_NAME_MAX_LENGTH,
        t('tagging-rules.form.name-max', { max: TAGGING_RULE_NAME_MAX_LENGTH }),
      ),
    description: z
      .string()
      .refine((value) => !hasControlCharacters(value, { multiline: true }), t('common.control-characters'))
      .trim()
      .max(
        TAGGING_RULE_DESCRIPTION_MAX_LENGTH,
        t('tagging-rules.form.description-max', { max: TAGGING_RULE_DESCRIPTION_MAX_LENGTH }),
      ),
    enabled: z.boolean(),
    conditionMatchMode: z.enum(TAGGING_RULE_MATCH_MODES),
    conditions: z.array(
      z.object({
        field: z.enum(TAGGING_RULE_CONDITION_FIELDS),
        operator: z.enum(TAGGING_RULE_OPERATORS),
        value: z
          .string()
          .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
          .min(1, t('tagging-rules.form.value-required'))
          .max(
            CONDITION_VALUE_MAX_LENGTH,
            t('tagging-rules.form.value-max', { max: CONDITION_VALUE_MAX_LENGTH }),
          ),
      }),
    ),
    tagIds: z.array(z.string()).min(1, t('tagging-rules.form.tags-required')),
  });
}

/** The form values of an existing rule. */
export function taggingRuleToFormValues(rule: TaggingRuleDto): TaggingRuleFormValues {
  return {
    name: rule.name,
    description: rule.description ?? '',
    enabled: rule.enabled,
    conditionMatchMode: rule.conditionMatchMode,
    conditions: rule.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
    tagIds: rule.actions.map((action) => action.tagId),
  };
}

/** The request body from the form values: trimmed name, a blank description sent as null. */
export function formValuesToInput(values: TaggingRuleFormValues): TaggingRuleInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    enabled: values.enabled,
    conditionMatchMode: values.conditionMatchMode,
    conditions: values.conditions.map(({ field, operator, value }) => ({ field, operator, value })),
    tagIds: values.tagIds,
  };
}

/** A condition's field or operator picker, labelled by its position in the list. */
function ConditionSelect({
  field,
  controlProps,
  label,
  options,
}: {
  field: {
    value: string;
    onChange: (value: string) => void;
    onBlur: () => void;
    name: string;
    ref: Ref<HTMLButtonElement>;
  };
  controlProps: FieldControlProps;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Select value={field.value} onValueChange={field.onChange} name={field.name}>
      <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

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
  const { t } = useTranslation();
  const confirm = useConfirm();
  const baseId = useId();
  const schema = useMemo(() => createTaggingRuleFormSchema(t), [t]);
  const form = useForm<TaggingRuleFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const tagIds = useController({ control: form.control, name: 'tagIds' });
  const tagsError = useFieldErrorMessage(tagIds.fieldState.error);
  const tagsTitleId = `${baseId}-tags-title`;
  const tagsDescriptionId = `${baseId}-tags-description`;
  const tagsErrorId = `${baseId}-tags-error`;
  const enabledId = `${baseId}-enabled`;

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
    await onSubmit(formValuesToInput(values));
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
            {conditions.fields.map((condition, index) => {
              const position = index + 1;
              return (
                <li
                  key={condition.id}
                  className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 rounded-lg border bg-muted/30 p-2.5 md:grid-cols-[11rem_10.5rem_minmax(0,1fr)_auto]"
                >
                  <FormField
                    control={form.control}
                    name={`conditions.${index}.field`}
                    className="col-span-2 md:col-span-1"
                    render={({ field, controlProps }) => (
                      <ConditionSelect
                        field={field}
                        controlProps={controlProps}
                        label={t('tagging-rules.form.condition-field', { position })}
                        options={TAGGING_RULE_CONDITION_FIELDS.map((option) => ({
                          value: option,
                          label: t(`tagging-rules.form.fields.${option}`),
                        }))}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`conditions.${index}.operator`}
                    className="col-start-1 row-start-2 md:col-start-2 md:row-start-1"
                    render={({ field, controlProps }) => (
                      <ConditionSelect
                        field={field}
                        controlProps={controlProps}
                        label={t('tagging-rules.form.condition-operator', { position })}
                        options={TAGGING_RULE_OPERATORS.map((option) => ({
                          value: option,
                          label: t(`tagging-rules.form.operators.${option}`),
                        }))}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name={`conditions.${index}.value`}
                    className="col-span-2 col-start-2 row-start-2 md:col-span-1 md:col-start-3 md:row-start-1"
                    render={({ field, controlProps }) => (
                      <Input
                        {...field}
                        {...controlProps}
                        autoComplete="off"
                        aria-label={t('tagging-rules.form.condition-value', { position })}
                        placeholder={t('tagging-rules.form.value-placeholder')}
                      />
                    )}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="col-start-3 row-start-1 text-muted-foreground hover:text-foreground md:col-start-4"
                    aria-label={t('tagging-rules.form.remove-condition', { position })}
                    onClick={() => conditions.remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
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
            onClick={() => conditions.append({ ...NEW_TAGGING_RULE_CONDITION }, { shouldFocus: true })}
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

import { FILE_TYPE_GROUPS } from '@sheaf/contracts/document-filters';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import {
  isValuelessTaggingRuleOperator,
  TAGGING_RULE_CONDITION_FIELDS,
  type TaggingRuleConditionField,
} from '@sheaf/contracts/tagging-rules';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { X } from 'lucide-react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { membersQueryOptions } from '../../members/api';
import { memberChoicesOf, PropertyValueInput } from '../../properties/property-value-input';
import {
  type ConditionDraft,
  newConditionDraft,
  operatorsOf,
  type PropertyDefinitions,
  type TaggingRuleFormValues,
} from '../rule-drafts';
import { LabelledSelect, PropertySelect } from './rule-controls';

/** An operator's name, by what the condition looks at ("is before" for a date, "greater than" for a number). */
export function operatorLabel(
  t: TFunction,
  field: TaggingRuleConditionField,
  operator: string,
  definition: Pick<PropertyDefinitionDto, 'type'> | undefined,
): string {
  switch (field) {
    case 'name':
    case 'content':
      return t(`tagging-rules.form.operators.${operator}`);
    case 'documentDate':
      return t(`tagging-rules.form.date-operators.${operator}`);
    case 'fileType':
      return t(`tagging-rules.form.file-type-operators.${operator}`);
    case 'property':
      return definition?.type === 'date' && (operator === 'greater_than' || operator === 'less_than')
        ? t(`tagging-rules.form.property-operators.date_${operator}`)
        : t(`tagging-rules.form.property-operators.${operator}`);
  }
}

type ValueInput = 'none' | 'text' | 'date' | 'file-type' | 'property';

/** Which input the condition's value takes. */
function valueInputOf(draft: ConditionDraft, definition: PropertyDefinitionDto | undefined): ValueInput {
  if (isValuelessTaggingRuleOperator(draft.operator)) return 'none';
  switch (draft.field) {
    case 'name':
    case 'content':
      return 'text';
    case 'documentDate':
      return 'date';
    case 'fileType':
      return 'file-type';
    case 'property':
      return definition ? 'property' : 'none';
  }
}

/**
 * One condition of the rule form: what it looks at (and which property), the operators that fit,
 * and a value input of the right kind. Changing what it looks at starts the condition afresh.
 */
export function ConditionRow({
  form,
  index,
  organizationId,
  properties,
  definitions,
  onRemove,
}: {
  form: UseFormReturn<TaggingRuleFormValues>;
  index: number;
  organizationId: string;
  properties: readonly PropertyDefinitionDto[];
  definitions: PropertyDefinitions;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const position = index + 1;
  const draft = useWatch({ control: form.control, name: `conditions.${index}` });
  const definition = draft?.field === 'property' ? definitions.get(draft.propertyId) : undefined;
  const members = useQuery({
    ...membersQueryOptions(organizationId),
    enabled: definition?.type === 'member',
  });
  if (!draft) return null;
  const valueInput = valueInputOf(draft, definition);
  const valueLabel = t('tagging-rules.form.condition-value', { position });

  /** Starts the condition afresh (what it looks at changed), keeping the focus where it is. */
  const restart = (next: ConditionDraft) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`conditions.${index}.field`, next.field, options);
    form.setValue(`conditions.${index}.propertyId`, next.propertyId, options);
    form.setValue(`conditions.${index}.operator`, next.operator, options);
    form.setValue(`conditions.${index}.value`, next.value, options);
  };

  return (
    <li className="flex items-start gap-2 rounded-lg border bg-muted/30 p-2.5">
      <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2 md:flex md:flex-wrap">
        <FormField
          control={form.control}
          name={`conditions.${index}.field`}
          className="md:w-44"
          render={({ field, controlProps }) => (
            <LabelledSelect
              field={field}
              controlProps={controlProps}
              label={t('tagging-rules.form.condition-field', { position })}
              options={TAGGING_RULE_CONDITION_FIELDS.map((option) => ({
                value: option,
                label: t(`tagging-rules.form.fields.${option}`),
              }))}
              onValueChange={(value) => {
                const next = value as TaggingRuleConditionField;
                // A text condition keeps its value when it moves between name and content.
                const keepsValue =
                  (next === 'name' || next === 'content') &&
                  (draft.field === 'name' || draft.field === 'content');
                restart(keepsValue ? { ...draft, field: next } : newConditionDraft(next));
              }}
            />
          )}
        />
        {draft.field === 'property' ? (
          <FormField
            control={form.control}
            name={`conditions.${index}.propertyId`}
            className="md:w-44"
            render={({ field, controlProps }) => (
              <PropertySelect
                field={field}
                controlProps={controlProps}
                label={t('tagging-rules.form.condition-property', { position })}
                properties={properties}
                onValueChange={(propertyId) =>
                  restart(newConditionDraft('property', definitions.get(propertyId)))
                }
              />
            )}
          />
        ) : null}
        <FormField
          control={form.control}
          name={`conditions.${index}.operator`}
          className="md:w-40"
          render={({ field, controlProps }) => (
            <LabelledSelect
              field={field}
              controlProps={controlProps}
              label={t('tagging-rules.form.condition-operator', { position })}
              options={operatorsOf(draft.field, definition).map((operator) => ({
                value: operator,
                label: operatorLabel(t, draft.field, operator, definition),
              }))}
            />
          )}
        />
        {valueInput === 'none' ? null : (
          <FormField
            control={form.control}
            name={`conditions.${index}.value`}
            className="min-w-0 sm:col-span-2 md:flex-1 md:basis-40"
            render={({ field, controlProps }) => {
              switch (valueInput) {
                case 'file-type':
                  return (
                    <LabelledSelect
                      field={field}
                      controlProps={controlProps}
                      label={valueLabel}
                      options={FILE_TYPE_GROUPS.map((group) => ({
                        value: group,
                        label: t(`tagging-rules.form.file-types.${group}`),
                      }))}
                    />
                  );
                case 'property':
                  return definition ? (
                    <PropertyValueInput
                      definition={definition}
                      value={{ text: field.value, currency: '', optionIds: [] }}
                      onChange={(next) => field.onChange(next.text)}
                      purpose="condition"
                      booleanControl="select"
                      label={valueLabel}
                      id={controlProps.id}
                      invalid={controlProps['aria-invalid']}
                      describedBy={controlProps['aria-describedby']}
                      onBlur={field.onBlur}
                      controlRef={field.ref}
                      members={memberChoicesOf(members.data)}
                      placeholder={t('tagging-rules.form.value-placeholder')}
                      choosePlaceholder={
                        definition.type === 'member'
                          ? t('tagging-rules.form.choose-member')
                          : definition.type === 'boolean'
                            ? undefined
                            : t('tagging-rules.form.choose-option')
                      }
                    />
                  ) : null;
                case 'date':
                  return (
                    <Input
                      {...field}
                      {...controlProps}
                      type="date"
                      min="1000-01-01"
                      max="9999-12-31"
                      aria-label={valueLabel}
                    />
                  );
                default:
                  return (
                    <Input
                      {...field}
                      {...controlProps}
                      autoComplete="off"
                      aria-label={valueLabel}
                      placeholder={t('tagging-rules.form.value-placeholder')}
                    />
                  );
              }
            }}
          />
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0 text-muted-foreground hover:text-foreground"
        aria-label={t('tagging-rules.form.remove-condition', { position })}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useController, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { FieldMessage, FormField } from '../../../shared/ui/form-field';
import { membersQueryOptions } from '../../members/api';
import {
  memberChoicesOf,
  type PropertyValueDraft,
  PropertyValueInput,
} from '../../properties/property-value-input';
import { newPropertyActionDraft, type PropertyDefinitions, type TaggingRuleFormValues } from '../rule-drafts';
import { PropertySelect } from './rule-controls';

/**
 * The value an action sets, in the input its property's type takes; the errors of its parts (value,
 * currency, options) under it.
 */
function PropertyActionValue({
  form,
  index,
  organizationId,
  definition,
}: {
  form: UseFormReturn<TaggingRuleFormValues>;
  index: number;
  organizationId: string;
  definition: PropertyDefinitionDto;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const position = index + 1;
  const name = `setProperties.${index}` as const;
  const { field } = useController({ control: form.control, name: `${name}.value` });
  const draft = useWatch({ control: form.control, name });
  const { errors } = useFormState({ control: form.control, name });
  const members = useQuery({
    ...membersQueryOptions(organizationId),
    enabled: definition.type === 'member',
  });
  const partErrors = errors.setProperties?.[index];
  const message = [partErrors?.value, partErrors?.currency, partErrors?.optionIds]
    .map((error) => error?.message)
    .find((text) => text !== undefined);
  const change = (next: PropertyValueDraft) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`${name}.currency`, next.currency, options);
    form.setValue(`${name}.optionIds`, next.optionIds, options);
    field.onChange(next.text);
  };
  return (
    <div className="grid min-w-0 gap-1.5">
      <PropertyValueInput
        definition={definition}
        value={{ text: draft.value, currency: draft.currency, optionIds: draft.optionIds }}
        onChange={change}
        booleanControl="select"
        label={
          definition.type === 'monetary'
            ? t('tagging-rules.form.property-action-amount', { position })
            : definition.type === 'multi_select'
              ? t('tagging-rules.form.property-action-options', { position })
              : t('tagging-rules.form.property-action-value', { position })
        }
        currencyLabel={t('tagging-rules.form.property-action-currency', { position })}
        members={memberChoicesOf(members.data)}
        placeholder={t('tagging-rules.form.value-placeholder')}
        choosePlaceholder={
          definition.type === 'member'
            ? t('tagging-rules.form.choose-member')
            : definition.type === 'boolean'
              ? undefined
              : t('tagging-rules.form.choose-option')
        }
        invalid={message !== undefined}
        describedBy={message !== undefined ? errorId : undefined}
        onBlur={field.onBlur}
        controlRef={field.ref}
      />
      {message !== undefined ? <FieldMessage id={errorId}>{message}</FieldMessage> : null}
    </div>
  );
}

/**
 * One "set property" action of the rule form: the property, and a value input that fits its type
 * (an amount with its currency, a date, options…). Choosing another property starts the value afresh.
 */
export function PropertyActionRow({
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
  const draft = useWatch({ control: form.control, name: `setProperties.${index}` });
  if (!draft) return null;
  const definition = definitions.get(draft.propertyId);

  const restart = (propertyId: string) => {
    const next = newPropertyActionDraft(definitions.get(propertyId));
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(`setProperties.${index}.propertyId`, propertyId, options);
    form.setValue(`setProperties.${index}.value`, next.value, options);
    form.setValue(`setProperties.${index}.currency`, next.currency, options);
    form.setValue(`setProperties.${index}.optionIds`, next.optionIds, options);
  };

  return (
    <li className="flex items-start gap-2 rounded-lg border bg-muted/30 p-2.5">
      <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <FormField
          control={form.control}
          name={`setProperties.${index}.propertyId`}
          render={({ field, controlProps }) => (
            <PropertySelect
              field={field}
              controlProps={controlProps}
              label={t('tagging-rules.form.property-action-property', { position })}
              properties={properties}
              onValueChange={restart}
            />
          )}
        />
        {definition ? (
          <PropertyActionValue
            key={definition.id}
            form={form}
            index={index}
            organizationId={organizationId}
            definition={definition}
          />
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0 text-muted-foreground hover:text-foreground"
        aria-label={t('tagging-rules.form.remove-property-action', { position })}
        onClick={onRemove}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

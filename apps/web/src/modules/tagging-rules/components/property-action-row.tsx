import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { X } from 'lucide-react';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { newPropertyActionDraft, type PropertyDefinitions, type TaggingRuleFormValues } from '../rule-drafts';
import {
  LabelledSelect,
  MemberSelect,
  optionChoices,
  PropertySelect,
  useBooleanChoices,
} from './rule-controls';

/** The options of a multi select, as checkboxes (Space toggles one, Tab moves on). */
function OptionsChecklist({
  definition,
  value,
  onChange,
  label,
  describedBy,
}: {
  definition: PropertyDefinitionDto;
  value: string[];
  onChange: (value: string[]) => void;
  label: string;
  describedBy: string | undefined;
}) {
  const baseId = useId();
  return (
    <fieldset
      aria-label={label}
      aria-describedby={describedBy}
      className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-input bg-surface px-3 py-2"
    >
      {definition.options.map((option) => {
        const id = `${baseId}-${option.id}`;
        const checked = value.includes(option.id);
        return (
          <div key={option.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={checked}
              onCheckedChange={(next) =>
                onChange(
                  next === true ? [...value, option.id] : value.filter((optionId) => optionId !== option.id),
                )
              }
            />
            <Label htmlFor={id} className="font-normal">
              {option.name}
            </Label>
          </div>
        );
      })}
    </fieldset>
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
  const booleanChoices = useBooleanChoices();
  const position = index + 1;
  const draft = useWatch({ control: form.control, name: `setProperties.${index}` });
  if (!draft) return null;
  const definition = definitions.get(draft.propertyId);
  const valueLabel = t('tagging-rules.form.property-action-value', { position });

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
        {definition?.type === 'multi_select' ? (
          <FormField
            control={form.control}
            name={`setProperties.${index}.optionIds`}
            render={({ field, controlProps }) => (
              <OptionsChecklist
                definition={definition}
                value={field.value}
                onChange={field.onChange}
                label={t('tagging-rules.form.property-action-options', { position })}
                describedBy={controlProps['aria-describedby']}
              />
            )}
          />
        ) : definition?.type === 'monetary' ? (
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
            <FormField
              control={form.control}
              name={`setProperties.${index}.value`}
              render={({ field, controlProps }) => (
                <Input
                  {...field}
                  {...controlProps}
                  autoComplete="off"
                  inputMode="decimal"
                  aria-label={t('tagging-rules.form.property-action-amount', { position })}
                  placeholder={t('tagging-rules.form.value-placeholder')}
                />
              )}
            />
            <FormField
              control={form.control}
              name={`setProperties.${index}.currency`}
              render={({ field, controlProps }) => (
                <Input
                  {...field}
                  {...controlProps}
                  autoComplete="off"
                  maxLength={3}
                  className="uppercase"
                  aria-label={t('tagging-rules.form.property-action-currency', { position })}
                  placeholder="EUR"
                />
              )}
            />
          </div>
        ) : definition ? (
          <FormField
            control={form.control}
            name={`setProperties.${index}.value`}
            render={({ field, controlProps }) => {
              switch (definition.type) {
                case 'select':
                  return (
                    <LabelledSelect
                      field={field}
                      controlProps={controlProps}
                      label={valueLabel}
                      options={optionChoices(definition)}
                      placeholder={t('tagging-rules.form.choose-option')}
                    />
                  );
                case 'boolean':
                  return (
                    <LabelledSelect
                      field={field}
                      controlProps={controlProps}
                      label={valueLabel}
                      options={booleanChoices}
                    />
                  );
                case 'member':
                  return (
                    <MemberSelect
                      organizationId={organizationId}
                      field={field}
                      controlProps={controlProps}
                      label={valueLabel}
                    />
                  );
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
                      type={definition.type === 'url' ? 'url' : 'text'}
                      inputMode={definition.type === 'number' ? 'decimal' : undefined}
                      aria-label={valueLabel}
                      placeholder={t('tagging-rules.form.value-placeholder')}
                    />
                  );
              }
            }}
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

import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '../../../shared/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { PROPERTY_TYPE_ICONS } from '../../properties/property-types';

/** What a react-hook-form controller gives a select. */
export type SelectFieldProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  ref: Ref<HTMLButtonElement>;
};

export type SelectOption = { value: string; label: string };

/**
 * A picker of a rule's form, labelled by its place in the list ("Condition 2 operator"). An empty
 * value shows the placeholder.
 */
export function LabelledSelect({
  field,
  controlProps,
  label,
  options,
  placeholder,
  onValueChange,
  className,
}: {
  field: SelectFieldProps;
  controlProps: FieldControlProps;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  /** Replaces `field.onChange`, to reset what depends on the choice. */
  onValueChange?: (value: string) => void;
  className?: string;
}) {
  return (
    <Select value={field.value} onValueChange={onValueChange ?? field.onChange} name={field.name}>
      <SelectTrigger
        {...controlProps}
        onBlur={field.onBlur}
        ref={field.ref}
        aria-label={label}
        className={className}
      >
        <SelectValue placeholder={placeholder} />
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

/** The organization's properties, each with its type's icon. */
export function PropertySelect({
  field,
  controlProps,
  label,
  properties,
  onValueChange,
}: {
  field: SelectFieldProps;
  controlProps: FieldControlProps;
  label: string;
  properties: readonly PropertyDefinitionDto[];
  onValueChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select value={field.value} onValueChange={onValueChange} name={field.name}>
      <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref} aria-label={label}>
        <SelectValue placeholder={t('tagging-rules.form.choose-property')} />
      </SelectTrigger>
      <SelectContent>
        {properties.map((property) => {
          const Icon = PROPERTY_TYPE_ICONS[property.type];
          return (
            <SelectItem key={property.id} value={property.id}>
              <span className="flex min-w-0 items-center gap-2">
                <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate">{property.name}</span>
              </span>
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}

import type { ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';

type PasswordFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPathByValue<TValues, string>;
  autoFocus?: boolean;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password field: the current one when signing in (`current-password`), a new one when
 * registering, resetting or changing it (`new-password`, so password managers offer to generate one).
 */
export function PasswordField<TValues extends FieldValues>({
  control,
  name,
  autoFocus = false,
  label,
  description,
  placeholder,
  autoComplete,
}: PasswordFieldProps<TValues>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      description={description}
      render={({ field, controlProps }) => (
        <Input
          {...field}
          {...controlProps}
          type="password"
          autoComplete={autoComplete}
          placeholder={placeholder}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}

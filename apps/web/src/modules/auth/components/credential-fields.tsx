import type { ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';

type CredentialFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPathByValue<TValues, string>;
  autoFocus?: boolean;
};

/** The e-mail field of the sign-in, sign-up and reset forms. */
export function EmailField<TValues extends FieldValues>({
  control,
  name,
  autoFocus = false,
}: CredentialFieldProps<TValues>) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={name}
      label={t('auth.fields.email')}
      render={({ field, controlProps }) => (
        <Input
          {...field}
          {...controlProps}
          type="email"
          autoComplete="email"
          placeholder={t('auth.fields.email-placeholder')}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}

/**
 * A password field: the current one when signing in (`current-password`), a new one when
 * registering or resetting (`new-password`, so password managers offer to generate one).
 */
export function PasswordField<TValues extends FieldValues>({
  control,
  name,
  autoFocus = false,
  label,
  description,
  placeholder,
  autoComplete,
}: CredentialFieldProps<TValues> & {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
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

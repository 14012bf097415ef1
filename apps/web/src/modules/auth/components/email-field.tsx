import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';

type EmailFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPathByValue<TValues, string>;
  autoFocus?: boolean;
  /** `username webauthn` on the sign-in form: the browser offers passkeys in its autofill too. */
  autoComplete?: string;
};

/** The e-mail field of the sign-in, sign-up and reset forms. */
export function EmailField<TValues extends FieldValues>({
  control,
  name,
  autoFocus = false,
  autoComplete = 'email',
}: EmailFieldProps<TValues>) {
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
          autoComplete={autoComplete}
          placeholder={t('auth.fields.email-placeholder')}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}

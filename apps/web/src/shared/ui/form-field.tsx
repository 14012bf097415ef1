import { type ReactNode, useId } from 'react';
import {
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { Label } from './label';

/** Props to spread on the form control so it is labelled, described and marked invalid. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = {
  control: Control<TValues>;
  name: TName;
  label?: ReactNode;
  description?: ReactNode;
  className?: string;
  render: (props: {
    field: ControllerRenderProps<TValues, TName>;
    fieldState: ControllerFieldState;
    controlProps: FieldControlProps;
  }) => ReactNode;
};

/** The text shown for a field error; an error without a message gets a generic one (spec §5). */
export function useFieldErrorMessage(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error) {
    return undefined;
  }
  return error.message?.trim() ? error.message : t('ui.form.unknown-error');
}

/**
 * The red message under a field or a control. `announce` for one that appears after an action
 * (a sign-in that failed), not for a validation message that follows the typing.
 */
export function FieldMessage({
  id,
  announce = false,
  children,
}: {
  id?: string | undefined;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-[0.8125rem] font-medium text-danger">
      {children}
    </p>
  );
}

/** A react-hook-form field: label, control, description and the error message under it, in red. */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  description,
  className,
  render,
}: FormFieldProps<TValues, TName>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const errorMessage = useFieldErrorMessage(fieldState.error);
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = errorMessage ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-1.5', className)}>
      {label ? <Label htmlFor={id}>{label}</Label> : null}
      {render({
        field,
        fieldState,
        controlProps: { id, 'aria-invalid': Boolean(errorMessage), 'aria-describedby': describedBy },
      })}
      {description ? (
        <p id={descriptionId} className="text-[0.8125rem] text-muted-foreground">
          {description}
        </p>
      ) : null}
      {errorMessage ? <FieldMessage id={errorId}>{errorMessage}</FieldMessage> : null}
    </div>
  );
}

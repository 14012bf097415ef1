import { zodResolver } from '@hookform/resolvers/zod';
import {
  PROPERTY_DESCRIPTION_MAX_LENGTH,
  PROPERTY_NAME_MAX_LENGTH,
  PROPERTY_OPTION_NAME_MAX_LENGTH,
  PROPERTY_OPTIONS_LIMIT,
} from '@sheaf/contracts/limits';
import {
  isSelectPropertyType,
  PROPERTY_TYPES,
  type PropertyDefinitionDto,
  type PropertyType,
} from '@sheaf/contracts/properties';
import { hasControlCharacters } from '@sheaf/contracts/text';
import { Lock } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { Textarea } from '../../../shared/ui/textarea';
import { useCreateProperty, useUpdateProperty } from '../api';
import { currencyCodes, currencyName } from '../format';
import { PROPERTY_TYPE_ICONS, propertyTypeHintKey, propertyTypeLabelKey } from '../property-types';
import { type OptionRow, OptionsEditor } from './options-editor';

type PropertyFormValues = {
  name: string;
  type: PropertyType;
  description: string;
  options: OptionRow[];
  currency: string;
};

const DEFAULT_CURRENCY = 'EUR';

function initialValues(property?: PropertyDefinitionDto): PropertyFormValues {
  return {
    name: property?.name ?? '',
    type: property?.type ?? 'text',
    description: property?.description ?? '',
    options: property?.options.map(({ id, name, color }) => ({ id, name, color })) ?? [],
    currency: property?.currency ?? (property ? '' : DEFAULT_CURRENCY),
  };
}

export type PropertyFormDialogProps = {
  organizationId: string;
  /** The property to edit; without it the dialog defines a new one. */
  property?: PropertyDefinitionDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Defines or edits a custom property: name, type (chosen once: values would no longer fit another),
 * description, a select's options and a monetary property's default currency. Validated on submit
 * and again on input; a taken name shows under the name, other refusals (the limit) above the buttons.
 */
export function PropertyFormDialog({
  organizationId,
  property,
  open,
  onOpenChange,
}: PropertyFormDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const currencyListId = useId();
  const typeLabelId = useId();
  const create = useCreateProperty(organizationId);
  const update = useUpdateProperty(organizationId);
  const [formError, setFormError] = useState<string | null>(null);
  const isUpdate = property !== undefined;

  const schema = useMemo(() => {
    const text = (max: number, maxKey: string, { multiline = false } = {}) =>
      z
        .string()
        .refine((value) => !hasControlCharacters(value, { multiline }), t('common.control-characters'))
        .trim()
        .max(max, t(maxKey, { max }));
    return z.object({
      name: text(PROPERTY_NAME_MAX_LENGTH, 'properties.form.name-max').min(
        1,
        t('properties.form.name-required'),
      ),
      type: z.enum(PROPERTY_TYPES),
      description: text(PROPERTY_DESCRIPTION_MAX_LENGTH, 'properties.form.description-max', {
        multiline: true,
      }),
      options: z
        .array(
          z.object({
            id: z.string().optional(),
            name: text(PROPERTY_OPTION_NAME_MAX_LENGTH, 'properties.options.name-max').min(
              1,
              t('properties.options.name-required'),
            ),
            color: z.string(),
          }),
        )
        .max(PROPERTY_OPTIONS_LIMIT, t('properties.options.limit', { max: PROPERTY_OPTIONS_LIMIT }))
        .superRefine((options, context) => {
          const seen = new Set<string>();
          options.forEach((option, index) => {
            const key = option.name.trim().toLowerCase();
            if (key !== '' && seen.has(key)) {
              context.addIssue({
                code: 'custom',
                path: [index, 'name'],
                message: t('properties.options.duplicate'),
              });
            }
            seen.add(key);
          });
        }),
      currency: z
        .string()
        .trim()
        .refine(
          (value) => value === '' || /^[A-Za-z]{3}$/.test(value),
          t('properties.form.currency-invalid'),
        ),
    });
  }, [t]);

  const form = useForm<PropertyFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(property),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Start from the property's values each time the dialog opens (not when the list refreshes meanwhile).
  const propertyRef = useRef(property);
  propertyRef.current = property;
  const propertyId = property?.id;
  useEffect(() => {
    if (open) {
      form.reset(initialValues(propertyId === propertyRef.current?.id ? propertyRef.current : undefined));
      setFormError(null);
    }
  }, [open, propertyId, form]);

  const type = form.watch('type');
  const currency = form.watch('currency').trim().toUpperCase();
  const currencyLabel = currencyName(currency, locale);
  const codes = useMemo(() => currencyCodes(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const description = values.description.trim() === '' ? null : values.description.trim();
    const options = isSelectPropertyType(values.type)
      ? values.options.map((option) => ({
          ...(option.id ? { id: option.id } : {}),
          name: option.name.trim(),
          color: option.color,
        }))
      : undefined;
    const currencyCode =
      values.type === 'monetary'
        ? values.currency.trim()
          ? values.currency.trim().toUpperCase()
          : null
        : undefined;
    try {
      const saved = isUpdate
        ? await update.mutateAsync({
            propertyId: property.id,
            input: { name: values.name.trim(), description, options, currency: currencyCode },
          })
        : await create.mutateAsync({
            name: values.name.trim(),
            type: values.type,
            description,
            options,
            currency: currencyCode,
          });
      onOpenChange(false);
      toast.success(
        isUpdate
          ? t('properties.update.success', { name: saved.name })
          : t('properties.create.success', { name: saved.name }),
      );
    } catch (error) {
      if (getErrorCode(error) === 'properties.already_exists') {
        form.setError('name', { message: getErrorMessage(error, t) }, { shouldFocus: true });
      } else {
        setFormError(getErrorMessage(error, t));
      }
    }
  });

  const TypeIcon = PROPERTY_TYPE_ICONS[type];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{isUpdate ? t('properties.update.title') : t('properties.create.title')}</DialogTitle>
          <DialogDescription>
            {isUpdate ? t('properties.update.description') : t('properties.create.description')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="name"
            label={t('properties.form.name')}
            render={({ field, controlProps }) => (
              <Input
                {...field}
                {...controlProps}
                autoComplete="off"
                placeholder={t('properties.form.name-placeholder')}
              />
            )}
          />
          {isUpdate ? (
            <div className="grid gap-1.5">
              <Label id={typeLabelId} asChild>
                <span>{t('properties.form.type')}</span>
              </Label>
              <p className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm">
                <TypeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                <span className="font-medium">{t(propertyTypeLabelKey(type))}</span>
                <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
                  <Lock className="size-3" aria-hidden="true" />
                  {t('properties.form.type-fixed')}
                </span>
              </p>
            </div>
          ) : (
            <FormField
              control={form.control}
              name="type"
              label={t('properties.form.type')}
              description={t(propertyTypeHintKey(type))}
              render={({ field, controlProps }) => (
                <Select value={field.value} onValueChange={(value) => field.onChange(value as PropertyType)}>
                  <SelectTrigger {...controlProps} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {PROPERTY_TYPES.map((candidate) => {
                      const Icon = PROPERTY_TYPE_ICONS[candidate];
                      return (
                        <SelectItem key={candidate} value={candidate}>
                          <span className="flex items-center gap-2">
                            <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                            {t(propertyTypeLabelKey(candidate))}
                          </span>
                        </SelectItem>
                      );
                    })}
                  </SelectContent>
                </Select>
              )}
            />
          )}
          <FormField
            control={form.control}
            name="description"
            label={t('properties.form.description')}
            render={({ field, controlProps }) => (
              <Textarea
                {...field}
                {...controlProps}
                rows={2}
                placeholder={t('properties.form.description-placeholder')}
              />
            )}
          />
          {isSelectPropertyType(type) ? (
            <OptionsEditor
              form={form}
              removedNote={isUpdate ? t('properties.options.removed-note') : undefined}
            />
          ) : null}
          {type === 'monetary' ? (
            <FormField
              control={form.control}
              name="currency"
              label={t('properties.form.currency')}
              description={currencyLabel ?? t('properties.form.currency-hint')}
              render={({ field, controlProps }) => (
                <>
                  <Input
                    {...field}
                    {...controlProps}
                    onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                    list={currencyListId}
                    maxLength={3}
                    autoComplete="off"
                    spellCheck={false}
                    className="w-28 font-mono uppercase"
                    placeholder="EUR"
                  />
                  <datalist id={currencyListId}>
                    {codes.map((code) => (
                      <option key={code} value={code}>
                        {currencyName(code, locale) ?? code}
                      </option>
                    ))}
                  </datalist>
                </>
              )}
            />
          ) : null}
          <FormError>{formError}</FormError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('properties.form.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {isUpdate ? t('properties.update.submit') : t('properties.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

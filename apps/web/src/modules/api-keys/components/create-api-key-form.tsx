import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_NAME_MAX_LENGTH } from '@sheaf/contracts/api-keys';
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from '@sheaf/contracts/permissions';
import { hasControlCharacters } from '@sheaf/contracts/text';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { FieldMessage, FormField, useFieldErrorMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { organizationsQueryOptions } from '../../organizations/api';
import { ErrorMessageWithSecondFactorLink } from '../../organizations/second-factor-error';
import { useCreateApiKey } from '../api';
import { API_KEY_EXPIRY_OPTIONS, type ApiKeyExpiryOption, getExpiresAt } from '../expiry';
import { ApiKeyToken } from './api-key-token';
import { OrganizationsScopePicker } from './organizations-scope-picker';
import { PermissionsPicker } from './permissions-picker';

function createApiKeyFormSchema(t: (key: string, options?: Record<string, unknown>) => string) {
  return z
    .object({
      name: z
        .string()
        .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
        .trim()
        .min(1, t('api-keys.create.name-required'))
        .max(API_KEY_NAME_MAX_LENGTH, t('api-keys.create.name-max', { count: API_KEY_NAME_MAX_LENGTH })),
      expiry: z.enum(API_KEY_EXPIRY_OPTIONS),
      permissions: z.array(z.enum(API_KEY_PERMISSIONS)).min(1, t('api-keys.create.permissions-required')),
      organizationsScope: z.enum(['all', 'selected']),
      organizationIds: z.array(z.string()),
    })
    .refine((values) => values.organizationsScope === 'all' || values.organizationIds.length > 0, {
      path: ['organizationIds'],
      message: t('api-keys.create.organizations-required'),
    });
}

type FormValues = {
  name: string;
  expiry: ApiKeyExpiryOption;
  permissions: ApiKeyPermission[];
  organizationsScope: 'all' | 'selected';
  organizationIds: string[];
};

/**
 * API key creation (spec §2): name, expiry, permissions (all preselected), and where the key may
 * act (all of the user's organizations by default, or a selection); then the one-time token.
 */
export function CreateApiKeyForm() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [token, setToken] = useState<string | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const schema = useMemo(() => createApiKeyFormSchema(t), [t]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      expiry: 'never',
      permissions: [...API_KEY_PERMISSIONS],
      organizationsScope: 'all',
      organizationIds: [],
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const permissions = useController({ control: form.control, name: 'permissions' });
  const permissionsError = useFieldErrorMessage(permissions.fieldState.error);
  const organizationsScope = useController({ control: form.control, name: 'organizationsScope' });
  const organizationIds = useController({ control: form.control, name: 'organizationIds' });
  const organizationsError = useFieldErrorMessage(organizationIds.fieldState.error);
  const organizations = useQuery(organizationsQueryOptions());

  if (token) {
    return <ApiKeyToken token={token} />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync({
        name: values.name,
        permissions: values.permissions,
        // An empty list is "all of my organizations" (the key is not restricted).
        organizationIds: values.organizationsScope === 'all' ? [] : values.organizationIds,
        allOrganizations: values.organizationsScope === 'all',
        expiresAt: getExpiresAt(values.expiry),
      });
      toast.success(t('api-keys.create.created'));
      setToken(result.token);
    } catch (error) {
      setFormError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t('api-keys.create.title')}>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <FormField
          control={form.control}
          name="name"
          label={t('api-keys.create.name')}
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              placeholder={t('api-keys.create.name-placeholder')}
              autoFocus
            />
          )}
        />
        <FormField
          control={form.control}
          name="expiry"
          label={t('api-keys.create.expiry')}
          render={({ field, controlProps }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger {...controlProps} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {API_KEY_EXPIRY_OPTIONS.map((option) => (
                  <SelectItem key={option} value={option}>
                    {t(`api-keys.create.expiry-options.${option}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="grid gap-2">
        <div className="grid gap-0.5">
          <h2 id="api-key-permissions-title" className="text-sm font-medium">
            {t('api-keys.create.permissions')}
          </h2>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('api-keys.create.permissions-description')}
          </p>
        </div>
        <PermissionsPicker
          value={permissions.field.value}
          onChange={permissions.field.onChange}
          invalid={Boolean(permissionsError)}
          describedBy={permissionsError ? 'api-key-permissions-error' : undefined}
        />
        {permissionsError ? (
          <FieldMessage id="api-key-permissions-error">{permissionsError}</FieldMessage>
        ) : null}
      </div>
      <div className="grid gap-2">
        <div className="grid gap-0.5">
          <h2 id="api-key-organizations-title" className="text-sm font-medium">
            {t('api-keys.create.organizations')}
          </h2>
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('api-keys.create.organizations-description')}
          </p>
        </div>
        <OrganizationsScopePicker
          organizations={organizations.data ?? []}
          scope={organizationsScope.field.value}
          onScopeChange={organizationsScope.field.onChange}
          selectedIds={organizationIds.field.value}
          onSelectedIdsChange={organizationIds.field.onChange}
          invalid={Boolean(organizationsError)}
          describedBy={organizationsError ? 'api-key-organizations-error' : undefined}
        />
        {organizationsError ? (
          <FieldMessage id="api-key-organizations-error">{organizationsError}</FieldMessage>
        ) : null}
      </div>
      {/* A key reaching an organization that requires a second factor needs one: the message links to its setup. */}
      <FormError>{formError ? <ErrorMessageWithSecondFactorLink error={formError} /> : null}</FormError>
      <div className="flex justify-end">
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {t('api-keys.create.submit')}
        </Button>
      </div>
    </form>
  );
}

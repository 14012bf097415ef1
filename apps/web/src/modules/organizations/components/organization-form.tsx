import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { useCreateOrganization } from '../api';
import { organizationNameResolver } from '../validation';

/**
 * Create-organization form (spec §2, §5, §8): the shared name rules with translated messages; a
 * max-count refusal shows its message under the form; success opens the new organization.
 */
export function CreateOrganizationForm({
  defaultName = '',
  onCreated,
}: {
  defaultName?: string;
  onCreated?: (organization: OrganizationDto) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const [formError, setFormError] = useState<string | undefined>();
  const resolver = useMemo(() => organizationNameResolver(t), [t]);
  const form = useForm({
    resolver,
    defaultValues: { name: defaultName },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFormError(undefined);
    try {
      const organization = await create.mutateAsync({ name });
      onCreated?.(organization);
      await navigate({ to: '/organizations/$organizationId', params: { organizationId: organization.id } });
    } catch (error) {
      setFormError(
        getErrorCode(error) === 'user.max_organization_count_reached'
          ? t('api-errors.user.max_organization_count_reached')
          : getErrorMessage(error, t),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('organizations.form.label')}>
      <FormField
        control={form.control}
        name="name"
        label={t('organizations.form.name')}
        render={({ field, controlProps }) => (
          <Input
            {...field}
            {...controlProps}
            autoComplete="organization"
            placeholder={t('organizations.form.name-placeholder')}
          />
        )}
      />
      <FormError>{formError}</FormError>
      <div className="flex justify-end">
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {t('organizations.form.submit')}
        </Button>
      </div>
    </form>
  );
}

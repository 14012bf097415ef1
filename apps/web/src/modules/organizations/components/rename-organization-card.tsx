import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenameForm } from '../../../shared/forms/use-rename-form';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { useUpdateOrganization } from '../api';
import { organizationNameResolver } from '../validation';

/** Rename: the button stays disabled while the name is unchanged (spec §4). */
export function RenameOrganizationCard({
  organization,
  canRename,
}: {
  organization: OrganizationDto;
  canRename: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const resolver = useMemo(() => organizationNameResolver(t), [t]);
  const { form, onSubmit, isUnchanged } = useRenameForm({
    currentName: organization.name,
    resolver,
    save: (name) => update.mutateAsync({ name }),
    successMessage: t('organizations.settings.rename.updated'),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('organizations.settings.rename.title')}</CardTitle>
        <CardDescription>{t('organizations.settings.rename.description')}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t('organizations.settings.rename.title')}>
        <CardContent>
          <FormField
            control={form.control}
            name="name"
            label={t('organizations.form.name')}
            description={canRename ? undefined : t('organizations.settings.rename.not-allowed')}
            render={({ field, controlProps }) => (
              <Input {...field} {...controlProps} autoComplete="organization" readOnly={!canRename} />
            )}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={!canRename || isUnchanged} isLoading={form.formState.isSubmitting}>
            {t('organizations.settings.rename.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

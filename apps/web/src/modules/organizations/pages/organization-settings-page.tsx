import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRenameForm } from '../../../shared/forms/use-rename-form';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Spinner } from '../../../shared/ui/spinner';
import { useConfig } from '../../config/config-context';
import { myMemberQueryOptions } from '../../members/api';
import { SubscriptionCard } from '../../subscriptions/components/subscription-card';
import { organizationQueryOptions, useDeleteOrganization, useUpdateOrganization } from '../api';
import { clearLastOrganizationId } from '../last-organization';
import { organizationNameResolver } from '../validation';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings');

/** Rename: the button stays disabled while the name is unchanged (spec §4). */
function RenameOrganizationCard({
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

/** Delete: owner only, behind a type-the-name dialog announcing the purge delay (spec §4–§6). */
function DeleteOrganizationCard({
  organization,
  isOwner,
}: {
  organization: OrganizationDto;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const remove = useDeleteOrganization();
  const purgeDays = useConfig().organizations.deletedOrganizationsPurgeDaysDelay;

  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('organizations.settings.delete.confirm-title'),
      description: t('organizations.settings.delete.confirm-description', {
        name: organization.name,
        days: purgeDays,
      }),
      confirmLabel: t('organizations.settings.delete.confirm'),
      requiredText: organization.name,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(organization.id);
      clearLastOrganizationId(organization.id);
      toast.success(t('organizations.settings.delete.deleted', { name: organization.name }));
      await navigate({ to: '/' });
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>{t('organizations.settings.delete.title')}</CardTitle>
        <CardDescription>
          {t('organizations.settings.delete.description', { days: purgeDays })}
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap gap-x-4 gap-y-2">
        <Button
          variant="destructive"
          disabled={!isOwner}
          isLoading={remove.isPending}
          onClick={() => void onDelete()}
        >
          <Trash2 aria-hidden="true" />
          {t('organizations.settings.delete.button')}
        </Button>
        {isOwner ? null : (
          <p className="text-[0.8125rem] text-muted-foreground">
            {t('organizations.settings.delete.owner-only')}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const organization = useQuery(organizationQueryOptions(organizationId));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const role = me.data?.role;

  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('organizations.settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('organizations.settings.description')}</p>
      </div>
      {organization.data && role ? (
        <>
          <RenameOrganizationCard
            organization={organization.data}
            canRename={role === 'owner' || role === 'admin'}
          />
          <SubscriptionCard organizationId={organization.data.id} isOwner={role === 'owner'} />
          <DeleteOrganizationCard organization={organization.data} isOwner={role === 'owner'} />
        </>
      ) : organization.isError || me.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(organization.error ?? me.error, t)}</FormError>
          <Button
            variant="outline"
            onClick={() => {
              void organization.refetch();
              void me.refetch();
            }}
          >
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      )}
    </div>
  );
}

import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { useConfig } from '../../config/config-context';
import { useDeleteOrganization } from '../api';
import { clearLastOrganizationId } from '../last-organization';

/** Delete: owner only, behind a type-the-name dialog announcing the purge delay (spec §4–§6). */
export function DeleteOrganizationCard({
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

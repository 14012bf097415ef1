import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { Label } from '../../../shared/ui/label';
import { Switch } from '../../../shared/ui/switch';
import { useUpdateSecurityPolicy } from '../api';
import { ErrorMessageWithSecondFactorLink } from '../second-factor-error';

/**
 * The "require two-factor sign-in for members" policy: owners and admins switch it, members see its
 * state. Turning it on asks first when some members would be locked out.
 */
export function SecurityPolicyCard({
  organization,
  canManage,
  membersWithoutSecondFactor,
}: {
  organization: OrganizationDto;
  canManage: boolean;
  /** Other members with neither two-factor sign-in nor a passkey (undefined while unknown). */
  membersWithoutSecondFactor?: number;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const update = useUpdateSecurityPolicy(organization.id);
  const [error, setError] = useState<unknown>(null);
  const switchId = useId();
  const explanationId = useId();
  const noteId = useId();
  const isOn = organization.requiresTwoFactor;

  const onCheckedChange = async (requiresTwoFactor: boolean) => {
    if (update.isPending) return;
    setError(null);
    if (requiresTwoFactor && membersWithoutSecondFactor) {
      const confirmed = await confirm({
        title: t('organizations.settings.security.confirm-title'),
        description: t('organizations.settings.security.confirm-description', {
          count: membersWithoutSecondFactor,
          organization: organization.name,
        }),
        confirmLabel: t('organizations.settings.security.confirm'),
        isDestructive: false,
      });
      if (!confirmed) return;
    }
    try {
      await update.mutateAsync({ requiresTwoFactor });
      toast.success(
        t(
          requiresTwoFactor
            ? 'organizations.settings.security.enabled'
            : 'organizations.settings.security.disabled',
        ),
      );
    } catch (caught) {
      setError(caught);
    }
  };

  const note = !canManage
    ? t('organizations.settings.security.not-allowed')
    : isOn && membersWithoutSecondFactor
      ? t('organizations.settings.security.members-without', { count: membersWithoutSecondFactor })
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-4.5 text-muted-foreground" aria-hidden="true" />
          {t('organizations.settings.security.title')}
        </CardTitle>
        <CardDescription>{t('organizations.settings.security.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1.5">
            <Label htmlFor={switchId} className="leading-snug">
              {t('organizations.settings.security.require-label')}
            </Label>
            <p id={explanationId} className="text-[0.8125rem] text-muted-foreground">
              {t('organizations.settings.security.explanation')}
            </p>
            {note ? (
              <p id={noteId} className="text-[0.8125rem] font-medium text-foreground">
                {note}
              </p>
            ) : null}
          </div>
          <Switch
            id={switchId}
            checked={isOn}
            disabled={!canManage}
            aria-describedby={note ? `${explanationId} ${noteId}` : explanationId}
            // aria-disabled (not disabled) while saving keeps the focus on the switch.
            aria-disabled={update.isPending || undefined}
            onCheckedChange={(checked) => void onCheckedChange(checked)}
          />
        </div>
        <FormError>{error ? <ErrorMessageWithSecondFactorLink error={error} /> : null}</FormError>
      </CardContent>
    </Card>
  );
}

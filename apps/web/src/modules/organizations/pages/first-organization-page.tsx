import { ORGANIZATION_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import type { TFunction } from 'i18next';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../../../shared/ui/card';
import { useSession } from '../../auth/api';
import { CreateOrganizationForm } from '../components/organization-form';

/** The first organization's suggested name: "<user name>'s organization", or a default (spec §2). */
export function getFirstOrganizationName(userName: string | null | undefined, t: TFunction): string {
  const name = userName?.trim() ?? '';
  if (name !== '') {
    const suggestion = t('organizations.first.name-from-user', { name });
    if (suggestion.length <= ORGANIZATION_NAME_MAX_LENGTH) {
      return suggestion;
    }
  }
  return t('organizations.first.default-name');
}

export function FirstOrganizationPage() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();

  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 pt-2 sm:pt-10">
      <div className="grid justify-items-center gap-3 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Building2 className="size-6" aria-hidden="true" />
        </div>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{t('organizations.first.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('organizations.first.description')}</p>
        </div>
      </div>
      <Card>
        <CardContent className="pt-5">
          {isPending ? null : (
            <CreateOrganizationForm defaultName={getFirstOrganizationName(session?.user.name, t)} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

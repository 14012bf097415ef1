import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { currentUserQueryOptions } from '../api';
import { ChangePasswordCard } from '../components/change-password-card';
import { DeleteAccountCard } from '../components/delete-account-card';
import { ProfileCard, SignOutCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import { hasPasswordQueryOptions } from '../sessions-api';

export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions());
  const hasPassword = useQuery(hasPasswordQueryOptions());
  // While unknown (or when listing accounts fails), assume a password: the server decides anyway.
  const withPassword = hasPassword.data ?? true;

  return (
    <div className="grid max-w-2xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('users.settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('users.settings.description')}</p>
      </div>
      {user.isPending ? (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      ) : user.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(user.error, t)}</FormError>
          <Button variant="outline" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ProfileCard user={user.data} />
          {withPassword ? <ChangePasswordCard /> : null}
          <SessionsCard />
          <SignOutCard />
          <DeleteAccountCard email={user.data.email} hasPassword={withPassword} />
        </>
      )}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDto } from '@sheaf/contracts/users';
import { LogOut } from 'lucide-react';
import { useId, useMemo } from 'react';
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
import { Label } from '../../../shared/ui/label';
import { useLogout } from '../../auth/api';
import { useUpdateCurrentUser } from '../api';
import { userNameSchema } from '../validation';

/** E-mail (read-only) and name (editable; the button stays disabled while the name is unchanged). */
export function ProfileCard({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const emailId = useId();
  const update = useUpdateCurrentUser();
  const resolver = useMemo(() => zodResolver(userNameSchema(t)), [t]);
  const { form, onSubmit, isUnchanged } = useRenameForm({
    currentName: user.name,
    resolver,
    save: (name) => update.mutateAsync({ name }),
    successMessage: t('users.settings.profile.updated'),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.profile.title')}</CardTitle>
        <CardDescription>{t('users.settings.profile.description')}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t('users.settings.profile.title')}>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>{t('users.settings.profile.email')}</Label>
            <Input id={emailId} value={user.email} readOnly aria-readonly="true" className="bg-muted/60" />
            <p className="text-[0.8125rem] text-muted-foreground">{t('users.settings.profile.email-hint')}</p>
          </div>
          <FormField
            control={form.control}
            name="name"
            label={t('users.settings.profile.name')}
            render={({ field, controlProps }) => <Input {...field} {...controlProps} autoComplete="name" />}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={isUnchanged} isLoading={form.formState.isSubmitting}>
            {t('users.settings.profile.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function SignOutCard() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.logout.title')}</CardTitle>
        <CardDescription>{t('users.settings.logout.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut aria-hidden="true" />
          {t('users.settings.logout.button')}
        </Button>
      </CardContent>
    </Card>
  );
}

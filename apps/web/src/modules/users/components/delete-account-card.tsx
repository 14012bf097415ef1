import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { matchesRequiredText } from '../../../shared/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { clearSessionData, refreshSession } from '../../auth/api';
import { authClient, unwrapAuth } from '../../auth/auth-client';
import { isFreshSignInRequired } from '../second-factor';
import { markSignInStale } from '../security-api';
import { FreshSignInPrompt } from './fresh-sign-in-prompt';

/**
 * Deleting the account: type the e-mail address to confirm, and give the password when the account
 * has one. One without confirms by a recent sign-in: when it is too old, the card offers to sign in
 * again instead.
 */
export function DeleteAccountCard({
  email,
  hasPassword,
  isSignInFresh = true,
}: {
  email: string;
  hasPassword: boolean;
  /** Whether this sign-in is recent enough to confirm without a password (GET /api/users/me/security). */
  isSignInFresh?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmId = useId();
  const passwordId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const canConfirm = matchesRequiredText(typed, email) && (!hasPassword || password.length > 0);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      setPassword('');
      setError(null);
    }
  };

  const onDelete = async () => {
    setError(null);
    setIsDeleting(true);
    try {
      await unwrapAuth(authClient.deleteUser(hasPassword ? { password } : {}), '/api/auth/delete-user');
      clearSessionData(queryClient);
      await refreshSession(queryClient);
      toast.success(t('users.settings.delete.deleted'));
      await navigate({ to: '/login' });
    } catch (caught) {
      if (!hasPassword && isFreshSignInRequired(caught)) {
        markSignInStale(queryClient);
        setIsDeleting(false);
        onOpenChange(false);
        return;
      }
      const message = getErrorMessage(caught, t);
      setError(message);
      toast.error(message);
      setIsDeleting(false);
    }
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>{t('users.settings.delete.title')}</CardTitle>
        <CardDescription>{t('users.settings.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          {!hasPassword && !isSignInFresh ? (
            <FreshSignInPrompt />
          ) : (
            <Button variant="destructive" onClick={() => setOpen(true)}>
              <Trash2 aria-hidden="true" />
              {t('users.settings.delete.button')}
            </Button>
          )}
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('users.settings.delete.confirm-title')}</DialogTitle>
              <DialogDescription>{t('users.settings.delete.confirm-description')}</DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (canConfirm && !isDeleting) {
                  void onDelete();
                }
              }}
            >
              <div className="grid gap-1.5">
                <Label htmlFor={confirmId} className="font-normal text-muted-foreground">
                  {t('ui.confirm.type-to-confirm', { text: email })}
                </Label>
                <Input
                  id={confirmId}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              {hasPassword ? (
                <div className="grid gap-1.5">
                  <Label htmlFor={passwordId}>{t('users.settings.delete.password')}</Label>
                  <Input
                    id={passwordId}
                    type="password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    autoComplete="current-password"
                  />
                </div>
              ) : null}
              <FormError>{error}</FormError>
              <DialogFooter>
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  {t('ui.confirm.cancel')}
                </Button>
                <Button type="submit" variant="destructive" disabled={!canConfirm} isLoading={isDeleting}>
                  {t('users.settings.delete.confirm')}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

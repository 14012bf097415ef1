import type { AccountSecurityDto } from '@sheaf/contracts/account-security';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { QueryStates } from '../../../shared/ui/query-states';
import { isFreshSignInRequired } from '../second-factor';
import {
  accountSecurityQueryOptions,
  markSignInStale,
  needsFreshSignIn,
  useConfirmTwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateBackupCodes,
} from '../security-api';
import { BackupCodes } from './backup-codes';
import { FreshSignInPrompt } from './fresh-sign-in-prompt';
import { PasswordConfirmForm } from './password-confirm-form';
import { TwoFactorSetup } from './two-factor-setup';

/** Where the dialog of the card is: confirming an action, setting up the authenticator, or showing codes. */
type Flow =
  | { step: 'confirm'; action: 'enable' | 'disable' | 'regenerate' }
  | { step: 'setup'; totpURI: string; backupCodes: string[] }
  | { step: 'codes'; codes: string[]; replacedOld: boolean };

/**
 * "Two-factor sign-in": turn it on (the key as a QR code and written out, confirmed by a first
 * code, then the backup codes shown once), regenerate the backup codes, turn it off. An account
 * with a password confirms each with it; one without, by a recent sign-in (else it is offered).
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const security = useQuery(accountSecurityQueryOptions());

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.two-factor.title')}</CardTitle>
        <CardDescription>{t('users.settings.two-factor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryStates query={security}>{(data) => <TwoFactorControls security={data} />}</QueryStates>
      </CardContent>
    </Card>
  );
}

function TwoFactorControls({ security }: { security: AccountSecurityDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const enable = useEnableTwoFactor();
  const confirmSetup = useConfirmTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [flow, setFlow] = useState<Flow | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const { hasPassword, twoFactorEnabled } = security;

  const close = () => setFlow(null);

  /** A fresh sign-in is needed after all: the card offers it instead of the dialog. */
  const handleRefusal = (error: unknown) => {
    if (!hasPassword && isFreshSignInRequired(error)) {
      markSignInStale(queryClient);
      close();
      return;
    }
    throw error;
  };

  const startSetup = async (password: string | undefined) => {
    try {
      const { totpURI, backupCodes } = await enable.mutateAsync({ password });
      setFlow({ step: 'setup', totpURI, backupCodes });
    } catch (error) {
      handleRefusal(error);
    }
  };

  const onTurnOn = async () => {
    setCardError(null);
    if (hasPassword) {
      setFlow({ step: 'confirm', action: 'enable' });
      return;
    }
    try {
      await startSetup(undefined);
    } catch (error) {
      setCardError(getErrorMessage(error, t));
    }
  };

  const onConfirmed = async (password: string | undefined) => {
    if (flow?.step !== 'confirm') return;
    try {
      if (flow.action === 'enable') {
        await startSetup(password);
      } else if (flow.action === 'disable') {
        await disable.mutateAsync({ password });
        close();
        toast.success(t('users.settings.two-factor.disabled'));
      } else {
        const codes = await regenerate.mutateAsync({ password });
        setFlow({ step: 'codes', codes, replacedOld: true });
        toast.success(t('users.settings.two-factor.regenerated'));
      }
    } catch (error) {
      handleRefusal(error);
    }
  };

  const onCodeConfirmed = async (code: string) => {
    if (flow?.step !== 'setup') return;
    await confirmSetup.mutateAsync(code);
    setFlow({ step: 'codes', codes: flow.backupCodes, replacedOld: false });
    toast.success(t('users.settings.two-factor.enabled'));
  };

  const mustSignInAgain = needsFreshSignIn(security);

  return (
    <>
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background text-foreground">
          {twoFactorEnabled ? (
            <ShieldCheck className="size-4 text-success" aria-hidden="true" />
          ) : (
            <ShieldOff className="size-4 text-muted-foreground" aria-hidden="true" />
          )}
        </span>
        <div className="grid gap-1">
          <div>
            {twoFactorEnabled ? (
              <Badge>{t('users.settings.two-factor.status-on')}</Badge>
            ) : (
              <Badge variant="secondary">{t('users.settings.two-factor.status-off')}</Badge>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            {twoFactorEnabled
              ? t('users.settings.two-factor.on-explanation')
              : t('users.settings.two-factor.off-explanation')}
          </p>
        </div>
      </div>
      {mustSignInAgain ? (
        <FreshSignInPrompt />
      ) : (
        <div className="flex flex-wrap gap-2">
          {twoFactorEnabled ? (
            <>
              <Button
                variant="outline"
                onClick={() => {
                  setCardError(null);
                  setFlow({ step: 'confirm', action: 'regenerate' });
                }}
              >
                {t('users.settings.two-factor.regenerate')}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setCardError(null);
                  setFlow({ step: 'confirm', action: 'disable' });
                }}
              >
                {t('users.settings.two-factor.turn-off')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void onTurnOn()} isLoading={!hasPassword && enable.isPending}>
              {t('users.settings.two-factor.turn-on')}
            </Button>
          )}
        </div>
      )}
      <FormError>{cardError}</FormError>
      <Dialog open={flow !== null} onOpenChange={(open) => (open ? undefined : close())}>
        {flow ? (
          <DialogContent
            // The codes are shown once: a stray click beside the dialog must not lose them.
            onInteractOutside={(event) => (flow.step === 'codes' ? event.preventDefault() : undefined)}
          >
            <TwoFactorDialogBody
              flow={flow}
              hasPassword={hasPassword}
              onConfirmed={onConfirmed}
              onCodeConfirmed={onCodeConfirmed}
              onClose={close}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

function TwoFactorDialogBody({
  flow,
  hasPassword,
  onConfirmed,
  onCodeConfirmed,
  onClose,
}: {
  flow: Flow;
  hasPassword: boolean;
  onConfirmed: (password: string | undefined) => Promise<void>;
  onCodeConfirmed: (code: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();

  if (flow.step === 'setup') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{t('users.settings.two-factor.setup.title')}</DialogTitle>
          <DialogDescription>{t('users.settings.two-factor.setup.description')}</DialogDescription>
        </DialogHeader>
        <TwoFactorSetup totpURI={flow.totpURI} onConfirm={onCodeConfirmed} onCancel={onClose} />
      </>
    );
  }

  if (flow.step === 'codes') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            {flow.replacedOld
              ? t('users.settings.two-factor.backup-codes.new-title')
              : t('users.settings.two-factor.backup-codes.title')}
          </DialogTitle>
          <DialogDescription>{t('users.settings.two-factor.backup-codes.description')}</DialogDescription>
        </DialogHeader>
        <BackupCodes codes={flow.codes} replacedOld={flow.replacedOld} />
        <DialogFooter>
          <Button onClick={onClose}>{t('users.settings.two-factor.backup-codes.done')}</Button>
        </DialogFooter>
      </>
    );
  }

  const copy = {
    enable: {
      title: t('users.settings.two-factor.confirm-enable.title'),
      description: t('users.settings.two-factor.confirm-enable.description'),
      submit: t('users.settings.two-factor.confirm-enable.submit'),
      isDestructive: false,
    },
    disable: {
      title: t('users.settings.two-factor.confirm-disable.title'),
      description: t('users.settings.two-factor.confirm-disable.description'),
      submit: t('users.settings.two-factor.confirm-disable.submit'),
      isDestructive: true,
    },
    regenerate: {
      title: t('users.settings.two-factor.confirm-regenerate.title'),
      description: t('users.settings.two-factor.confirm-regenerate.description'),
      submit: t('users.settings.two-factor.confirm-regenerate.submit'),
      isDestructive: false,
    },
  }[flow.action];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
      </DialogHeader>
      <PasswordConfirmForm
        hasPassword={hasPassword}
        submitLabel={copy.submit}
        isDestructive={copy.isDestructive}
        onConfirm={onConfirmed}
        onCancel={onClose}
      />
    </>
  );
}

import type { AccountSecurityDto, PasskeyDto } from '@sheaf/contracts/account-security';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { QueryStates } from '../../../shared/ui/query-states';
import { browserSupportsPasskeys, classifyPasskeyPromptError, isFreshSignInRequired } from '../second-factor';
import {
  accountSecurityQueryOptions,
  markSignInStale,
  needsFreshSignIn,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
} from '../security-api';
import { FreshSignInPrompt } from './fresh-sign-in-prompt';
import { PasskeyNameForm } from './passkey-name-form';

/**
 * "Passkeys": sign in with the device's screen lock or a security key. Lists them with their last
 * use; add (named), rename, remove. A passkey also counts as a second factor.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const security = useQuery(accountSecurityQueryOptions());

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.passkeys.title')}</CardTitle>
        <CardDescription>{t('users.settings.passkeys.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryStates query={security}>{(data) => <PasskeysList security={data} />}</QueryStates>
      </CardContent>
    </Card>
  );
}

/** What the add dialog says after an attempt: the prompt was closed (neutral), or a refusal. */
type AddFeedback = { kind: 'cancelled' | 'error'; message: string } | null;

function PasskeysList({ security }: { security: AccountSecurityDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { formatDate } = useDateFormatter();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [isAdding, setIsAdding] = useState(false);
  const [addFeedback, setAddFeedback] = useState<AddFeedback>(null);
  const [renaming, setRenaming] = useState<PasskeyDto | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [freshSignInAsked, setFreshSignInAsked] = useState(false);
  const unsupportedId = useId();
  const isSupported = browserSupportsPasskeys();
  const { passkeys } = security;

  const nameOf = (passkey: PasskeyDto) => passkey.name ?? t('users.settings.passkeys.unnamed');

  const closeAdd = () => {
    setIsAdding(false);
    setAddFeedback(null);
  };

  const onAdd = (name: string) => {
    setAddFeedback(null);
    add.mutate(name, {
      onSuccess: () => {
        closeAdd();
        toast.success(t('users.settings.passkeys.added', { name }));
      },
      onError: (error) => {
        if (!security.hasPassword && isFreshSignInRequired(error)) {
          markSignInStale(queryClient);
          setFreshSignInAsked(true);
          closeAdd();
          return;
        }
        const failure = classifyPasskeyPromptError(error);
        setAddFeedback(
          failure === 'cancelled'
            ? { kind: 'cancelled', message: t('users.settings.passkeys.cancelled') }
            : failure === 'already-registered'
              ? { kind: 'error', message: t('users.settings.passkeys.already-registered') }
              : { kind: 'error', message: getErrorMessage(error, t) },
        );
      },
    });
  };

  const onRename = (name: string) => {
    if (!renaming) return;
    setRenameError(null);
    rename.mutate(
      { id: renaming.id, name },
      {
        onSuccess: () => {
          setRenaming(null);
          toast.success(t('users.settings.passkeys.renamed'));
        },
        onError: (error) => setRenameError(getErrorMessage(error, t)),
      },
    );
  };

  const onRemove = async (passkey: PasskeyDto) => {
    const name = nameOf(passkey);
    const confirmed = await confirm({
      title: t('users.settings.passkeys.remove-title', { name }),
      description: t('users.settings.passkeys.remove-description'),
      confirmLabel: t('users.settings.passkeys.remove'),
    });
    if (!confirmed) return;
    remove.mutate(passkey.id, {
      onSuccess: () => toast.success(t('users.settings.passkeys.removed', { name })),
      onError: (error) => toast.error(getErrorMessage(error, t)),
    });
  };

  return (
    <>
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('users.settings.passkeys.empty')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('users.settings.passkeys.title')}>
          {passkeys.map((passkey) => {
            const name = nameOf(passkey);
            return (
              <li key={passkey.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background text-foreground">
                  <Fingerprint className="size-4" aria-hidden="true" />
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="truncate text-sm font-medium">{name}</span>
                    {passkey.backedUp ? (
                      <Badge variant="secondary">{t('users.settings.passkeys.synced')}</Badge>
                    ) : null}
                  </div>
                  <p className="text-[0.8125rem] text-muted-foreground">
                    {passkey.createdAt
                      ? `${t('users.settings.passkeys.added-on', { date: formatDate(passkey.createdAt) })} · `
                      : null}
                    {passkey.lastUsedAt
                      ? t('users.settings.passkeys.last-used', { date: formatDate(passkey.lastUsedAt) })
                      : t('users.settings.passkeys.never-used')}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('users.settings.passkeys.rename-named', { name })}
                    title={t('users.settings.passkeys.rename')}
                    onClick={() => {
                      setRenameError(null);
                      setRenaming(passkey);
                    }}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('users.settings.passkeys.remove-named', { name })}
                    title={t('users.settings.passkeys.remove')}
                    isLoading={remove.isPending && remove.variables === passkey.id}
                    onClick={() => void onRemove(passkey)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {!isSupported ? (
        <p id={unsupportedId} className="flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('users.settings.passkeys.unsupported')}
        </p>
      ) : null}
      {freshSignInAsked && needsFreshSignIn(security) ? (
        <FreshSignInPrompt />
      ) : (
        <div>
          <Button
            variant="outline"
            disabled={!isSupported}
            aria-describedby={isSupported ? undefined : unsupportedId}
            onClick={() => {
              setAddFeedback(null);
              setIsAdding(true);
            }}
          >
            <Plus aria-hidden="true" />
            {t('users.settings.passkeys.add')}
          </Button>
        </div>
      )}

      <Dialog open={isAdding} onOpenChange={(open) => (open ? setIsAdding(true) : closeAdd())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('users.settings.passkeys.add-title')}</DialogTitle>
            <DialogDescription>{t('users.settings.passkeys.add-description')}</DialogDescription>
          </DialogHeader>
          <PasskeyNameForm
            submitLabel={t('users.settings.passkeys.add-submit')}
            isSubmitting={add.isPending}
            onSubmit={onAdd}
            onCancel={closeAdd}
            feedback={
              <>
                {/* Always there, so the cancelled notice is announced when it appears. */}
                <p
                  role="status"
                  className={addFeedback?.kind === 'cancelled' ? 'text-sm text-muted-foreground' : 'sr-only'}
                >
                  {addFeedback?.kind === 'cancelled' ? addFeedback.message : null}
                </p>
                <FormError>{addFeedback?.kind === 'error' ? addFeedback.message : null}</FormError>
              </>
            }
          />
        </DialogContent>
      </Dialog>

      <Dialog open={renaming !== null} onOpenChange={(open) => (open ? undefined : setRenaming(null))}>
        {renaming ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('users.settings.passkeys.rename-title')}</DialogTitle>
              <DialogDescription>{t('users.settings.passkeys.rename-description')}</DialogDescription>
            </DialogHeader>
            <PasskeyNameForm
              initialName={renaming.name ?? ''}
              submitLabel={t('users.settings.passkeys.rename-submit')}
              isSubmitting={rename.isPending}
              onSubmit={onRename}
              onCancel={() => setRenaming(null)}
              feedback={<FormError>{renameError}</FormError>}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

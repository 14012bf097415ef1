import {
  SHARE_LINK_EXPIRIES,
  SHARE_LINK_PASSWORD_MAX_LENGTH,
  SHARE_LINK_PASSWORD_MIN_LENGTH,
  type ShareLinkDto,
  type ShareLinkExpiry,
} from '@sheaf/contracts/share-links';
import { useQuery } from '@tanstack/react-query';
import { Link2, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { CopyButton } from '../../../shared/ui/copy-button';
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
import { Switch } from '../../../shared/ui/switch';
import { documentShareLinksQueryOptions, useCreateShareLink, useRevokeShareLink } from '../api';
import { ShareLinkDetails } from './share-link-details';

const EXPIRY_LABEL_KEYS: Record<ShareLinkExpiry, string> = {
  '1d': 'share-links.expiry.1d',
  '7d': 'share-links.expiry.7d',
  '30d': 'share-links.expiry.30d',
  never: 'share-links.expiry.never',
};

/** The expiry choice: four options as one radio group, shown as a segmented control. */
function ExpiryChoice({
  value,
  onChange,
}: {
  value: ShareLinkExpiry;
  onChange: (value: ShareLinkExpiry) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t('share-links.dialog.expiry')}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg border bg-muted/50 p-1 sm:grid-cols-4">
        {SHARE_LINK_EXPIRIES.map((expiry) => (
          <label
            key={expiry}
            className={cn(
              'flex h-8 cursor-pointer items-center justify-center rounded-md px-2 text-[0.8125rem] font-medium text-muted-foreground',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === expiry && 'bg-surface text-foreground shadow-sm',
            )}
          >
            <input
              type="radio"
              name={name}
              value={expiry}
              checked={value === expiry}
              onChange={() => onChange(expiry)}
              className="sr-only"
            />
            {t(EXPIRY_LABEL_KEYS[expiry])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The document's active links, each revocable; nothing when there are none. */
function ActiveLinks({ organizationId, documentId }: { organizationId: string; documentId: string }) {
  const { t } = useTranslation();
  const links = useQuery(documentShareLinksQueryOptions(organizationId, documentId));
  const revoke = useRevokeShareLink(organizationId);
  if (!links.data || links.data.length === 0) return null;

  const onRevoke = async (shareLink: ShareLinkDto) => {
    try {
      await revoke.mutateAsync(shareLink.id);
      toast.success(t('share-links.revoke.success'));
    } catch (error) {
      toast.error(t('share-links.revoke.failed'), { description: getErrorMessage(error, t) });
    }
  };

  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby={`${documentId}-active-links`}>
      <h3 id={`${documentId}-active-links`} className="text-sm font-medium">
        {t('share-links.dialog.active', { count: links.data.length })}
      </h3>
      <ul className="grid gap-2">
        {links.data.map((shareLink) => (
          <li key={shareLink.id} className="flex items-start gap-3 rounded-lg border px-3 py-2">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="text-[0.8125rem] font-medium">
                {t('share-links.dialog.created-by', {
                  name: shareLink.createdBy?.name ?? t('share-links.list.deleted-user'),
                })}
              </p>
              <ShareLinkDetails shareLink={shareLink} />
            </div>
            <Button
              variant="outline"
              size="icon-sm"
              className="text-danger hover:text-danger"
              isLoading={revoke.isPending && revoke.variables === shareLink.id}
              onClick={() => void onRevoke(shareLink)}
              aria-label={t('share-links.revoke.label')}
              title={t('share-links.revoke.label')}
            >
              {revoke.isPending && revoke.variables === shareLink.id ? null : <Trash2 aria-hidden="true" />}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Share link" (issue 30): an expiry, an optional password and whether the file may be downloaded;
 * then the link, shown once to copy. The document's active links are listed below, revocable.
 */
export function ShareLinkDialog({
  organizationId,
  document,
  open,
  onOpenChange,
}: {
  organizationId: string;
  document: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShareLink(organizationId, document.id);
  const [expiresIn, setExpiresIn] = useState<ShareLinkExpiry>('7d');
  const [password, setPassword] = useState('');
  const [allowDownload, setAllowDownload] = useState(true);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [createdUrl, setCreatedUrl] = useState<string | undefined>();
  const passwordId = useId();
  const downloadId = useId();

  useEffect(() => {
    if (open) {
      setExpiresIn('7d');
      setPassword('');
      setAllowDownload(true);
      setPasswordError(undefined);
      setFormError(undefined);
      setCreatedUrl(undefined);
    }
  }, [open]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (password !== '' && password.length < SHARE_LINK_PASSWORD_MIN_LENGTH) {
      setPasswordError(t('share-links.dialog.password-min', { min: SHARE_LINK_PASSWORD_MIN_LENGTH }));
      return;
    }
    setPasswordError(undefined);
    try {
      const created = await create.mutateAsync({
        expiresIn,
        password: password === '' ? null : password,
        allowDownload,
      });
      setCreatedUrl(created.url);
      toast.success(t('share-links.dialog.created'));
    } catch (error) {
      setFormError(
        getErrorCode(error) === 'demo.not_available'
          ? t('share-links.demo-unavailable')
          : getErrorMessage(error, t),
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('share-links.dialog.title')}</DialogTitle>
          <DialogDescription>
            {t('share-links.dialog.description', { name: document.name })}
          </DialogDescription>
        </DialogHeader>
        {createdUrl ? (
          <div className="grid gap-3">
            <Label htmlFor={`${passwordId}-url`}>{t('share-links.dialog.link')}</Label>
            <div className="flex gap-2">
              <Input
                id={`${passwordId}-url`}
                readOnly
                value={createdUrl}
                className="flex-1 font-mono text-[0.8125rem]"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton text={createdUrl} />
            </div>
            <p className="text-xs text-muted-foreground">{t('share-links.dialog.shown-once')}</p>
            <DialogFooter>
              <Button variant="outline" onClick={() => setCreatedUrl(undefined)}>
                {t('share-links.dialog.another')}
              </Button>
              <Button onClick={() => onOpenChange(false)}>{t('share-links.dialog.done')}</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
            <ExpiryChoice value={expiresIn} onChange={setExpiresIn} />
            <div className="grid gap-1.5">
              <Label htmlFor={passwordId}>{t('share-links.dialog.password')}</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete="new-password"
                value={password}
                maxLength={SHARE_LINK_PASSWORD_MAX_LENGTH}
                onChange={(event) => {
                  setPassword(event.target.value);
                  if (passwordError) setPasswordError(undefined);
                }}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={`${passwordId}-hint`}
              />
              <p
                id={`${passwordId}-hint`}
                className={cn('text-xs', passwordError ? 'text-danger' : 'text-muted-foreground')}
              >
                {passwordError ?? t('share-links.dialog.password-hint')}
              </p>
            </div>
            <div className="flex items-center justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={downloadId}>{t('share-links.dialog.allow-download')}</Label>
                <p className="text-xs text-muted-foreground">{t('share-links.dialog.allow-download-hint')}</p>
              </div>
              <Switch id={downloadId} checked={allowDownload} onCheckedChange={setAllowDownload} />
            </div>
            <FormError>{formError}</FormError>
            <DialogFooter>
              <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
                {t('share-links.dialog.cancel')}
              </Button>
              <Button type="submit" isLoading={create.isPending}>
                <Link2 aria-hidden="true" />
                {t('share-links.dialog.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
        {open ? <ActiveLinks organizationId={organizationId} documentId={document.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

import type { ShareLinkDto } from '@sheaf/contracts/share-links';
import { Download, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';

/** "Expires in 6 days · Password · Download allowed · Last opened 5 min ago": what a link is, in one line. */
export function ShareLinkDetails({ shareLink }: { shareLink: ShareLinkDto }) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const parts = [
    <span key="expiry" title={shareLink.expiresAt ? formatDateTime(shareLink.expiresAt) : undefined}>
      {shareLink.expiresAt
        ? t('share-links.details.expires', { time: formatRelative(shareLink.expiresAt) })
        : t('share-links.details.never-expires')}
    </span>,
    shareLink.hasPassword ? (
      <span key="password" className="inline-flex items-center gap-1">
        <Lock className="size-3" aria-hidden="true" />
        {t('share-links.details.password')}
      </span>
    ) : null,
    shareLink.allowDownload ? (
      <span key="download" className="inline-flex items-center gap-1">
        <Download className="size-3" aria-hidden="true" />
        {t('share-links.details.download')}
      </span>
    ) : null,
    <span
      key="access"
      title={shareLink.lastAccessedAt ? formatDateTime(shareLink.lastAccessedAt) : undefined}
    >
      {shareLink.lastAccessedAt
        ? t('share-links.details.last-opened', { time: formatRelative(shareLink.lastAccessedAt) })
        : t('share-links.details.never-opened')}
    </span>,
  ].filter((part) => part !== null);
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
      {parts.flatMap((part, index) =>
        index === 0
          ? [part]
          : [
              <span key={`separator-${part.key}`} aria-hidden="true">
                ·
              </span>,
              part,
            ],
      )}
    </p>
  );
}

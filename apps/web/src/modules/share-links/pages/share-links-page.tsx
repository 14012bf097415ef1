import type { MemberRole } from '@sheaf/contracts/permissions';
import { canRevokeShareLink, SHARE_LINKS_PAGE_SIZE, type ShareLinkDto } from '@sheaf/contracts/share-links';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Link2, Link2Off, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { QueryStates } from '../../../shared/ui/query-states';
import { Switch } from '../../../shared/ui/switch';
import { myMemberQueryOptions } from '../../members/api';
import {
  shareLinkSettingsQueryOptions,
  shareLinksQueryOptions,
  useRevokeAllShareLinks,
  useRevokeShareLink,
  useUpdateShareLinkSettings,
} from '../api';
import { ShareLinkDetails } from '../components/share-link-details';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/share-links');

/** The owners' switch: off, no link opens and none can be made. Others see it, disabled. */
function SharingSwitch({ organizationId, role }: { organizationId: string; role: MemberRole | undefined }) {
  const { t } = useTranslation();
  const settings = useQuery(shareLinkSettingsQueryOptions(organizationId));
  const update = useUpdateShareLinkSettings(organizationId);
  const isOwner = role === 'owner';
  if (!settings.data) return null;

  const onChange = async (isEnabled: boolean) => {
    try {
      await update.mutateAsync(isEnabled);
      toast.success(
        t(isEnabled ? 'share-links.settings.enabled-toast' : 'share-links.settings.disabled-toast'),
      );
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <section className="flex items-start justify-between gap-4 rounded-xl border bg-surface p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 id="share-links-switch" className="text-[0.9375rem] font-semibold">
          {t('share-links.settings.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {settings.data.isEnabled ? t('share-links.settings.on') : t('share-links.settings.off')}
        </p>
        {isOwner ? null : (
          <p className="text-xs text-muted-foreground">{t('share-links.settings.owners-only')}</p>
        )}
      </div>
      <Switch
        aria-labelledby="share-links-switch"
        checked={settings.data.isEnabled}
        disabled={!isOwner || update.isPending}
        onCheckedChange={(checked) => void onChange(checked)}
      />
    </section>
  );
}

function ShareLinkRow({
  shareLink,
  organizationId,
  canRevoke,
  isRevoking,
  onRevoke,
}: {
  shareLink: ShareLinkDto;
  organizationId: string;
  canRevoke: boolean;
  isRevoking: boolean;
  onRevoke: (shareLink: ShareLinkDto) => void;
}) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  return (
    <article className="flex items-start gap-3 rounded-xl border bg-surface p-4">
      <div className="hidden size-9 shrink-0 items-center justify-center rounded-lg border bg-muted/60 text-muted-foreground sm:flex">
        <Link2 className="size-4.5" aria-hidden="true" />
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="text-[0.9375rem] font-semibold leading-snug [overflow-wrap:anywhere]">
          <Link
            to="/organizations/$organizationId/documents/$documentId"
            params={{ organizationId, documentId: shareLink.documentId }}
            className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {shareLink.documentName}
          </Link>
        </h3>
        <p className="text-xs text-muted-foreground">
          <span title={formatDateTime(shareLink.createdAt)}>
            {t('share-links.list.created', {
              name: shareLink.createdBy?.name ?? t('share-links.list.deleted-user'),
              time: formatRelative(shareLink.createdAt),
            })}
          </span>
        </p>
        <ShareLinkDetails shareLink={shareLink} />
      </div>
      {canRevoke ? (
        <Button
          variant="outline"
          size="icon-sm"
          className="text-danger hover:text-danger"
          isLoading={isRevoking}
          onClick={() => onRevoke(shareLink)}
          aria-label={t('share-links.revoke.label-named', { name: shareLink.documentName })}
          title={t('share-links.revoke.label')}
        >
          {isRevoking ? null : <Trash2 aria-hidden="true" />}
        </Button>
      ) : null}
    </article>
  );
}

/** `/organizations/:id/settings/share-links`: the switch, the active links, revoke one or all. */
export function ShareLinksPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const [pageIndex, setPageIndex] = useState(0);
  const links = useQuery(shareLinksQueryOptions(organizationId, pageIndex, SHARE_LINKS_PAGE_SIZE));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const revoke = useRevokeShareLink(organizationId);
  const revokeAll = useRevokeAllShareLinks(organizationId);
  const confirm = useConfirm();
  const role = me.data?.role;
  const isManager = role === 'owner' || role === 'admin';
  const count = links.data?.shareLinksCount ?? 0;

  const onRevoke = async (shareLink: ShareLinkDto) => {
    const isConfirmed = await confirm({
      title: t('share-links.revoke.title'),
      description: t('share-links.revoke.description', { name: shareLink.documentName }),
      confirmLabel: t('share-links.revoke.confirm'),
    });
    if (!isConfirmed) return;
    try {
      await revoke.mutateAsync(shareLink.id);
      toast.success(t('share-links.revoke.success'));
    } catch (error) {
      toast.error(t('share-links.revoke.failed'), { description: getErrorMessage(error, t) });
    }
  };

  const onRevokeAll = async () => {
    const isConfirmed = await confirm({
      title: t('share-links.revoke-all.title'),
      description: t('share-links.revoke-all.description', { count }),
      confirmLabel: t('share-links.revoke-all.confirm'),
    });
    if (!isConfirmed) return;
    try {
      const revokedCount = await revokeAll.mutateAsync();
      setPageIndex(0);
      toast.success(t('share-links.revoke-all.success', { count: revokedCount }));
    } catch (error) {
      toast.error(t('share-links.revoke.failed'), { description: getErrorMessage(error, t) });
    }
  };

  if (getErrorCode(links.error) === 'demo.not_available') {
    return (
      <div className="grid max-w-3xl gap-6">
        <PageHeader title={t('share-links.title')} description={t('share-links.description')} />
        <EmptyState icon={Link2Off} title={t('share-links.demo-unavailable')} />
      </div>
    );
  }

  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t('share-links.title')}
        description={t('share-links.description')}
        textClassName="max-w-2xl min-w-0 flex-[1_1_20rem]"
        actions={
          isManager && count > 0 ? (
            <Button variant="destructive" onClick={() => void onRevokeAll()} isLoading={revokeAll.isPending}>
              <Link2Off aria-hidden="true" />
              {t('share-links.revoke-all.button')}
            </Button>
          ) : null
        }
      />
      <SharingSwitch organizationId={organizationId} role={role} />
      <QueryStates
        query={links}
        isEmpty={(data) => data.shareLinks.length === 0}
        empty={
          <EmptyState
            icon={Link2}
            title={t('share-links.empty.title')}
            description={t('share-links.empty.description')}
          />
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <ul className="grid gap-3" aria-label={t('share-links.list.label')}>
              {data.shareLinks.map((shareLink) => (
                <li key={shareLink.id}>
                  <ShareLinkRow
                    shareLink={shareLink}
                    organizationId={organizationId}
                    canRevoke={
                      me.data !== undefined &&
                      canRevokeShareLink(shareLink.createdBy?.id ?? null, {
                        userId: me.data.user.id,
                        role: me.data.role,
                      })
                    }
                    isRevoking={revoke.isPending && revoke.variables === shareLink.id}
                    onRevoke={(target) => void onRevoke(target)}
                  />
                </li>
              ))}
            </ul>
            {data.shareLinksCount > SHARE_LINKS_PAGE_SIZE ? (
              <Pagination
                pageIndex={pageIndex}
                pageSize={SHARE_LINKS_PAGE_SIZE}
                totalCount={data.shareLinksCount}
                onPageIndexChange={setPageIndex}
              />
            ) : null}
          </div>
        )}
      </QueryStates>
    </div>
  );
}

import type { DocumentActivityDto } from '@sheaf/contracts/documents';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  FilePen,
  FilePlus,
  History,
  Link2,
  Link2Off,
  type LucideIcon,
  MessageSquarePlus,
  MessageSquareX,
  RotateCcw,
  SquareArrowOutUpRight,
  Tag,
  Trash2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../shared/format/date';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { Tooltip } from '../../../shared/ui/tooltip';
import { documentActivityQueryOptions } from '../api';
import { DocumentsLoadError } from './documents-load-error';

const EVENT_ICONS: Record<DocumentActivityDto['event'], LucideIcon> = {
  created: FilePlus,
  updated: FilePen,
  deleted: Trash2,
  restored: RotateCcw,
  tagged: Tag,
  untagged: Tag,
  note_added: MessageSquarePlus,
  note_deleted: MessageSquareX,
  share_link_created: Link2,
  share_link_opened: SquareArrowOutUpRight,
  share_link_revoked: Link2Off,
};

type ActivityKind =
  | 'created'
  | 'renamed'
  | 'edited'
  | 'renamed-edited'
  | 'updated'
  | 'deleted'
  | 'restored'
  | 'tagged'
  | 'untagged'
  | 'date-changed'
  | 'properties-changed'
  | 'note-added'
  | 'note-deleted'
  | 'share-link-created'
  | 'share-link-opened'
  | 'share-link-revoked';

/** What an entry did, with an update told apart by the fields it changed. */
function activityKind(activity: DocumentActivityDto): ActivityKind {
  if (activity.event === 'note_added') return 'note-added';
  if (activity.event === 'note_deleted') return 'note-deleted';
  if (activity.event === 'share_link_created') return 'share-link-created';
  if (activity.event === 'share_link_opened') return 'share-link-opened';
  if (activity.event === 'share_link_revoked') return 'share-link-revoked';
  if (activity.event !== 'updated') return activity.event;
  const fields = new Set(activity.eventData?.updatedFields ?? []);
  if (fields.has('name') && fields.has('content')) return 'renamed-edited';
  if (fields.has('name')) return 'renamed';
  if (fields.has('content')) return 'edited';
  // A property value's change is listed as `properties.<propertyId>`.
  const changesProperties = [...fields].some((field) => field.startsWith('properties.'));
  if (fields.has('documentDate') && !changesProperties) return 'date-changed';
  if (changesProperties && !fields.has('documentDate')) return 'properties-changed';
  return 'updated';
}

/**
 * The sentence of one entry, with its actor: "Ana added the tag Invoices"; without one (a tagging rule,
 * an intake e-mail, the server), in the passive: "The tag Invoices was added".
 */
function useActivitySentence() {
  const { t } = useTranslation();
  return (activity: DocumentActivityDto): string => {
    const kind = activityKind(activity);
    if (kind === 'edited' && activity.user === null) {
      // A content update by nobody is the background text extraction.
      return t('documents.activity.content-extracted');
    }
    if (activity.event === 'created' && activity.eventData?.watchedFolder) {
      // Put in the organization's watched folder on the server (no user).
      return t('documents.activity.created-watched-folder');
    }
    if (activity.event === 'created' && activity.eventData?.emailAttachment) {
      // An attachment of an e-mail file, imported by its extraction (no user).
      return t('documents.activity.created-email-attachment');
    }
    const values = {
      name: activity.user?.name ?? '',
      tag: activity.tag?.name ?? t('documents.activity.deleted-tag'),
    };
    return activity.user
      ? t(`documents.activity.user.${kind}`, values)
      : t(`documents.activity.system.${kind}`, values);
  };
}

/** The Activity tab (spec §4): 20 entries a page, with a load-more action until a page comes back short. */
export function DocumentActivity({
  organizationId,
  documentId,
}: {
  organizationId: string;
  documentId: string;
}) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const sentence = useActivitySentence();
  const activity = useInfiniteQuery(documentActivityQueryOptions(organizationId, documentId));

  if (activity.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (activity.isError) {
    return <DocumentsLoadError onRetry={() => void activity.refetch()} />;
  }
  const entries = activity.data.pages.flat();
  if (entries.length === 0) {
    return <EmptyState icon={History} title={t('documents.activity.empty')} headingLevel={3} />;
  }

  return (
    <div className="grid gap-4">
      <ol className="grid gap-0" aria-label={t('documents.tabs.activity')}>
        {entries.map((entry) => {
          const Icon = EVENT_ICONS[entry.event];
          return (
            <li key={entry.id} className="flex items-start gap-3 border-b py-2.5 last:border-b-0">
              <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <Icon className="size-3.5" aria-hidden="true" />
              </span>
              <div className="grid min-w-0 gap-0.5">
                <span className="text-sm">{sentence(entry)}</span>
                <Tooltip content={formatDateTime(entry.createdAt)}>
                  <time dateTime={entry.createdAt} className="w-fit text-xs text-muted-foreground">
                    {formatRelative(entry.createdAt)}
                  </time>
                </Tooltip>
              </div>
            </li>
          );
        })}
      </ol>
      {activity.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="sm"
            isLoading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('documents.activity.load-more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

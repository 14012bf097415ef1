import type { DocumentDto } from '@sheaf/contracts/documents';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  ArrowLeft,
  Calendar,
  CalendarClock,
  Download,
  FileQuestion,
  FileType,
  Fingerprint,
  HardDrive,
  type LucideIcon,
  Pencil,
  RotateCcw,
  ScanText,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatBytes } from '../../../shared/format/bytes';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../shared/ui/tabs';
import { Tooltip } from '../../../shared/ui/tooltip';
import { useConfig } from '../../config/config-context';
import {
  documentFileUrl,
  documentQueryKey,
  documentQueryOptions,
  useRefreshWhenExtractionEnds,
  useRestoreDocument,
} from '../api';
import { DocumentActivity } from '../components/document-activity';
import { DocumentContentEditor } from '../components/document-content-editor';
import { DocumentEmailLinks } from '../components/document-email-links';
import { DocumentNotes } from '../components/document-notes';
import { DocumentPageSkeleton } from '../components/document-page-skeleton';
import { DocumentProperties } from '../components/document-properties';
import { DocumentsLoadError } from '../components/documents-load-error';
import { ExtractionStatusBadge } from '../components/extraction-status-badge';
import { RenameDocumentDialog } from '../components/rename-document-dialog';
import { DOCUMENT_EXTRACTION_POLL_MS, isExtractionRunning, useExtractionErrorMessage } from '../extraction';
import { DocumentPreview } from '../preview/document-preview';
import { ExtractionNotice } from '../preview/extraction-notice';
import { getRetentionDaysLeft } from '../retention';
import type { DocumentTab } from '../search-params';
import { useConfirmDeleteDocument } from '../use-confirm-delete-document';

const routeApi = getRouteApi('/private/organizations/$organizationId/documents/$documentId');

function InfoRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] items-start gap-3 py-1.5 text-sm">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The Info tab's "Text extraction" value: where it stands, and why it failed. */
function ExtractionState({ document }: { document: DocumentDto }) {
  const { t } = useTranslation();
  const errorMessage = useExtractionErrorMessage();
  switch (document.extractionStatus) {
    case 'pending':
    case 'processing':
      return (
        <span className="inline-flex items-center gap-1.5">
          <Spinner size="sm" decorative className="text-muted-foreground" />
          {t(`documents.extraction.status-${document.extractionStatus}`)}
        </span>
      );
    case 'failed':
      return (
        <span className="grid gap-0.5">
          <span className="font-medium text-danger">{t('documents.extraction.status-failed')}</span>
          <span className="text-muted-foreground">{errorMessage(document.extractionError)}</span>
        </span>
      );
    default:
      return document.content.trim() === ''
        ? t('documents.extraction.status-done-empty')
        : t('documents.extraction.status-done');
  }
}

function DocumentInfo({ document }: { document: DocumentDto }) {
  const { t, i18n } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  const when = (value: string) => (
    <Tooltip content={formatDateTime(value)}>
      <time dateTime={value}>{formatRelative(value)}</time>
    </Tooltip>
  );
  return (
    <dl className="grid">
      <InfoRow icon={Fingerprint} label={t('documents.info.id')}>
        <span className="font-mono text-xs">{document.id}</span>
      </InfoRow>
      <InfoRow icon={FileQuestion} label={t('documents.info.name')}>
        {document.name}
      </InfoRow>
      {document.originalName !== document.name ? (
        <InfoRow icon={FileQuestion} label={t('documents.info.original-name')}>
          {document.originalName}
        </InfoRow>
      ) : null}
      <InfoRow icon={FileType} label={t('documents.info.type')}>
        {document.mimeType}
      </InfoRow>
      <InfoRow icon={HardDrive} label={t('documents.info.size')}>
        {formatBytes(document.originalSize, { locale: i18n.language })}
      </InfoRow>
      <InfoRow icon={Calendar} label={t('documents.info.created-at')}>
        {when(document.createdAt)}
      </InfoRow>
      {/* A document never changed since its upload has no "last updated" to show. */}
      {document.updatedAt ? (
        <InfoRow icon={CalendarClock} label={t('documents.info.updated-at')}>
          {when(document.updatedAt)}
        </InfoRow>
      ) : null}
      <InfoRow icon={ScanText} label={t('documents.info.extraction')}>
        <ExtractionState document={document} />
      </InfoRow>
    </dl>
  );
}

function DeletedNotice({ document }: { document: DocumentDto }) {
  const { t } = useTranslation();
  const config = useConfig();
  const daysLeft = getRetentionDaysLeft(
    document.deletedAt ?? new Date(),
    config.documents.deletedDocumentsRetentionDays,
  );
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>{t('documents.details.deleted-notice', { count: daysLeft })}</p>
    </div>
  );
}

/**
 * The document's tag editor (tags' DocumentTagsEditor). The app gives it to the page
 * (app/pages/document-page.tsx): documents shows tags, it does not import their components.
 */
export type DocumentTagsEditorComponent = ComponentType<{
  organizationId: string;
  document: DocumentDto;
  /** The document's query, which the editor updates at once when a tag is picked or removed. */
  documentQueryKey: QueryKey;
}>;

/**
 * The "Share link" button and dialog (share-links' ShareLinkButton), given by the app as the tags editor is.
 */
export type DocumentShareButtonComponent = ComponentType<{
  organizationId: string;
  document: { id: string; name: string };
}>;

/**
 * The document page (spec §2): name with rename, download, delete or restore, tags, retention notice when
 * deleted, tabs Info / Content / Activity (`?tab=`) and the preview on the right.
 */
export function DocumentPage({
  TagsEditor,
  ShareButton,
}: {
  TagsEditor: DocumentTagsEditorComponent;
  ShareButton?: DocumentShareButtonComponent;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId, documentId } = routeApi.useParams();
  const { tab = 'info' } = routeApi.useSearch();
  const [isRenameOpen, setIsRenameOpen] = useState(false);
  const document = useQuery({
    ...documentQueryOptions(organizationId, documentId),
    refetchInterval: (query) =>
      isExtractionRunning(query.state.data?.extractionStatus) ? DOCUMENT_EXTRACTION_POLL_MS : false,
  });
  useRefreshWhenExtractionEnds(organizationId, documentId, document.data?.extractionStatus);
  const confirmDelete = useConfirmDeleteDocument(organizationId);
  const restore = useRestoreDocument(organizationId);

  if (document.isPending) {
    return <DocumentPageSkeleton />;
  }
  if (document.isError) {
    if (getErrorCode(document.error) === 'documents.not_found') {
      return (
        <EmptyState
          icon={FileQuestion}
          title={t('documents.details.not-found-title')}
          description={t('documents.details.not-found-description')}
          action={
            <Button variant="outline" asChild>
              <Link to="/organizations/$organizationId/documents" params={{ organizationId }}>
                {t('documents.details.back-to-documents')}
              </Link>
            </Button>
          }
        />
      );
    }
    return <DocumentsLoadError onRetry={() => void document.refetch()} />;
  }

  const current = document.data;

  const handleDelete = async () => {
    if (await confirmDelete(current)) {
      await navigate({ to: '/organizations/$organizationId/documents', params: { organizationId } });
    }
  };

  const handleRestore = async () => {
    try {
      await restore.mutateAsync(current.id);
      toast.success(t('documents.restore.success'));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <div className="grid content-start gap-5">
        <div className="grid gap-1">
          <Link
            to={
              current.isDeleted
                ? '/organizations/$organizationId/deleted'
                : '/organizations/$organizationId/documents'
            }
            params={{ organizationId }}
            className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            {current.isDeleted
              ? t('documents.details.back-to-trash')
              : t('documents.details.back-to-documents')}
          </Link>
          <div className="flex items-start gap-1">
            <h1 className="min-w-0 break-words text-xl font-semibold tracking-tight">{current.name}</h1>
            {current.isDeleted ? null : (
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={t('documents.actions.rename')}
                onClick={() => setIsRenameOpen(true)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            )}
          </div>
          <ExtractionStatusBadge document={current} className="w-fit" />
          <ExtractionNotice notice={current.extractionNotice} />
        </div>

        {current.isDeleted ? <DeletedNotice document={current} /> : null}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={documentFileUrl(organizationId, current.id)} download={current.name}>
              <Download aria-hidden="true" />
              {t('documents.actions.download')}
            </a>
          </Button>
          {current.isDeleted ? (
            <Button size="sm" onClick={() => void handleRestore()} isLoading={restore.isPending}>
              <RotateCcw aria-hidden="true" />
              {t('documents.actions.restore')}
            </Button>
          ) : (
            <>
              {ShareButton ? <ShareButton organizationId={organizationId} document={current} /> : null}
              <Button variant="destructive" size="sm" onClick={() => void handleDelete()}>
                <Trash2 aria-hidden="true" />
                {t('documents.actions.delete-short')}
              </Button>
            </>
          )}
        </div>

        <TagsEditor
          organizationId={organizationId}
          document={current}
          documentQueryKey={documentQueryKey(organizationId, current.id)}
        />

        <DocumentProperties
          organizationId={organizationId}
          document={current}
          isReadOnly={current.isDeleted}
        />

        <DocumentEmailLinks organizationId={organizationId} document={current} />

        <Tabs
          value={tab}
          onValueChange={(value) =>
            void navigate({
              from: '/organizations/$organizationId/documents/$documentId',
              search: value === 'info' ? {} : { tab: value as DocumentTab },
              replace: true,
            })
          }
        >
          <TabsList className="grid w-full grid-cols-3">
            <TabsTrigger value="info">{t('documents.tabs.info')}</TabsTrigger>
            <TabsTrigger value="content">{t('documents.tabs.content')}</TabsTrigger>
            <TabsTrigger value="activity">{t('documents.tabs.activity')}</TabsTrigger>
          </TabsList>
          <TabsContent value="info">
            <DocumentInfo document={current} />
          </TabsContent>
          <TabsContent value="content">
            <DocumentContentEditor
              key={current.id}
              organizationId={organizationId}
              document={current}
              isReadOnly={current.isDeleted}
            />
          </TabsContent>
          <TabsContent value="activity">
            <DocumentActivity organizationId={organizationId} documentId={current.id} />
          </TabsContent>
        </Tabs>

        <DocumentNotes organizationId={organizationId} documentId={current.id} />
      </div>

      <aside
        aria-label={t('documents.preview.label')}
        className="min-w-0 lg:sticky lg:top-20 lg:self-start lg:border-l lg:pl-8"
      >
        <DocumentPreview organizationId={organizationId} document={current} />
      </aside>

      <RenameDocumentDialog
        organizationId={organizationId}
        document={current}
        open={isRenameOpen}
        onOpenChange={setIsRenameOpen}
      />
    </div>
  );
}

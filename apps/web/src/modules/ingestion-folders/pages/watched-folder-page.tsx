import type {
  IngestionFolderDto,
  IngestionFolderFileDto,
  IngestionFolderFileOutcome,
} from '@sheaf/contracts/ingestion-folders';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FolderInput, FolderX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { useDateFormatter } from '../../../shared/format/date';
import { useRenameForm } from '../../../shared/forms/use-rename-form';
import { getErrorCode } from '../../../shared/http/api-error';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../shared/ui/card';
import { CopyButton } from '../../../shared/ui/copy-button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { myMemberQueryOptions } from '../../members/api';
import { ingestionFolderQueryOptions, useUpdateIngestionFolder } from '../api';
import { folderNameResolver } from '../validation';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/watched-folder');

/** New files show up by themselves while the page is open. */
const REFRESH_MS = 10_000;

const OUTCOME_VARIANTS: Record<
  IngestionFolderFileOutcome,
  'default' | 'secondary' | 'outline' | 'destructive'
> = {
  imported: 'default',
  duplicate: 'secondary',
  processing: 'outline',
  failed: 'destructive',
};

/** The folder on the server and whether it is watched. */
function FolderCard({ folder }: { folder: IngestionFolderDto }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ingestion-folders.folder.title')}</CardTitle>
        <CardDescription>{t('ingestion-folders.folder.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded-md border bg-muted/60 px-2.5 py-1.5 font-mono text-sm [overflow-wrap:anywhere]">
            {folder.path}
          </code>
          <CopyButton text={folder.path ?? ''} label={t('ingestion-folders.folder.copy')} />
        </div>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('ingestion-folders.state.label')}</span>
          <Badge variant={folder.state === 'error' ? 'destructive' : 'default'}>
            {folder.state === 'error'
              ? t('ingestion-folders.state.error')
              : t('ingestion-folders.state.watching')}
          </Badge>
        </p>
        {folder.error ? (
          <p role="alert" className="text-sm font-medium text-danger [overflow-wrap:anywhere]">
            {folder.error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The folder name: owners set it (empty: the organization's id), others read it. */
function FolderNameCard({
  organizationId,
  folder,
  canRename,
}: {
  organizationId: string;
  folder: IngestionFolderDto;
  canRename: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateIngestionFolder(organizationId);
  const resolver = useMemo(() => folderNameResolver(t), [t]);
  const { form, onSubmit, isUnchanged } = useRenameForm({
    currentName: folder.folderName ?? '',
    resolver,
    save: async (name) => {
      const saved = await update.mutateAsync(name === '' ? null : name);
      return { name: saved.folderName ?? '' };
    },
    successMessage: t('ingestion-folders.name.saved'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ingestion-folders.name.title')}</CardTitle>
        <CardDescription>{t('ingestion-folders.name.description')}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label={t('ingestion-folders.name.title')}>
        <CardContent>
          <FormField
            control={form.control}
            name="name"
            label={t('ingestion-folders.name.label')}
            description={
              canRename ? t('ingestion-folders.name.hint') : t('ingestion-folders.name.owners-only')
            }
            render={({ field, controlProps }) => (
              <Input {...field} {...controlProps} autoComplete="off" readOnly={!canRename} />
            )}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={!canRename || isUnchanged} isLoading={form.formState.isSubmitting}>
            {t('ingestion-folders.name.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** The last files taken from the folder, newest first, with what became of each. */
function FilesTable({ organizationId, files }: { organizationId: string; files: IngestionFolderFileDto[] }) {
  const { t, i18n } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  if (files.length === 0) {
    return (
      <EmptyState
        icon={FolderInput}
        title={t('ingestion-folders.files.empty')}
        description={t('ingestion-folders.files.empty-description')}
        headingLevel={3}
      />
    );
  }
  return (
    <Table aria-labelledby="watched-folder-files">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('ingestion-folders.files.file')}</TableHead>
          <TableHead scope="col">{t('ingestion-folders.files.outcome')}</TableHead>
          <TableHead scope="col">{t('ingestion-folders.files.size')}</TableHead>
          <TableHead scope="col">{t('ingestion-folders.files.when')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {files.map((file) => (
          <TableRow key={file.id}>
            <TableCell className="max-w-[18rem] [overflow-wrap:anywhere]">
              {file.documentId && file.outcome === 'imported' ? (
                <Link
                  to="/organizations/$organizationId/documents/$documentId"
                  params={{ organizationId, documentId: file.documentId }}
                  className="rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {file.path}
                </Link>
              ) : (
                <span className="font-medium">{file.path}</span>
              )}
              {file.reason ? (
                <span className="block text-xs text-muted-foreground">{file.reason}</span>
              ) : null}
            </TableCell>
            <TableCell>
              <Badge variant={OUTCOME_VARIANTS[file.outcome]}>
                {t(`ingestion-folders.outcomes.${file.outcome}`)}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatBytes(file.size, { locale: i18n.language })}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={file.processedAt} title={formatDateTime(file.processedAt)}>
                {formatRelative(file.processedAt)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** `/organizations/:id/settings/watched-folder`: the folder on the server, its name, its last files. */
export function WatchedFolderPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const folder = useQuery(ingestionFolderQueryOptions(organizationId, REFRESH_MS));
  const me = useQuery(myMemberQueryOptions(organizationId));
  const header = (
    <PageHeader title={t('ingestion-folders.title')} description={t('ingestion-folders.description')} />
  );

  if (getErrorCode(folder.error) === 'demo.not_available') {
    return (
      <div className="grid max-w-3xl gap-6">
        {header}
        <EmptyState icon={FolderX} title={t('ingestion-folders.demo-unavailable')} />
      </div>
    );
  }

  return (
    <div className="grid max-w-3xl gap-6">
      {header}
      <QueryStates query={folder}>
        {(data) =>
          data.isEnabled ? (
            <div className="grid gap-6">
              <FolderCard folder={data} />
              <FolderNameCard
                organizationId={organizationId}
                folder={data}
                canRename={me.data?.role === 'owner'}
              />
              <section className="grid gap-3" aria-labelledby="watched-folder-files">
                <h2 id="watched-folder-files" className="text-[0.9375rem] font-semibold">
                  {t('ingestion-folders.files.title')}
                </h2>
                <FilesTable organizationId={organizationId} files={data.files} />
              </section>
            </div>
          ) : (
            <EmptyState
              icon={FolderX}
              title={t('ingestion-folders.off.title')}
              description={t('ingestion-folders.off.description')}
            />
          )
        }
      </QueryStates>
    </div>
  );
}

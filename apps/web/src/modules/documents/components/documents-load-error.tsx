import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import type { DocumentsPage } from '../api';

export function DocumentsLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={CircleAlert}
      title={t('documents.load-error.title')}
      description={t('documents.load-error.description')}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('documents.load-error.retry')}
        </Button>
      }
    />
  );
}

/** A page of documents as the list views show it: the documents, their total, and whether a newer page is on its way. */
export type ShownDocumentsPage = Pick<DocumentsPage, 'documents' | 'documentsCount'> & {
  isFetching: boolean;
};

/**
 * A documents query's loading, error and empty states, the same on every documents screen and in
 * every view (table, grid); `children` shows a page that has documents.
 */
export function DocumentsQueryStates({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<Pick<DocumentsPage, 'documents' | 'documentsCount'>>;
  /** Shown when the query finds no documents. */
  empty: ReactNode;
  children: (page: ShownDocumentsPage) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return <DocumentsLoadError onRetry={() => void query.refetch()} />;
  }
  if (query.data.documentsCount === 0) {
    return empty;
  }
  return children({
    documents: query.data.documents,
    documentsCount: query.data.documentsCount,
    isFetching: query.isPlaceholderData,
  });
}

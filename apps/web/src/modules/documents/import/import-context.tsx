import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { organizationQueryKey } from '../../organizations/api';
import { subscriptionQueryOptions } from '../../subscriptions/api';
import { uploadDocument } from '../api';
import { DropOverlay } from './drop-overlay';
import { ImportPanel } from './import-panel';
import { createImportQueue, ImportRejection } from './import-queue';

/** Only PDFs are taken from a drop (spec §2, §5); the file picker takes any type the server extracts. */
const DROPPABLE_TYPE = 'application/pdf';
const CONCURRENT_UPLOADS = 3;

type ImportContextValue = {
  /** Queues files for upload and opens the progress panel. */
  importFiles: (files: readonly File[]) => void;
  /** Opens the system file picker (several files). */
  openFilePicker: () => void;
  /** Whether the progress panel is shown (the Tasks panel docks beside it). */
  isPanelOpen: boolean;
};

const ImportContext = createContext<ImportContextValue | null>(null);

/**
 * Document import for one organization: the hidden file input, the page-wide drop overlay, the upload
 * queue and its progress panel. Mounted by the organization layout.
 */
export function ImportProvider({
  organizationId,
  children,
}: {
  organizationId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const subscription = useQuery(subscriptionQueryOptions(organizationId));
  const maxFileSize = subscription.data?.plan.limits.maxFileSize ?? null;
  const maxFileSizeRef = useRef(maxFileSize);
  maxFileSizeRef.current = maxFileSize;

  const queue = useMemo(
    () =>
      createImportQueue({
        concurrency: CONCURRENT_UPLOADS,
        upload: (file, signal) => uploadDocument({ organizationId, file, signal }),
        // The size limit applies only when one is known (spec §5).
        check: (file) => {
          // The server refuses an empty file: say so at once, without sending it.
          if (file.size === 0) return new ImportRejection('document.empty_file');
          const limit = maxFileSizeRef.current;
          return limit !== null && file.size > limit
            ? new ImportRejection('document.size_too_large')
            : undefined;
        },
        onUploaded: () => {
          void queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
        },
      }),
    [organizationId, queryClient],
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [isPanelCollapsed, setIsPanelCollapsed] = useState(false);

  // A different organization gets a fresh queue; cancel what the old one was doing.
  useEffect(() => () => queue.clear(), [queue]);

  const importFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      queue.add(files);
      setIsPanelOpen(true);
      setIsPanelCollapsed(false);
    },
    [queue],
  );

  const openFilePicker = useCallback(() => inputRef.current?.click(), []);

  const importDropped = useCallback(
    (files: readonly File[]) => {
      const accepted = files.filter((file) => file.type === DROPPABLE_TYPE);
      const ignored = files.length - accepted.length;
      if (ignored > 0) {
        toast.info(t('documents.import.ignored-files', { count: ignored }));
      }
      importFiles(accepted);
    },
    [importFiles, t],
  );

  const value = useMemo(
    () => ({ importFiles, openFilePicker, isPanelOpen }),
    [importFiles, openFilePicker, isPanelOpen],
  );

  return (
    <ImportContext value={value}>
      {children}
      <input
        ref={inputRef}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="document-file-input"
        onChange={(event) => {
          importFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <DropOverlay onDrop={importDropped} />
      {isPanelOpen ? (
        <ImportPanel
          organizationId={organizationId}
          items={items}
          isCollapsed={isPanelCollapsed}
          onToggleCollapsed={() => setIsPanelCollapsed((collapsed) => !collapsed)}
          onClose={() => {
            queue.clear();
            setIsPanelOpen(false);
          }}
        />
      ) : null}
    </ImportContext>
  );
}

export function useImportDocuments(): ImportContextValue {
  const value = use(ImportContext);
  if (!value) {
    throw new Error('useImportDocuments must be used inside ImportProvider');
  }
  return value;
}

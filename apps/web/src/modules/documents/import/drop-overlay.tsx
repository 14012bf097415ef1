import { Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * While files are dragged over the page, a full-page overlay invites the drop (spec §2); dropping
 * anywhere hands the files over. Listens on the window so every screen of the organization is a target.
 */
export function DropOverlay({ onDrop }: { onDrop: (files: File[]) => void }) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const depth = useRef(0);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  useEffect(() => {
    const handleDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setIsVisible(true);
    };
    const handleDragOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const handleDragLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setIsVisible(false);
    };
    const handleDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = 0;
      setIsVisible(false);
      // A drop zone on the page already took these files.
      if (event.defaultPrevented) return;
      event.preventDefault();
      onDropRef.current(Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragenter', handleDragEnter);
    window.addEventListener('dragover', handleDragOver);
    window.addEventListener('dragleave', handleDragLeave);
    window.addEventListener('drop', handleDrop);
    return () => {
      window.removeEventListener('dragenter', handleDragEnter);
      window.removeEventListener('dragover', handleDragOver);
      window.removeEventListener('dragleave', handleDragLeave);
      window.removeEventListener('drop', handleDrop);
    };
  }, []);

  if (!isVisible) {
    return null;
  }

  return (
    <div
      data-testid="drop-overlay"
      className="pointer-events-none fixed inset-0 z-[60] flex items-center justify-center bg-overlay p-6 animate-fade-in"
    >
      <div className="flex w-full max-w-md flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-primary bg-surface px-8 py-12 text-center shadow-lg">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Upload className="size-6" aria-hidden="true" />
        </div>
        <p className="text-lg font-semibold">{t('documents.import.drop-title')}</p>
        <p className="text-sm text-muted-foreground">{t('documents.import.drop-description')}</p>
      </div>
    </div>
  );
}

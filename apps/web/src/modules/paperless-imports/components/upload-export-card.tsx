import { FileArchive } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatBytes } from '../../../shared/format/bytes';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { DropZone } from '../../../shared/ui/drop-zone';
import { FormError } from '../../../shared/ui/form-error';
import { useUploadPaperlessExport } from '../api';
import { percentDone } from '../format';
import type { UploadProgress } from '../upload-export';
import { FolderImportForm } from './folder-import-form';

/** Whether a file is named as a zip (the server checks what it really is). */
export const isZipFile = (file: Pick<File, 'name'>) => file.name.toLowerCase().endsWith('.zip');

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The zip being sent: its name, the bar and how much has gone, and a way to stop. */
function UploadingState({
  file,
  progress,
  onCancel,
}: {
  file: File;
  progress: UploadProgress | null;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const total = progress?.total ?? file.size;
  const loaded = progress?.loaded ?? 0;
  const percent = percentDone(loaded, total);
  const sent = t('paperless-imports.upload.sent', {
    loaded: formatBytes(loaded, { locale }),
    total: formatBytes(total, { locale }),
  });
  return (
    <div className="grid gap-3 rounded-xl border border-dashed border-input px-4 py-5 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <FileArchive className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">
          {t('paperless-imports.upload.uploading', { name: file.name })}
        </p>
        <Button variant="outline" size="sm" onClick={onCancel}>
          {t('paperless-imports.upload.cancel')}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={t('paperless-imports.upload.progress-label', { name: file.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${sent})`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {percent}% · {sent}
      </p>
    </div>
  );
}

/**
 * Starting an import: the export's .zip dropped or chosen (the button is the keyboard's way), sent
 * with its progress; for the server's administrators, a folder on the server as well.
 */
export function UploadExportCard({
  organizationId,
  isServerAdministrator,
}: {
  organizationId: string;
  isServerAdministrator: boolean;
}) {
  const { t } = useTranslation();
  const upload = useUploadPaperlessExport(organizationId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = async (chosen: File) => {
    if (!isZipFile(chosen)) {
      setError(t('paperless-imports.upload.not-a-zip', { name: chosen.name }));
      return;
    }
    setError(null);
    setFile(chosen);
    setProgress(null);
    controller.current = new AbortController();
    try {
      await upload.mutateAsync({ file: chosen, onProgress: setProgress, signal: controller.current.signal });
      toast.success(t('paperless-imports.upload.started', { name: chosen.name }));
    } catch (failure) {
      if (isAbort(failure)) {
        toast(t('paperless-imports.upload.cancelled'));
      } else {
        setError(getErrorMessage(failure, t));
      }
    } finally {
      controller.current = null;
      setFile(null);
      setProgress(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('paperless-imports.upload.title')}</CardTitle>
        <CardDescription>{t('paperless-imports.upload.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {file ? (
          <UploadingState file={file} progress={progress} onCancel={() => controller.current?.abort()} />
        ) : (
          <DropZone
            multiple={false}
            onFiles={([chosen]) => {
              if (chosen) void start(chosen);
            }}
            title={t('paperless-imports.upload.drop-title')}
            description={t('paperless-imports.upload.drop-description')}
          />
        )}
        <FormError>{error}</FormError>
        {isServerAdministrator ? <FolderImportForm organizationId={organizationId} /> : null}
      </CardContent>
    </Card>
  );
}

import {
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../shared/ui/cn';

/** Exact MIME types first, then the type family, then a generic file (spec §2: icon by type, family, generic). */
const ICONS_BY_MIME_TYPE: Record<string, LucideIcon> = {
  'application/pdf': FileText,
  'application/zip': FileArchive,
  'application/gzip': FileArchive,
  'application/x-7z-compressed': FileArchive,
  'application/x-tar': FileArchive,
  'application/json': FileCode,
  'application/xml': FileCode,
  'application/yaml': FileCode,
  'application/x-yaml': FileCode,
  'text/html': FileCode,
  'text/csv': FileSpreadsheet,
  'application/vnd.ms-excel': FileSpreadsheet,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': FileSpreadsheet,
  'application/vnd.oasis.opendocument.spreadsheet': FileSpreadsheet,
  'application/msword': FileText,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': FileText,
  'application/vnd.oasis.opendocument.text': FileText,
};

const ICONS_BY_FAMILY: Record<string, LucideIcon> = {
  image: FileImage,
  text: FileText,
  audio: FileAudio,
  video: FileVideo,
};

export function getFileTypeIcon(mimeType: string): LucideIcon {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return ICONS_BY_MIME_TYPE[type] ?? ICONS_BY_FAMILY[type.split('/')[0] ?? ''] ?? File;
}

/** The short type shown under a file name: the extension when there is one, else the MIME subtype. */
export function getFileTypeLabel(mimeType: string, extension: string | undefined): string {
  if (extension) {
    return extension.toLowerCase();
  }
  return (mimeType.split(';')[0]?.split('/')[1] ?? mimeType).toLowerCase();
}

export function FileTypeIcon({ mimeType, className }: { mimeType: string; className?: string }) {
  const Icon = getFileTypeIcon(mimeType);
  const isPdf = mimeType.toLowerCase().startsWith('application/pdf');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg border bg-muted/60',
        isPdf ? 'text-danger' : 'text-muted-foreground',
        className,
      )}
    >
      <Icon className="size-4.5" strokeWidth={1.75} />
    </span>
  );
}

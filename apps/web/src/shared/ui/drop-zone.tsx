import { Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';

type DropZoneProps = {
  onFiles: (files: File[]) => void;
  /** Same syntax as the input's accept attribute: extensions (.pdf) and MIME types (image/*). */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
};

/** Whether a file matches an `accept` list (extensions, exact MIME types or `type/*`). */
export function isFileAccepted(file: Pick<File, 'name' | 'type'>, accept: string | undefined): boolean {
  const rules = (accept ?? '')
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) {
    return true;
  }
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) {
      return name.endsWith(rule);
    }
    if (rule.endsWith('/*')) {
      return type.startsWith(rule.slice(0, -1));
    }
    return type === rule;
  });
}

export function DropZone({
  onFiles,
  accept,
  multiple = true,
  disabled = false,
  title,
  description,
  className,
}: DropZoneProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const [isDragOver, setIsDragOver] = useState(false);
  const dragDepth = useRef(0);

  const emit = (list: FileList | null) => {
    const files = Array.from(list ?? []).filter((file) => isFileAccepted(file, accept));
    const selected = multiple ? files : files.slice(0, 1);
    if (selected.length > 0) {
      onFiles(selected);
    }
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop target; the button inside is the keyboard path.
    <div
      data-drag-over={isDragOver || undefined}
      aria-disabled={disabled || undefined}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input px-6 py-10',
        'text-center transition-colors',
        isDragOver && 'border-primary bg-primary-soft',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        dragDepth.current += 1;
        setIsDragOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setIsDragOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        dragDepth.current = 0;
        setIsDragOver(false);
        if (!disabled) emit(event.dataTransfer.files);
      }}
    >
      <div className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Upload className="size-5" aria-hidden="true" />
      </div>
      <div className="grid gap-1">
        <p className="font-medium">{title ?? t('ui.drop-zone.title')}</p>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description ??
            (accept
              ? t('ui.drop-zone.accepted', { types: accept.split(',').join(', ') })
              : t('ui.drop-zone.or'))}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-describedby={descriptionId}
        onClick={() => inputRef.current?.click()}
      >
        {t('ui.drop-zone.browse')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          emit(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}

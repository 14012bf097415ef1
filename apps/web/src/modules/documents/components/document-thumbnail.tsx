import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { type ReactElement, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cn } from '../../../shared/ui/cn';
import { Popover, PopoverAnchor, PopoverContent } from '../../../shared/ui/popover';
import { FileTypeIcon, getFileTypeIcon } from '../file-type-icon';
import { thumbnailSourceOf } from '../thumbnail-source';

/**
 * A document's first page or image, in a box of fixed size or aspect (set by `className`) so nothing
 * moves when it arrives; the type's icon when there is no thumbnail or it cannot be loaded. Loaded
 * lazily (only when near the viewport). Decorative: the document's name is always beside it.
 */
export function DocumentThumbnail({
  organizationId,
  document,
  variant,
  className,
}: {
  organizationId: string;
  document: DocumentListItemDto;
  /** `row`: the list's small square; `card`: the grid's page-shaped box; `preview`: the hover preview. */
  variant: 'row' | 'card' | 'preview';
  className?: string;
}) {
  const source = thumbnailSourceOf(organizationId, document);
  // The source whose image failed (no thumbnail after all, a network error): the icon instead.
  const [failedSource, setFailedSource] = useState<string>();
  const hasImage = source !== undefined && source !== failedSource;

  if (variant === 'row' && !hasImage)
    return <FileTypeIcon mimeType={document.mimeType} className={className} />;
  const Icon = getFileTypeIcon(document.mimeType);
  const isPdf = document.mimeType.toLowerCase().startsWith('application/pdf');
  return (
    <span
      aria-hidden="true"
      data-thumbnail={hasImage ? 'image' : 'icon'}
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden bg-muted/60',
        variant === 'row' && 'size-9 rounded-lg border',
        variant === 'card' && 'aspect-[4/5] w-full',
        variant === 'preview' && 'aspect-[4/5] w-64 rounded-md border bg-white',
        className,
      )}
    >
      {hasImage ? (
        <img
          src={source}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailedSource(source)}
          className={cn(
            'size-full object-cover object-top',
            // Pages are white: keep them white in dark mode too, like paper.
            'bg-white',
          )}
        />
      ) : (
        <Icon className={cn('size-10', isPdf ? 'text-danger' : 'text-muted-foreground')} strokeWidth={1.25} />
      )}
    </span>
  );
}

/** Screens where a preview on hover or focus makes sense: a fine pointer that hovers, from `sm` up. */
const PREVIEW_QUERY = '(hover: hover) and (pointer: fine) and (min-width: 640px)';

function previewMedia(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PREVIEW_QUERY)
    : undefined;
}

function subscribePreviewMedia(onChange: () => void) {
  const media = previewMedia();
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

/** Whether this screen shows the larger thumbnail on hover and focus (never on touch-only or narrow screens). */
export function useCanPreviewThumbnails(): boolean {
  return useSyncExternalStore(
    subscribePreviewMedia,
    () => previewMedia()?.matches === true,
    () => false,
  );
}

/** How long the pointer rests on a row before its preview opens (moving across rows opens nothing). */
export const THUMBNAIL_PREVIEW_HOVER_DELAY_MS = 250;

/**
 * Which row's preview is open: a row opens it when the pointer rests on it or when focus enters it
 * (a mouse pointer only: a touch is a tap, not a hover), and closes it when they leave.
 */
export function useThumbnailPreviewTarget() {
  const canPreview = useCanPreviewThumbnails();
  const [openId, setOpenId] = useState<string>();
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const close = (documentId: string) => {
    clearTimeout(hoverTimer.current);
    setOpenId((current) => (current === documentId ? undefined : current));
  };
  const rowProps = (documentId: string) =>
    canPreview
      ? {
          onPointerEnter: (event: { pointerType: string }) => {
            if (event.pointerType === 'touch') return;
            clearTimeout(hoverTimer.current);
            hoverTimer.current = setTimeout(() => setOpenId(documentId), THUMBNAIL_PREVIEW_HOVER_DELAY_MS);
          },
          onPointerLeave: () => close(documentId),
          onFocus: () => {
            clearTimeout(hoverTimer.current);
            setOpenId(documentId);
          },
          onBlur: (event: { currentTarget: Element; relatedTarget: Element | null }) => {
            // Focus moving inside the row (name → menu) keeps it open.
            if (event.relatedTarget && event.currentTarget.contains(event.relatedTarget)) return;
            close(documentId);
          },
          onKeyDown: (event: { key: string }) => {
            if (event.key === 'Escape') close(documentId);
          },
        }
      : {};
  return { openId, rowProps };
}

/**
 * The larger thumbnail beside a row's name, while `open` (beside, so the name stays readable). It never takes focus (focus stays
 * on the row), lets the pointer through, and is hidden from screen readers (the row says it all).
 */
export function ThumbnailPreview({
  organizationId,
  document,
  open,
  children,
}: {
  organizationId: string;
  document: DocumentListItemDto;
  open: boolean;
  /** What the preview shows beside (the row's name cell): one element that takes a ref. */
  children: ReactElement;
}) {
  const hasThumbnail = document.thumbnailVersion !== null;
  return (
    <Popover open={open && hasThumbnail}>
      <PopoverAnchor asChild>{children}</PopoverAnchor>
      <PopoverContent
        side="right"
        align="start"
        sideOffset={12}
        aria-hidden="true"
        data-testid="thumbnail-preview"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        className="pointer-events-none w-auto p-1.5"
      >
        <DocumentThumbnail organizationId={organizationId} document={document} variant="preview" />
      </PopoverContent>
    </Popover>
  );
}

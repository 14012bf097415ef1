import type { DocumentListItemDto } from '@sheaf/contracts/documents';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { cn } from '../../../shared/ui/cn';
import { Tooltip } from '../../../shared/ui/tooltip';
import { isExtractionRunning, useExtractionErrorMessage } from '../extraction';

/**
 * A document's extraction state as a small badge: "Extracting" while queued or running, "Extraction failed"
 * with the reason as a tooltip (reachable by keyboard), nothing once the text is extracted.
 */
export function ExtractionStatusBadge({
  document,
  compactOnMobile = false,
  className,
}: {
  document: Pick<DocumentListItemDto, 'extractionStatus' | 'extractionError'>;
  /** Only the icon below the `sm` breakpoint (the label stays for assistive technologies): for tight rows. */
  compactOnMobile?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorMessage = useExtractionErrorMessage();
  const labelClasses = compactOnMobile ? 'sr-only sm:not-sr-only' : undefined;

  if (isExtractionRunning(document.extractionStatus)) {
    return (
      <Badge
        variant="secondary"
        className={cn('shrink-0 text-muted-foreground', compactOnMobile && 'max-sm:py-1', className)}
      >
        <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        <span className={labelClasses}>{t('documents.extraction.badge-running')}</span>
      </Badge>
    );
  }
  if (document.extractionStatus === 'failed') {
    return (
      <Tooltip content={errorMessage(document.extractionError)}>
        <Badge
          variant="outline"
          className={cn(
            'shrink-0 cursor-default border-danger/30 bg-danger/10 text-danger outline-none',
            'focus-visible:ring-2 focus-visible:ring-ring',
            compactOnMobile && 'max-sm:py-1',
            className,
          )}
          // The reason is in a tooltip, which focus opens: the badge is reachable by keyboard.
          tabIndex={0}
        >
          <CircleAlert aria-hidden="true" />
          <span className={labelClasses}>{t('documents.extraction.badge-failed')}</span>
        </Badge>
      </Tooltip>
    );
  }
  return null;
}

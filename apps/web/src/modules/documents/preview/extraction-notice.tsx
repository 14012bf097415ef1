import type { ExtractionNoticeDto } from '@sheaf/contracts/documents';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';

/**
 * What to know about a done extraction, beside its status: its text was cut (a spreadsheet past
 * 1 MB of cell text). Nothing when there is no notice.
 */
export function ExtractionNotice({
  notice,
  className,
}: {
  notice: ExtractionNoticeDto | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}>
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {/* One code so far: extraction.text_capped. */}
      {t('documents.extraction.notice.text-capped')}
    </p>
  );
}

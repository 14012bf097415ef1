import { PAGE_SIZE_OPTIONS } from '@sheaf/contracts/limits';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

type PaginationProps = {
  /** Zero-based index of the current page. */
  pageIndex: number;
  pageSize: number;
  /** Total number of rows across all pages. */
  totalCount: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  className?: string;
};

export function getPageCount(totalCount: number, pageSize: number): number {
  if (pageSize <= 0) {
    return 1;
  }
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/** Rows-per-page selector, 'Page X of Y' and first/previous/next/last buttons, disabled at the bounds. */
export function Pagination({
  pageIndex,
  pageSize,
  totalCount,
  onPageIndexChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  className,
}: PaginationProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const pageCount = getPageCount(totalCount, pageSize);
  const current = Math.min(Math.max(pageIndex, 0), pageCount - 1);
  const isFirst = current <= 0;
  const isLast = current >= pageCount - 1;

  return (
    <nav
      aria-label={t('ui.pagination.label')}
      className={cn('flex flex-wrap items-center justify-end gap-x-5 gap-y-2 text-sm', className)}
    >
      {onPageSizeChange ? (
        <div className="flex items-center gap-2">
          <span id={labelId} className="text-muted-foreground">
            {t('ui.pagination.rows-per-page')}
          </span>
          <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
            <SelectTrigger aria-labelledby={labelId} className="h-8 w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pageSizeOptions.map((option) => (
                <SelectItem key={option} value={String(option)}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <span className="tabular-nums" aria-live="polite">
        {t('ui.pagination.page-of', { page: current + 1, pageCount })}
      </span>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={t('ui.pagination.first')}
          disabled={isFirst}
          onClick={() => onPageIndexChange(0)}
        >
          <ChevronsLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={t('ui.pagination.previous')}
          disabled={isFirst}
          onClick={() => onPageIndexChange(current - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={t('ui.pagination.next')}
          disabled={isLast}
          onClick={() => onPageIndexChange(current + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={t('ui.pagination.last')}
          disabled={isLast}
          onClick={() => onPageIndexChange(pageCount - 1)}
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

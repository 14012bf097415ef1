import type { ReactNode } from 'react';
import { cn } from './cn';

/** A tag as a small chip with a dot in the tag's colour; the colour never carries the text, so contrast holds in both themes. */
export function TagBadge({
  tag,
  className,
  children,
}: {
  tag: { name: string; color: string };
  className?: string;
  /** Trailing content, such as a remove button. */
  children?: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-md border bg-muted/60 px-1.5 py-0.5 text-xs font-medium',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full ring-1 ring-foreground/15"
        style={{ backgroundColor: tag.color }}
      />
      {/* The full name on hover when it is cut. */}
      <span className="truncate" title={tag.name}>
        {tag.name}
      </span>
      {children}
    </span>
  );
}

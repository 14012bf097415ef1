import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** An error about the whole form (not one field), shown under it and announced. */
export function FormError({ children, className }: { children?: ReactNode; className?: string }) {
  if (!children) {
    return null;
  }
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-[0.8125rem] font-medium text-danger',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

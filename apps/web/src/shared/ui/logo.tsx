import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Sheaf's mark: two fanned sheets bound by a band. Decorative; pair it with text or a label. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-7 shrink-0', className)} {...props}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <rect
        x="9"
        y="6"
        width="13"
        height="17"
        rx="2"
        className="fill-primary-foreground opacity-55"
        transform="rotate(-12 15.5 14.5)"
      />
      <rect x="11" y="8.5" width="13" height="17" rx="2" className="fill-primary-foreground" />
      <path d="M11 19.5h13" className="stroke-primary" strokeWidth="2.4" />
      <path d="M14 12.5h7M14 15.5h5" className="stroke-primary" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** Mark and wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-[1.0625rem] font-semibold tracking-tight">Sheaf</span>
    </span>
  );
}

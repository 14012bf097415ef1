import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

type SpinnerProps = Omit<ComponentProps<'span'>, 'children' | 'role'> & {
  /** Accessible label; defaults to the translated "Loading". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the spinner from assistive technologies (when its container already says it is busy). */
  decorative?: boolean;
};

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

function SpinnerIcon({ size }: { size: keyof typeof SIZES }) {
  return (
    <svg
      className={cn('animate-spin text-current', SIZES[size])}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Spinner({ label, size = 'md', decorative = false, className, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative) {
    return (
      <span aria-hidden="true" className={cn('inline-flex', className)} {...props}>
        <SpinnerIcon size={size} />
      </span>
    );
  }
  return (
    <span role="status" className={cn('inline-flex', className)} {...props}>
      <SpinnerIcon size={size} />
      <span className="sr-only">{label ?? t('ui.spinner.loading')}</span>
    </span>
  );
}

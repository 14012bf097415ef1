import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Input } from './input';

/**
 * The one field of a two-factor code: a six-digit authenticator code or a backup code, typed or
 * pasted (spaces allowed; `normalizeTwoFactorCode` from the contracts cleans it before sending).
 * `autocomplete="one-time-code"` lets password managers and phones offer the code.
 */
export function OneTimeCodeInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Input
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      maxLength={64}
      className={cn('font-mono tracking-widest', className)}
      {...props}
    />
  );
}

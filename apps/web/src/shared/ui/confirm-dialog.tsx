import { AlertDialog } from 'radix-ui';
import { createContext, type ReactNode, use, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { overlayClasses } from './dialog';
import { useFocusReturn } from './focus-return';
import { Input } from './input';

export type ConfirmOptions = {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Destructive actions get a red confirm button (default true: confirmations guard destructive actions). */
  isDestructive?: boolean;
  /** When set, the confirm button is enabled only once this text is typed (case and spaces ignored). */
  requiredText?: string;
};

/** Type-to-confirm rule (spec §5): equal once trimmed and lower-cased. */
export function matchesRequiredText(typed: string, requiredText: string): boolean {
  return typed.trim().toLowerCase() === requiredText.trim().toLowerCase();
}

type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  onCancel?: () => void;
  isConfirming?: boolean;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  onCancel,
  isConfirming = false,
  title,
  description,
  confirmLabel,
  cancelLabel,
  isDestructive = true,
  requiredText,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const needsText = requiredText !== undefined && requiredText.trim() !== '';
  const canConfirm = !needsText || matchesRequiredText(typed, requiredText);
  // Focus goes back to the control that asked (or a neighbour, once its row is deleted).
  const focusReturn = useFocusReturn();

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setTyped('');
      onCancel?.();
    }
    onOpenChange(next);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={handleOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4',
            'rounded-xl border bg-surface p-5 text-surface-foreground shadow-lg outline-none data-[state=open]:animate-zoom-in sm:p-6',
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focusReturn}
        >
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-base font-semibold leading-snug">{title}</AlertDialog.Title>
            {description ? (
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {description}
              </AlertDialog.Description>
            ) : null}
          </div>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (canConfirm && !isConfirming) {
                setTyped('');
                onConfirm();
              }
            }}
          >
            {needsText ? (
              <div className="grid gap-1.5">
                <label htmlFor={inputId} className="text-sm text-muted-foreground">
                  {t('ui.confirm.type-to-confirm', { text: requiredText })}
                </label>
                <Input
                  id={inputId}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-label={t('ui.confirm.type-to-confirm-label')}
                />
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">{cancelLabel ?? t('ui.confirm.cancel')}</Button>
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant={isDestructive ? 'destructive' : 'default'}
                disabled={!canConfirm}
                isLoading={isConfirming}
              >
                {confirmLabel ?? t('ui.confirm.confirm')}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

/** Hosts one confirm dialog for the app; `useConfirm()` opens it and resolves with the answer. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setState((current) => (current ? { ...current, open: false } : current));
  }, []);

  const confirm = useCallback<ConfirmFn>((options) => {
    resolver.current?.(false);
    setState({ options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext value={confirm}>
      {children}
      {state ? (
        <ConfirmDialog
          {...state.options}
          open={state.open}
          onOpenChange={(open) => {
            if (!open) {
              settle(false);
            }
          }}
          onConfirm={() => settle(true)}
        />
      ) : null}
    </ConfirmContext>
  );
}

/** Returns `confirm(options)`, a promise of true when the user confirms and false otherwise. */
export function useConfirm(): ConfirmFn {
  const confirm = use(ConfirmContext);
  if (!confirm) {
    throw new Error('useConfirm must be used inside ConfirmProvider');
  }
  return confirm;
}

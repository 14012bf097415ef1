import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { DialogOverlay } from './dialog';
import { useFocusReturn } from './focus-return';

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

/** A panel sliding in from the left edge (the small-screen navigation drawer). */
export function SheetContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useTranslation();
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex h-full w-[min(18rem,85vw)] flex-col border-r bg-surface text-surface-foreground',
          'shadow-lg outline-none data-[state=open]:animate-slide-in-left',
          className,
        )}
        {...props}
        {...focusReturn}
      >
        {children}
        <DialogPrimitive.Close
          className={cn(
            'absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground',
            'transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring outline-none',
          )}
          aria-label={t('layout.close-menu')}
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

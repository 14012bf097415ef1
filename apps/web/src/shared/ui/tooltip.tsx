import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_OPEN_DELAY_MS } from '@sheaf/contracts/limits';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from './cn';

/** App-wide tooltip timing: opens after 700 ms (spec §9). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_CLOSE_DELAY_MS}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}

type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>['side'];
  align?: ComponentProps<typeof TooltipPrimitive.Content>['align'];
  className?: string;
};

/**
 * A tooltip on its child (which must accept a ref), closing 300 ms after the pointer leaves, and at
 * once when its control is pressed or loses focus: it would otherwise linger under the dialog the
 * control opens, and take that dialog's first Escape.
 */
export function Tooltip({ content, children, side = 'top', align = 'center', className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set by the trigger's own handlers, which run just before Radix asks the tooltip to close.
  const closesAtOnce = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const handleOpenChange = (next: boolean) => {
    clearTimeout(closeTimer.current);
    const atOnce = closesAtOnce.current;
    closesAtOnce.current = false;
    if (next) {
      setOpen(true);
    } else if (atOnce) {
      setOpen(false);
    } else {
      closeTimer.current = setTimeout(() => setOpen(false), TOOLTIP_CLOSE_DELAY_MS);
    }
  };
  const closeAtOnce = () => {
    closesAtOnce.current = true;
  };

  return (
    <TooltipPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <TooltipPrimitive.Trigger
        asChild
        onBlur={closeAtOnce}
        onClick={closeAtOnce}
        onPointerDown={closeAtOnce}
      >
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          align={align}
          sideOffset={6}
          className={cn(
            'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
            // Fades in only as it opens: an animation on its closed state would keep it on screen until that ends.
            'data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
            className,
          )}
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

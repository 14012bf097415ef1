import { useRef } from 'react';
import { findMainHeading } from './main-heading';

/**
 * Where focus goes when a dialog, confirmation or drawer closes: back to the control that opened it
 * (for a dialog opened from a menu item, the menu's trigger), or, when that control is gone (the
 * row it belonged to was deleted), to the nearest control still on the page, else to the page's
 * main heading. Radix returns focus to the element focused when the dialog opened, which is often a
 * menu item that no longer exists, and then focus falls to <body>.
 */

/** Overlays whose elements are never a place to return to: they close with the dialog. */
const OVERLAY_SELECTOR = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[data-radix-popper-content-wrapper]',
  '[data-sonner-toaster]',
].join(',');

const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** How long after a dialog closes focus follows its opener if the opener disappears. */
const FOLLOW_MS = 10_000;

let lastOutsideFocus: HTMLElement | null = null;
let isTracking = false;

function isInOverlay(element: Element): boolean {
  return element.closest(OVERLAY_SELECTOR) !== null;
}

function isUsable(element: HTMLElement): boolean {
  if (!element.isConnected || isInOverlay(element)) return false;
  if (element.closest('[inert],[aria-hidden="true"]')) return false;
  // Hidden by CSS (display: none on it or an ancestor, as the other layout's copy of a control).
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** Starts remembering the last element focused outside overlays (once per page). */
export function trackFocus(): void {
  if (isTracking || typeof document === 'undefined') return;
  isTracking = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !isInOverlay(target)) {
        lastOutsideFocus = target;
      }
    },
    true,
  );
}

// Tracking starts with the first page that can open a dialog (this module loads with its components),
// so a dialog opened from a menu knows the menu's trigger.
trackFocus();

// In its own module: the router's announcer needs it in the app's entry chunk, not this module.
export { findMainHeading };

function focusablesOutsideOverlays(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (element) => !isInOverlay(element),
  );
}

/** The nearest usable element to `index` in `candidates`: the following ones first, then the previous. */
function nearestNeighbour(candidates: HTMLElement[], index: number): HTMLElement | null {
  for (let offset = 1; offset < candidates.length; offset += 1) {
    const next = candidates[index + offset];
    if (next && isUsable(next)) return next;
  }
  for (let offset = 1; offset <= index; offset += 1) {
    const previous = candidates[index - offset];
    if (previous && isUsable(previous)) return previous;
  }
  return null;
}

function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

export type FocusReturn = {
  /** Call from the dialog's onCloseAutoFocus: moves focus back (and prevents Radix's own move). */
  restore: (event?: Event) => void;
};

/**
 * Remembers, as a dialog opens, the control to give focus back to. Call from onOpenAutoFocus (or
 * when the dialog opens). `restore` later focuses it, or a neighbour once it is gone.
 */
export function captureFocusReturn(): FocusReturn {
  trackFocus();
  const active = document.activeElement;
  const opener =
    active instanceof HTMLElement && active !== document.body && !isInOverlay(active)
      ? active
      : lastOutsideFocus;
  const pathname = window.location.pathname;
  // The page's controls as the dialog opens: should the opener be gone by the time it closes (its
  // row deleted before the close animation ends), its neighbours are still known.
  const candidatesAtOpen = focusablesOutsideOverlays();
  const indexAtOpen = opener ? candidatesAtOpen.indexOf(opener) : -1;

  return {
    restore(event) {
      event?.preventDefault();
      if (window.location.pathname !== pathname) {
        // The dialog led to another page: the route change focuses that page's heading.
        return;
      }
      // The page's controls, in document order, around the opener: its neighbours should it go.
      const candidates = focusablesOutsideOverlays();
      let index = opener ? candidates.indexOf(opener) : -1;
      if (opener && index === -1 && opener.isConnected) {
        candidates.push(opener);
        candidates.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        index = candidates.indexOf(opener);
      }
      const fallback = () =>
        (index >= 0
          ? nearestNeighbour(candidates, index)
          : indexAtOpen >= 0
            ? nearestNeighbour(candidatesAtOpen, indexAtOpen)
            : null) ?? findMainHeading();

      const target = opener && isUsable(opener) ? opener : fallback();
      target?.focus({ preventScroll: opener === target });

      if (!opener || target !== opener) return;
      // The opener may disappear a moment later (its row deleted once the confirmation resolves).
      const startedAt = Date.now();
      const observer = new MutationObserver(() => {
        if (Date.now() - startedAt > FOLLOW_MS || window.location.pathname !== pathname) {
          observer.disconnect();
          return;
        }
        if (opener.isConnected) return;
        observer.disconnect();
        if (isFocusLost()) fallback()?.focus();
      });
      observer.observe(document.body, { childList: true, subtree: true });
      window.setTimeout(() => observer.disconnect(), FOLLOW_MS);
    },
  };
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * The Radix dialog content's auto-focus handlers, composed with the caller's: remember the opener as
 * the dialog opens, give focus back (or to a neighbour) as it closes. Used once, by every dialog,
 * confirmation and drawer (dialog.tsx, confirm-dialog.tsx, sheet.tsx).
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers = {}) {
  const focusReturn = useRef<FocusReturn | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      focusReturn.current = captureFocusReturn();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (!event.defaultPrevented) {
        focusReturn.current?.restore(event);
      }
      focusReturn.current = null;
    },
  };
}

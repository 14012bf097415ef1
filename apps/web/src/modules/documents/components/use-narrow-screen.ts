import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint (640 px): phones, where the list's filters and sort move into a sheet. */
const NARROW_QUERY = '(max-width: 639.98px)';

function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : undefined;
}

function subscribe(onChange: () => void) {
  const media = mediaQuery();
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

/** Whether the screen is narrower than `sm`, following resizes and rotations. */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches === true,
    () => false,
  );
}

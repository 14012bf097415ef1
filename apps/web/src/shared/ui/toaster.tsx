import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@sheaf/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster } from 'sonner';
import { useTheme } from '../theme/theme-provider';

/**
 * The CSS variable a panel docked at the bottom right (the import panel) sets to its height plus a gap,
 * so the toasts stack above it instead of covering it.
 */
export const TOAST_BOTTOM_CLEARANCE_VAR = '--toast-bottom-clearance';

/** Toasts: 4000 ms, at most 3 visible, bottom-right, Alt+T to focus them (spec §8). */
export function Toaster() {
  const { t } = useTranslation();
  const { resolvedTheme } = useTheme();
  return (
    <SonnerToaster
      theme={resolvedTheme}
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      hotkey={['altKey', 'KeyT']}
      offset={{ bottom: `var(${TOAST_BOTTOM_CLEARANCE_VAR}, 24px)` }}
      mobileOffset={{ bottom: `var(${TOAST_BOTTOM_CLEARANCE_VAR}, 16px)` }}
      closeButton
      richColors
      containerAriaLabel={t('ui.toaster.label')}
      toastOptions={{ closeButtonAriaLabel: t('ui.toaster.close') }}
    />
  );
}

import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@sheaf/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster } from 'sonner';
import { useTheme } from '../theme/theme-provider';

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
      closeButton
      richColors
      containerAriaLabel={t('ui.toaster.label')}
      toastOptions={{ closeButtonAriaLabel: t('ui.toaster.close') }}
    />
  );
}

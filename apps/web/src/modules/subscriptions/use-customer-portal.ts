import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../shared/http/get-error-message';
import { externalNavigation, getCustomerPortalUrl } from './api';

/** The "Manage subscription" button comes back this long after a click (spec §4). */
export const PORTAL_BUTTON_COOLDOWN_MS = 1000;

/**
 * Opens the Stripe customer portal in a new tab. The tab is opened on the click itself (a tab opened
 * after an await is blocked as a pop-up), then sent to the portal; on failure it is closed and an
 * error toast says so (spec §8).
 */
export function useCustomerPortal(organizationId: string) {
  const { t } = useTranslation();
  const [isCoolingDown, setIsCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const openPortal = useCallback(async () => {
    setIsCoolingDown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCoolingDown(false), PORTAL_BUTTON_COOLDOWN_MS);
    const tab = externalNavigation.openBlankTab();
    try {
      const { customerPortalUrl } = await getCustomerPortalUrl(organizationId);
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = customerPortalUrl;
      } else {
        externalNavigation.assign(customerPortalUrl);
      }
    } catch (error) {
      tab?.close();
      toast.error(t('subscriptions.portal.failed'), { description: getErrorMessage(error, t) });
    }
  }, [organizationId, t]);

  return { openPortal, isDisabled: isCoolingDown };
}

import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { Tooltip } from '../../../shared/ui/tooltip';

/**
 * "2FA" beside a member whose account has two-factor sign-in or a passkey. A member without one is
 * marked only when `showMissing` (the organization requires a second factor and the viewer manages
 * members): they cannot open the organization until they set one up.
 */
export function SecondFactorBadge({
  hasSecondFactor,
  showMissing,
}: {
  hasSecondFactor: boolean;
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  if (hasSecondFactor) {
    return (
      <Tooltip content={t('members.second-factor.has')}>
        <Badge className="shrink-0 border-transparent bg-success/15 text-success">
          <ShieldCheck aria-hidden="true" />
          {/* "2FA" is for the eye; a screen reader hears the words. */}
          <span aria-hidden="true">{t('members.second-factor.badge')}</span>
          <span className="sr-only">{t('members.second-factor.has')}</span>
        </Badge>
      </Tooltip>
    );
  }
  if (!showMissing) {
    return null;
  }
  return (
    <Tooltip content={t('members.second-factor.missing-description')}>
      <Badge variant="outline" className="shrink-0 border-warning/40 bg-warning/10">
        <ShieldAlert className="text-warning" aria-hidden="true" />
        {t('members.second-factor.missing')}
      </Badge>
    </Tooltip>
  );
}

import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/config-context';

/** Links to the terms of service and privacy pages, when the server enables them. */
export function LegalLinks() {
  const { t } = useTranslation();
  const config = useConfig();
  if (!config.auth.showLegalLinksOnAuthPage) {
    return null;
  }
  return (
    <p className="text-center text-xs text-muted-foreground">
      {t('auth.legal.prefix')}{' '}
      <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
        {t('auth.legal.terms')}
      </Link>{' '}
      {t('auth.legal.and')}{' '}
      <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
        {t('auth.legal.privacy')}
      </Link>
      .
    </p>
  );
}

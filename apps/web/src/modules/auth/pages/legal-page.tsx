import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { AuthHeader } from '../components/auth-header';

function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <AuthHeader title={t(`legal.${kind}.title`)} description={t(`legal.${kind}.description`)} />
      <p className="text-sm text-muted-foreground">{t('legal.contact')}</p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/login">
          <ArrowLeft aria-hidden="true" />
          {t('auth.back-to-login')}
        </Link>
      </Button>
    </div>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';

/** Title and text for the auth card, with an optional link back to sign-in. */
export function AuthNotice({
  title,
  description,
  showBackToLogin = false,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  showBackToLogin?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      {showBackToLogin ? (
        <Button asChild variant="outline" className="w-full">
          <Link to="/login">{t('auth.back-to-login')}</Link>
        </Button>
      ) : null}
    </div>
  );
}

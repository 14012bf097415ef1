import { Link } from '@tanstack/react-router';
import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { Logo } from '../../shared/ui/logo';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 py-3 sm:px-6">
        <Link to="/" aria-label={t('layout.home-link')} className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main id="main-content" className="flex flex-1 items-center justify-center px-6 pb-16">
        <div className="flex max-w-md flex-col items-center gap-4 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            <FileQuestion className="size-6" aria-hidden="true" />
          </div>
          <p className="text-sm font-medium text-muted-foreground">{t('not-found.code')}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{t('not-found.title')}</h1>
          <p className="text-muted-foreground">{t('not-found.description')}</p>
          <Button asChild className="mt-2">
            <Link to="/">{t('not-found.back-home')}</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

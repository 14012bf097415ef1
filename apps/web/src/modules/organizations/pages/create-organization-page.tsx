import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent } from '../../../shared/ui/card';
import { CreateOrganizationForm } from '../components/organization-form';

export function CreateOrganizationPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 pt-2 sm:pt-8">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to="/organizations">
            <ArrowLeft aria-hidden="true" />
            {t('organizations.create.back')}
          </Link>
        </Button>
      </div>
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{t('organizations.create.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('organizations.create.description')}</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <CreateOrganizationForm />
        </CardContent>
      </Card>
    </div>
  );
}

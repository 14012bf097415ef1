import { useTranslation } from 'react-i18next';
import { CreateApiKeyForm } from '../components/create-api-key-form';

export function CreateApiKeyPage() {
  const { t } = useTranslation();
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('api-keys.create.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('api-keys.create.description')}</p>
      </div>
      <CreateApiKeyForm />
    </div>
  );
}

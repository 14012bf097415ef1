import { usersEndpoints } from '@sheaf/contracts/users';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { call } from '../../../shared/http/call';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { downloadTextFile } from '../second-factor';

/**
 * "Your data": the account's data (GET /api/users/me/data: profile, organizations, sessions, API
 * keys, no secret) saved as a JSON file, named as the server names it.
 */
export function AccountDataCard() {
  const { t } = useTranslation();
  const [isPreparing, setIsPreparing] = useState(false);

  const download = async () => {
    setIsPreparing(true);
    try {
      const data = await call(usersEndpoints.getMyData);
      downloadTextFile(
        `${JSON.stringify(data, null, 2)}\n`,
        `sheaf-account-data-${data.exportedAt.slice(0, 10)}.json`,
        'application/json',
      );
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    } finally {
      setIsPreparing(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('users.settings.data.title')}</CardTitle>
        <CardDescription>{t('users.settings.data.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={download} disabled={isPreparing}>
          <Download aria-hidden="true" />
          {t('users.settings.data.download')}
        </Button>
      </CardContent>
    </Card>
  );
}

import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { ShareLinkDialog } from './share-link-dialog';

/** The document page's "Share link" button (the app hands it to the page), with its dialog. */
export function ShareLinkButton({
  organizationId,
  document,
}: {
  organizationId: string;
  document: { id: string; name: string };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
        {t('share-links.button')}
      </Button>
      <ShareLinkDialog
        organizationId={organizationId}
        document={document}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

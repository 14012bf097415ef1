import { Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { useImportDocuments } from './import-context';

/** The top bar's Import document button; icon-only on narrow screens. */
export function ImportDocumentButton() {
  const { t } = useTranslation();
  const { openFilePicker } = useImportDocuments();
  return (
    <Button
      size="sm"
      onClick={openFilePicker}
      aria-label={t('documents.import.button')}
      className="max-sm:size-9 max-sm:px-0"
    >
      <Upload aria-hidden="true" />
      <span className="max-sm:sr-only">{t('documents.import.button')}</span>
    </Button>
  );
}

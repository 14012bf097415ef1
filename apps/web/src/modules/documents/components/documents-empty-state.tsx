import { useTranslation } from 'react-i18next';
import { DropZone } from '../../../shared/ui/drop-zone';
import { useImportDocuments } from '../import/import-context';

/** The empty state of an organization without documents: a drop zone that also opens the file picker. */
export function DocumentsEmptyState() {
  const { t } = useTranslation();
  const { importFiles } = useImportDocuments();
  return (
    <DropZone
      accept="application/pdf"
      onFiles={importFiles}
      title={t('documents.empty.title')}
      description={t('documents.empty.description')}
      className="py-16"
    />
  );
}

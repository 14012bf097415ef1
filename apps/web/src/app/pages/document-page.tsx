import { DocumentPage as DocumentDetailsPage } from '../../modules/documents/pages/document-page';
import { DocumentTagsEditor } from '../../modules/tags/components/document-tags-editor';

/**
 * A document's page with tags' editor in it: documents and tags meet here, in the app, so neither
 * feature imports the other's components.
 */
export function DocumentPage() {
  return <DocumentDetailsPage TagsEditor={DocumentTagsEditor} />;
}

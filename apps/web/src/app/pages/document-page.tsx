import { DocumentPage as DocumentDetailsPage } from '../../modules/documents/pages/document-page';
import { ShareLinkButton } from '../../modules/share-links/components/share-link-button';
import { DocumentTagsEditor } from '../../modules/tags/components/document-tags-editor';

/**
 * A document's page with tags' editor and share links' button in it: the features meet here, in the
 * app, so none imports another's components.
 */
export function DocumentPage() {
  return <DocumentDetailsPage TagsEditor={DocumentTagsEditor} ShareButton={ShareLinkButton} />;
}

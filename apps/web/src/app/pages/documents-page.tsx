import { DocumentsPage as DocumentsListPage } from '../../modules/documents/pages/documents-page';
import { SavedViewsMenu } from '../../modules/saved-views/components/saved-views-menu';

/**
 * The documents list with the saved views' menu in its toolbar: the features meet here, in the app,
 * so none imports another's components.
 */
export function DocumentsPage() {
  return <DocumentsListPage ViewsMenu={SavedViewsMenu} />;
}

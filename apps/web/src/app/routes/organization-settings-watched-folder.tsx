import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { organizationRoute } from './layouts';

/** An organization's watched folder (INGESTION_FOLDERS_ROOT): its path, state, name and last files. */
export const watchedFolderRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/watched-folder',
  staticData: { title: 'layout.organization-settings.watched-folder' },
  component: lazyRouteComponent(
    () => import('../../modules/ingestion-folders/pages/watched-folder-page'),
    'WatchedFolderPage',
  ),
});

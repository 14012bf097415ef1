import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { organizationRoute } from './layouts';

/** An organization's Paperless-ngx imports: upload an export, follow its progress, list the imports. */
export const paperlessImportsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/import',
  staticData: { title: 'layout.organization-settings.import' },
  component: lazyRouteComponent(
    () => import('../../modules/paperless-imports/pages/paperless-imports-page'),
    'PaperlessImportsPage',
  ),
});

/** One import: its progress while it runs, then its report with links to the documents. */
export const paperlessImportReportRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'settings/import/$importId',
  staticData: { title: 'paperless-imports.report.title' },
  component: lazyRouteComponent(
    () => import('../../modules/paperless-imports/pages/paperless-import-report-page'),
    'PaperlessImportReportPage',
  ),
});

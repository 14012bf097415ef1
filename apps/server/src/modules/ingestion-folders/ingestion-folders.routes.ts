import { ingestionFoldersEndpoints } from '@sheaf/contracts/ingestion-folders';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { IngestionFoldersUsecases } from './ingestion-folders.usecases';

/**
 * The organization's watched folder: every member reads it, owners rename it; sessions only (API
 * keys get 403), the membership checked first.
 */
export function createIngestionFoldersRoutes({
  ingestionFolders,
  routes,
}: {
  ingestionFolders: IngestionFoldersUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(ingestionFoldersEndpoints.get, async ({ c }) => ({
      status: 200,
      body: {
        ingestionFolder: await ingestionFolders.getFolder({
          organizationId: getMembership(c).organizationId,
        }),
      },
    }))
    .on(ingestionFoldersEndpoints.update, async ({ c, body }) => ({
      status: 200,
      body: {
        ingestionFolder: await ingestionFolders.updateFolderName({
          organizationId: getMembership(c).organizationId,
          folderName: body.folderName,
        }),
      },
    })).router;
}

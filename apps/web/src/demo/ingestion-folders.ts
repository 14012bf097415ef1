import { ingestionFoldersEndpoints } from '@sheaf/contracts/ingestion-folders';
import { notInDemo } from './http';

/**
 * Watched folders are folders on a server: the demo has none, so every call answers 501
 * `demo.not_available` (the settings page says the watched folder is not available).
 */
export const ingestionFoldersRoutes = () =>
  Object.values(ingestionFoldersEndpoints).map((endpoint) => notInDemo(endpoint));

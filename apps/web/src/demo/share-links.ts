import { shareLinksEndpoints } from '@sheaf/contracts/share-links';
import { notInDemo } from './http';

/**
 * Share links make a document public on a server: the demo has none, so every call answers 501
 * `demo.not_available` (the pages say so).
 */
export const shareLinksRoutes = () =>
  Object.values(shareLinksEndpoints).map((endpoint) => notInDemo(endpoint));

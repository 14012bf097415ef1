import { configEndpoints } from '@sheaf/contracts/config';
import type { EndpointRoutesFactory } from '../shared/endpoint-routes';
import type { Config } from './config';
import { toPublicConfig } from './config.public';

export function createConfigRoutes({ routes, config }: { routes: EndpointRoutesFactory; config: Config }) {
  // The configuration does not change while the server runs: projected once.
  const publicConfig = toPublicConfig(config);
  return routes().on(configEndpoints.get, () => ({ status: 200, body: { config: publicConfig } })).router;
}

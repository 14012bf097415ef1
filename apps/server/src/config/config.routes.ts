import { Hono } from 'hono';
import type { EndpointRoutesFactory } from '../shared/endpoint-routes';
import type { Config } from './config';
import { toPublicConfig } from './config.public';

export function createConfigRoutes({ config }: { routes: EndpointRoutesFactory; config: Config }) {
  const publicConfig = toPublicConfig(config);
  return new Hono().get('/config', (c) => c.json({ config: publicConfig }));
}

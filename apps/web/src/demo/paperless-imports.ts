import { paperlessImportsEndpoints } from '@sheaf/contracts/paperless-imports';
import { notInDemo } from './http';

/**
 * A Paperless-ngx import reads an export on a server and runs as a background job there: the demo
 * has neither, so every call answers 501 `demo.not_available` (the Import page says so).
 */
export const paperlessImportsRoutes = () =>
  Object.values(paperlessImportsEndpoints).map((endpoint) => notInDemo(endpoint));

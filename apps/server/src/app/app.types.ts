import type { Logger } from '../shared/logger';

/** Variables every request carries through Hono's context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
  };
};

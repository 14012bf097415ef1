import type { PublicConfig } from '@sheaf/contracts/config';
import { createContext, use } from 'react';

export const ConfigContext = createContext<PublicConfig | null>(null);

/** The runtime configuration from GET /api/config; available everywhere under the config gate. */
export function useConfig(): PublicConfig {
  const config = use(ConfigContext);
  if (!config) {
    throw new Error('useConfig must be used under ConfigGate');
  }
  return config;
}

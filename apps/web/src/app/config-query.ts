import type { PublicConfig } from '@sheaf/contracts/config';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../shared/http/http-client';

/** The key of the runtime configuration: modules/config/api's configQueryKey (a test checks they agree). */
export const startupConfigQueryKey = ['config'] as const;

/** The catalogue entry of GET /api/config and the typed call: not in the entry chunk, since they bring zod. */
const loadConfigCall = () => Promise.all([import('@sheaf/contracts/config'), import('../shared/http/call')]);

// Started with the app, so that they load while it starts (i18n) and the request is not kept
// waiting for them; a failure here is met again, and shown, by the query.
loadConfigCall().catch(() => undefined);

/** GET /api/config, validated by its schema, for the config gate. */
export function startupConfigQueryOptions(client: HttpClient) {
  return queryOptions({
    queryKey: startupConfigQueryKey,
    queryFn: async (): Promise<PublicConfig> => {
      const [{ configEndpoints }, { createCall }] = await loadConfigCall();
      // Parsed: an answer that is not a configuration (another server, a proxy's page) is "unreachable".
      const answer: unknown = await createCall(client)(configEndpoints.get);
      return configEndpoints.get.answers[200].parse(answer).config;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

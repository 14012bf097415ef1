import { QUERY_CACHE_TIME_MS } from '@sheaf/contracts/limits';
import { QueryClient } from '@tanstack/react-query';

/** Queries and mutations never retry (the HTTP client already retries idempotent calls once). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        gcTime: QUERY_CACHE_TIME_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

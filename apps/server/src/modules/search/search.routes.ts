import { searchEndpoints } from '@sheaf/contracts/search';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { SearchUsecases } from './search.usecases';

/** Registered before the documents routes: `/documents/search` is not a document id. */
export function createSearchRoutes({
  search,
  routes,
  searchRateLimit,
}: {
  routes: EndpointRoutesFactory;
  search: SearchUsecases;
  /** Per-user limit on searches (SEARCHES_RATE_LIMIT_PER_MINUTE). */
  searchRateLimit: MiddlewareHandler<AppEnv>;
}) {
  return routes().on(
    searchEndpoints.searchDocuments,
    async ({ c, query }) => {
      const { searchQuery, pageIndex, pageSize, sort, order, ...filters } = query;
      return {
        status: 200,
        body: await search.searchDocuments({
          organizationId: getMembership(c).organizationId,
          searchQuery,
          filters,
          sort,
          order,
          pageIndex,
          pageSize,
        }),
      };
    },
    { before: [searchRateLimit] },
  ).router;
}

import { searchDocumentsQuerySchema } from '@sheaf/contracts/documents';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseWith, readQueryWithLists } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { SearchUsecases } from './search.usecases';

/** Registered before the documents routes: `/documents/search` is not a document id. */
export function createSearchRoutes({
  search,
  requireOrganizationMember,
  searchRateLimit,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  search: SearchUsecases;
  requireOrganizationMember: RequireOrganizationMember;
  /** Per-user limit on searches (SEARCHES_RATE_LIMIT_PER_MINUTE). */
  searchRateLimit: MiddlewareHandler<AppEnv>;
}) {
  const canRead = requireOrganizationMember({ apiKeyPermissions: ['documents:read'] });

  return new Hono<AppEnv>().get(
    '/organizations/:organizationId/documents/search',
    canRead,
    searchRateLimit,
    async (c) => {
      const { searchQuery, pageIndex, pageSize, tags } = parseWith(
        searchDocumentsQuerySchema,
        readQueryWithLists(c.req.url),
      );
      return c.json(
        await search.searchDocuments({
          organizationId: getMembership(c).organizationId,
          searchQuery,
          tagIds: tags,
          pageIndex,
          pageSize,
        }),
      );
    },
  );
}

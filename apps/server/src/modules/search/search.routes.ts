import { searchDocumentsQuerySchema } from '@sheaf/contracts/documents';
import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import { parseWith, readQueryWithLists } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { SearchUsecases } from './search.usecases';

/** Registered before the documents routes: `/documents/search` is not a document id. */
export function createSearchRoutes({
  search,
  requireOrganizationMember,
}: {
  search: SearchUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const canRead = requireOrganizationMember({ apiKeyPermissions: ['documents:read'] });

  return new Hono<AppEnv>().get('/organizations/:organizationId/documents/search', canRead, async (c) => {
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
  });
}

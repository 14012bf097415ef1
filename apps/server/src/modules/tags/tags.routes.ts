import { attachTagSchema, tagInputSchema } from '@sheaf/contracts/tags';
import { Hono } from 'hono';
import type { AppEnv } from '../../app/app.types';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import type { TagsUsecases } from './tags.usecases';

const BASE = '/organizations/:organizationId';

export function createTagsRoutes({
  tags,
  requireOrganizationMember,
}: {
  tags: TagsUsecases;
  requireOrganizationMember: RequireOrganizationMember;
}) {
  const canRead = requireOrganizationMember({ apiKeyPermissions: ['tags:read'] });
  const canCreate = requireOrganizationMember({ apiKeyPermissions: ['tags:create'] });
  const canUpdate = requireOrganizationMember({ apiKeyPermissions: ['tags:update'] });
  const canDelete = requireOrganizationMember({ apiKeyPermissions: ['tags:delete'] });
  // Tagging a document changes the document.
  const canTagDocuments = requireOrganizationMember({ apiKeyPermissions: ['documents:update'] });

  return new Hono<AppEnv>()
    .get(`${BASE}/tags`, canRead, async (c) =>
      c.json({ tags: await tags.listTags({ organizationId: getMembership(c).organizationId }) }),
    )
    .post(`${BASE}/tags`, canCreate, async (c) => {
      const fields = await parseJsonBody(c, tagInputSchema);
      const tag = await tags.createTag({ organizationId: getMembership(c).organizationId, fields });
      return c.json({ tag }, 201);
    })
    .put(`${BASE}/tags/:tagId`, canUpdate, async (c) => {
      const fields = await parseJsonBody(c, tagInputSchema);
      const tag = await tags.updateTag({
        organizationId: getMembership(c).organizationId,
        tagId: c.req.param('tagId'),
        fields,
      });
      return c.json({ tag });
    })
    .delete(`${BASE}/tags/:tagId`, canDelete, async (c) => {
      await tags.deleteTag({ organizationId: getMembership(c).organizationId, tagId: c.req.param('tagId') });
      return c.body(null, 204);
    })
    .post(`${BASE}/documents/:documentId/tags`, canTagDocuments, async (c) => {
      const { tagId } = await parseJsonBody(c, attachTagSchema);
      const { organizationId, userId } = getMembership(c);
      const { documentTag, created } = await tags.attachTag({
        organizationId,
        documentId: c.req.param('documentId'),
        tagId,
        userId,
      });
      return c.json({ documentTag }, created ? 201 : 200);
    })
    .delete(`${BASE}/documents/:documentId/tags/:tagId`, canTagDocuments, async (c) => {
      const { organizationId, userId } = getMembership(c);
      await tags.detachTag({
        organizationId,
        documentId: c.req.param('documentId'),
        tagId: c.req.param('tagId'),
        userId,
      });
      return c.body(null, 204);
    });
}

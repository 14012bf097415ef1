import { tagsEndpoints } from '@sheaf/contracts/tags';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { TagsUsecases } from './tags.usecases';

export function createTagsRoutes({ tags, routes }: { tags: TagsUsecases; routes: EndpointRoutesFactory }) {
  return routes()
    .on(tagsEndpoints.list, async ({ c }) => ({
      status: 200,
      body: { tags: await tags.listTags({ organizationId: getMembership(c).organizationId }) },
    }))
    .on(tagsEndpoints.create, async ({ c, body }) => {
      const tag = await tags.createTag({ organizationId: getMembership(c).organizationId, fields: body });
      return { status: 201, body: { tag } };
    })
    .on(tagsEndpoints.update, async ({ c, params, body }) => {
      const tag = await tags.updateTag({
        organizationId: getMembership(c).organizationId,
        tagId: params.tagId,
        fields: body,
      });
      return { status: 200, body: { tag } };
    })
    .on(tagsEndpoints.delete, async ({ c, params }) => {
      await tags.deleteTag({ organizationId: getMembership(c).organizationId, tagId: params.tagId });
      return { status: 204 };
    })
    .on(tagsEndpoints.attachToDocument, async ({ c, params, body }) => {
      const { organizationId, userId } = getMembership(c);
      const { documentTag, created } = await tags.attachTag({
        organizationId,
        documentId: params.documentId,
        tagId: body.tagId,
        userId,
      });
      return created ? { status: 201, body: { documentTag } } : { status: 200, body: { documentTag } };
    })
    .on(tagsEndpoints.detachFromDocument, async ({ c, params }) => {
      const { organizationId, userId } = getMembership(c);
      await tags.detachTag({ organizationId, documentId: params.documentId, tagId: params.tagId, userId });
      return { status: 204 };
    }).router;
}

import {
  type DocumentActivityDto,
  type DocumentActivityEvent,
  type DocumentActivityEventData,
  documentsEndpoints,
  listDocumentActivityQuerySchema,
} from '@sheaf/contracts/documents';
import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import { type DemoContext, nowIso, randomAlphanumerics, requireOrganization } from './context';
import { findDocument } from './documents-store';
import { handle, json, parseWith, readQuery } from './http';

/** Records a document event in the activity log (the server does it in the same transaction). */
export function recordActivity(
  context: DemoContext,
  {
    organizationId,
    documentId,
    event,
    eventData = null,
    tagId = null,
    userId = context.state.currentUserId,
  }: {
    organizationId: string;
    documentId: string;
    event: DocumentActivityEvent;
    eventData?: DocumentActivityEventData | null;
    tagId?: string | null;
    userId?: string | null;
  },
) {
  context.state.activities.push({
    id: `act_${randomAlphanumerics(ID_RANDOM_LENGTH)}`,
    organizationId,
    documentId,
    event,
    eventData,
    tagId,
    userId,
    createdAt: nowIso(context),
  });
}

function toActivityDto(
  context: DemoContext,
  activity: DemoContext['state']['activities'][number],
): DocumentActivityDto {
  const tag = activity.tagId ? context.state.tags.find(({ id }) => id === activity.tagId) : undefined;
  const user = activity.userId ? context.state.users.find(({ id }) => id === activity.userId) : undefined;
  return {
    id: activity.id,
    event: activity.event,
    eventData: activity.eventData,
    tag: tag ? { id: tag.id, name: tag.name, color: tag.color } : null,
    user: user ? { id: user.id, name: user.name } : null,
    createdAt: activity.createdAt,
  };
}

export const activityRoutes = (context: DemoContext) => [
  handle(documentsEndpoints.activity, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const document = findDocument(context, organization.id, request.params.documentId ?? '');
    const { pageIndex, pageSize } = parseWith(listDocumentActivityQuerySchema, readQuery(request.url));
    const activities = context.state.activities
      .filter(({ documentId }) => documentId === document.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
      .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
      .map((activity) => toActivityDto(context, activity));
    return json({ activities });
  }),
];

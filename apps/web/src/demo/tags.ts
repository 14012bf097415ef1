import { errorMessage, errorStatus } from '@sheaf/contracts/errors';
import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import { isSameTagName } from '@sheaf/contracts/tag-names';
import { attachTagSchema, type TagDto, tagInputSchema, tagsEndpoints } from '@sheaf/contracts/tags';
import { recordActivity } from './activity';
import { type DemoContext, newId, nowIso, randomAlphanumerics, requireOrganization } from './context';
import { findDocument } from './documents-store';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';

type TagRow = DemoContext['state']['tags'][number];

export function findTag(context: DemoContext, organizationId: string, tagId: string): TagRow {
  const tag = context.state.tags.find(
    ({ id, organizationId: owner }) => id === tagId && owner === organizationId,
  );
  if (!tag) throw notFound('tags.not_found', 'No tag with this id in this organization.');
  return tag;
}

function toTagDto(context: DemoContext, tag: TagRow): TagDto {
  const active = new Set(
    context.state.documents.filter(({ deletedAt }) => deletedAt === null).map(({ id }) => id),
  );
  return {
    ...tag,
    documentsCount: context.state.documentTags.filter(
      ({ tagId, documentId }) => tagId === tag.id && active.has(documentId),
    ).length,
  };
}

/** Names are unique per organization by their key (case, Unicode form: the server's rule): 409 `tags.already_exists`. */
function assertNameFree(context: DemoContext, organizationId: string, name: string, exceptId?: string) {
  const taken = context.state.tags.some(
    (tag) => tag.organizationId === organizationId && tag.id !== exceptId && isSameTagName(tag.name, name),
  );
  if (taken) {
    throw new DemoHttpError(
      errorStatus('tags.already_exists'),
      'tags.already_exists',
      errorMessage('tags.already_exists'),
    );
  }
}

/** Links a tag to a document with a `tagged` activity entry; the existing link when it already was. */
export function attachTag(
  context: DemoContext,
  {
    organizationId,
    documentId,
    tagId,
    userId,
  }: { organizationId: string; documentId: string; tagId: string; userId: string | null },
) {
  const existing = context.state.documentTags.find(
    (link) => link.documentId === documentId && link.tagId === tagId,
  );
  if (existing) return { documentTag: existing, created: false };
  const documentTag = {
    id: `dt_${randomAlphanumerics(ID_RANDOM_LENGTH)}`,
    documentId,
    tagId,
    createdAt: nowIso(context),
  };
  context.state.documentTags.push(documentTag);
  recordActivity(context, { organizationId, documentId, event: 'tagged', tagId, userId });
  return { documentTag, created: true };
}

export const tagsRoutes = (context: DemoContext) => [
  handle(tagsEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      tags: context.state.tags
        .filter(({ organizationId }) => organizationId === organization.id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((tag) => toTagDto(context, tag)),
    });
  }),
  handle(tagsEndpoints.create, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, tagInputSchema);
    assertNameFree(context, organization.id, input.name);
    const now = nowIso(context);
    const tag = {
      id: newId('tag'),
      organizationId: organization.id,
      ...input,
      createdAt: now,
      updatedAt: now,
    };
    context.state.tags.push(tag);
    return json({ tag: toTagDto(context, tag) }, 201);
  }),
  handle(tagsEndpoints.update, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const tag = findTag(context, organization.id, request.params.tagId ?? '');
    const input = parseJsonBody(request, tagInputSchema);
    assertNameFree(context, organization.id, input.name, tag.id);
    Object.assign(tag, input, { updatedAt: nowIso(context) });
    return json({ tag: toTagDto(context, tag) });
  }),
  handle(tagsEndpoints.delete, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const tag = findTag(context, organization.id, params.tagId ?? '');
    const { state } = context;
    state.tags = state.tags.filter(({ id }) => id !== tag.id);
    state.documentTags = state.documentTags.filter(({ tagId }) => tagId !== tag.id);
    for (const rule of state.taggingRules) rule.tagIds = rule.tagIds.filter((tagId) => tagId !== tag.id);
    return noContent();
  }),
  handle(tagsEndpoints.attachToDocument, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const document = findDocument(context, organization.id, request.params.documentId ?? '');
    const { tagId } = parseJsonBody(request, attachTagSchema);
    findTag(context, organization.id, tagId);
    const { documentTag, created } = attachTag(context, {
      organizationId: organization.id,
      documentId: document.id,
      tagId,
      userId: context.state.currentUserId,
    });
    return json({ documentTag }, created ? 201 : 200);
  }),
  handle(tagsEndpoints.detachFromDocument, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const document = findDocument(context, organization.id, params.documentId ?? '');
    const tag = findTag(context, organization.id, params.tagId ?? '');
    const before = context.state.documentTags.length;
    context.state.documentTags = context.state.documentTags.filter(
      (link) => !(link.documentId === document.id && link.tagId === tag.id),
    );
    if (context.state.documentTags.length < before) {
      recordActivity(context, {
        organizationId: organization.id,
        documentId: document.id,
        event: 'untagged',
        tagId: tag.id,
      });
    }
    return noContent();
  }),
];

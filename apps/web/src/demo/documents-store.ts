import type { DocumentDto, DocumentListItemDto, DocumentTagDto } from '@sheaf/contracts/documents';
import type { DemoContext } from './context';
import { notFound } from './http';
import type { DocumentRow } from './state';

const RETENTION_DAYS = 30;

/** A document of the organization (in the trash too): 404 `documents.not_found` otherwise (spec §6). */
export function findDocument(context: DemoContext, organizationId: string, documentId: string): DocumentRow {
  const document = context.state.documents.find(
    ({ id, organizationId: owner }) => id === documentId && owner === organizationId,
  );
  if (!document) throw notFound('documents.not_found', 'No document with this id in this organization.');
  return document;
}

export function documentTags(context: DemoContext, documentId: string): DocumentTagDto[] {
  const tagIds = new Set(
    context.state.documentTags.filter((link) => link.documentId === documentId).map(({ tagId }) => tagId),
  );
  return context.state.tags
    .filter(({ id }) => tagIds.has(id))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ id, name, color, description }) => ({ id, name, color, description }));
}

export function toListItem(context: DemoContext, document: DocumentRow): DocumentListItemDto {
  const { content: _content, ...fields } = document;
  return {
    ...fields,
    isDeleted: document.deletedAt !== null,
    scheduledPurgeAt:
      document.deletedAt === null
        ? null
        : new Date(Date.parse(document.deletedAt) + RETENTION_DAYS * 24 * 3600 * 1000).toISOString(),
    extractionError: null,
    tags: documentTags(context, document.id),
  };
}

export const toDocumentDto = (context: DemoContext, document: DocumentRow): DocumentDto => ({
  ...toListItem(context, document),
  content: document.content,
});

/** Active (not trashed) documents of an organization, newest first, as the server lists them. */
export const activeDocuments = (context: DemoContext, organizationId: string) =>
  context.state.documents
    .filter((document) => document.organizationId === organizationId && document.deletedAt === null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

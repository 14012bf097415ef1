import type { DocumentFilters, DocumentSort, SortOrder } from '@sheaf/contracts/document-filters';
import {
  documentSortIssue,
  filterAndSortDocuments,
  type MatchableDocument,
  propertyConditionIssue,
} from '@sheaf/contracts/document-filters-match';
import type { DocumentDto, DocumentListItemDto, DocumentTagDto } from '@sheaf/contracts/documents';
import type { ValidationIssue } from '@sheaf/contracts/validation-issues';
import type { DemoContext } from './context';
import { DemoHttpError, notFound } from './http';
import { notesCountOf } from './notes';
import { propertyValuesOf } from './properties';
import type { DocumentRow } from './state';
import { seedThumbnailVersion } from './thumbnails';

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
  const { content: _content, documentDateSource, ...fields } = document;
  return {
    ...fields,
    documentDateIsDetected: documentDateSource === 'detected',
    properties: propertyValuesOf(context.state, document.id),
    notesCount: notesCountOf(context.state, document.id),
    isDeleted: document.deletedAt !== null,
    scheduledPurgeAt:
      document.deletedAt === null
        ? null
        : new Date(Date.parse(document.deletedAt) + RETENTION_DAYS * 24 * 3600 * 1000).toISOString(),
    extractionError: null,
    // The seed's precomputed thumbnails (thumbnails.ts); the type's icon for the others.
    thumbnailVersion: seedThumbnailVersion(document.id),
    tags: documentTags(context, document.id),
  };
}

export const toDocumentDto = (context: DemoContext, document: DocumentRow): DocumentDto => ({
  ...toListItem(context, document),
  content: document.content,
  // The demo has no e-mail files: no document links to another.
  attachments: [],
  fromEmail: null,
  // The demo extracts no Office file: no rendered preview, no capped text (the preview shows the text).
  extractionNotice: null,
  preview: null,
});

/** Active (not trashed) documents of an organization, newest first, as the server lists them. */
export const activeDocuments = (context: DemoContext, organizationId: string) =>
  context.state.documents
    .filter((document) => document.organizationId === organizationId && document.deletedAt === null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

/** What the shared filters and sorts read of a document (contracts' document-filters-match). */
export function matchableDocument(context: DemoContext, document: DocumentRow): MatchableDocument {
  return {
    id: document.id,
    name: document.name,
    mimeType: document.mimeType,
    originalSize: document.originalSize,
    createdAt: document.createdAt,
    extractionStatus: document.extractionStatus,
    documentDate: document.documentDate,
    tagIds: context.state.documentTags
      .filter((link) => link.documentId === document.id)
      .map(({ tagId }) => tagId),
    properties: propertyValuesOf(context.state, document.id),
  };
}

/**
 * The documents meeting the filters, in the sort's order, as the server lists them: a property
 * condition that does not fit its property, or a sort on a property without an order, is
 * 400 `api.validation_error` (a property of another organization matches nothing).
 */
export function filterAndSortDemoDocuments(
  context: DemoContext,
  organizationId: string,
  documents: DocumentRow[],
  { filters, sort, order }: { filters: DocumentFilters; sort?: DocumentSort; order?: SortOrder },
): DocumentRow[] {
  const properties = context.state.propertyDefinitions.filter(
    (property) => property.organizationId === organizationId,
  );
  const byId = new Map(properties.map((property) => [property.id, property]));
  const sortIssue = sort ? documentSortIssue(sort, byId) : null;
  const issues: ValidationIssue[] = [
    ...filters.property.flatMap((condition, index) => {
      const definition = byId.get(condition.propertyId);
      const message = definition ? propertyConditionIssue(definition, condition) : null;
      return message ? [{ path: `property.${index}`, message, code: 'custom' }] : [];
    }),
    ...(sortIssue ? [{ path: 'sort', message: sortIssue, code: 'custom' }] : []),
  ];
  if (issues.length > 0) {
    throw new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', issues);
  }
  const rows = new Map(documents.map((document) => [document.id, document]));
  return filterAndSortDocuments(
    documents.map((document) => matchableDocument(context, document)),
    { filters, sort, order, properties },
  ).flatMap(({ id }) => rows.get(id) ?? []);
}

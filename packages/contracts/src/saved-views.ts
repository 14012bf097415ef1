import { z } from 'zod';
import {
  type DocumentFilters,
  documentFiltersShape,
  documentSortSchema,
  FILE_TYPE_GROUPS,
  formatPropertyCondition,
  SORT_ORDERS,
  sortedPropertyIdOf,
} from './document-filters';
import { defineEndpoint, isoDateTime } from './endpoint';
import { EXTRACTION_STATUSES } from './extraction-statuses';
import { SAVED_VIEW_NAME_MAX_LENGTH, SAVED_VIEWS_LIMIT } from './limits';
import type { MemberRole } from './permissions';
import { singleLineString } from './text';

/**
 * Saved views of the documents list: a name, filters, a sort and the optional columns shown.
 * A view is personal (its creator's only) or shared with the organization (made and changed by
 * owners and admins). Each member pins views to the sidebar and picks one as their default list.
 */

export const SAVED_VIEW_VISIBILITIES = ['personal', 'organization'] as const;
export type SavedViewVisibility = (typeof SAVED_VIEW_VISIBILITIES)[number];

/** The list's optional columns: `updatedAt`, or a property's values (`property:<propertyId>`). */
const SAVED_VIEW_COLUMN = /^(?:updatedAt|property:[A-Za-z0-9_]{1,64})$/;
export const SAVED_VIEW_COLUMNS_MAX = 30;
export type SavedViewColumn = 'updatedAt' | `property:${string}`;
export const isSavedViewColumn = (value: string): value is SavedViewColumn => SAVED_VIEW_COLUMN.test(value);

/** The property a `property:<id>` column shows, else null. */
export const columnPropertyIdOf = (column: string): string | null =>
  column.startsWith('property:') ? column.slice('property:'.length) : null;

/**
 * A view's filters as answered: the documents list's query parameters (GET /documents takes them
 * as they are; property conditions written `<propertyId>:<op>[:<value>]`).
 */
export const savedViewFiltersSchema = z.strictObject({
  tags: z.array(z.string()),
  anyTags: z.array(z.string()),
  excludedTags: z.array(z.string()),
  documentDateFrom: z.string().optional(),
  documentDateTo: z.string().optional(),
  createdFrom: z.string().optional(),
  createdTo: z.string().optional(),
  fileTypes: z.array(z.enum(FILE_TYPE_GROUPS)),
  extractionStatuses: z.array(z.enum(EXTRACTION_STATUSES)),
  property: z.array(z.string()),
});
export type SavedViewFilters = z.infer<typeof savedViewFiltersSchema>;

/** The parsed filters written back as query parameters (what a view stores and answers). */
export function savedViewFiltersOf(filters: DocumentFilters): SavedViewFilters {
  return {
    tags: [...new Set(filters.tags)],
    anyTags: [...new Set(filters.anyTags)],
    excludedTags: [...new Set(filters.excludedTags)],
    ...(filters.documentDateFrom ? { documentDateFrom: filters.documentDateFrom } : {}),
    ...(filters.documentDateTo ? { documentDateTo: filters.documentDateTo } : {}),
    ...(filters.createdFrom ? { createdFrom: filters.createdFrom } : {}),
    ...(filters.createdTo ? { createdTo: filters.createdTo } : {}),
    fileTypes: [...new Set(filters.fileTypes)],
    extractionStatuses: [...new Set(filters.extractionStatuses)],
    property: [...new Set(filters.property.map(formatPropertyCondition))],
  };
}

export const EMPTY_SAVED_VIEW_FILTERS: SavedViewFilters = {
  tags: [],
  anyTags: [],
  excludedTags: [],
  fileTypes: [],
  extractionStatuses: [],
  property: [],
};

/** The filters as sent: the documents list's own filter parameters, each a list or a comma-separated text. */
export const savedViewFiltersInputSchema = z
  .strictObject(documentFiltersShape)
  .transform((filters) => savedViewFiltersOf(filters));

/** What a view refers to that no longer exists: its condition, sort or column is dropped when read. */
export const droppedReferenceSchema = z.strictObject({
  kind: z.enum(['tag', 'property']),
  id: z.string(),
  /** Its name when the view was saved; null when it was already unknown then. */
  name: z.string().nullable(),
});
export type DroppedReference = z.infer<typeof droppedReferenceSchema>;

export const savedViewSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  visibility: z.enum(SAVED_VIEW_VISIBILITIES),
  filters: savedViewFiltersSchema,
  /** Null: the list's default sort. */
  sort: z.string().nullable(),
  order: z.enum(SORT_ORDERS).nullable(),
  columns: z.array(z.string()),
  /** Tags and properties the view used that were deleted since: their conditions, sort and columns are left out above. */
  dropped: z.array(droppedReferenceSchema),
  /** Pinned to the caller's sidebar. */
  isPinned: z.boolean(),
  /** The caller's default documents list. */
  isDefault: z.boolean(),
  /** Whether the caller may rename, change or delete it (its creator for a personal view; owners and admins for a shared one). */
  canEdit: z.boolean(),
  /** Null once the creator's account is deleted. */
  createdBy: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type SavedViewDto = z.infer<typeof savedViewSchema>;

export const savedViewNameSchema = singleLineString()
  .trim()
  .min(1, { message: 'The name is required' })
  .max(SAVED_VIEW_NAME_MAX_LENGTH, {
    message: `The name must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`,
  });

const columnsSchema = z
  .array(z.string().refine(isSavedViewColumn, { message: 'A column is updatedAt or property:<propertyId>' }))
  .max(SAVED_VIEW_COLUMNS_MAX)
  .transform((columns) => [...new Set(columns)]);

/** POST /saved-views */
export const createSavedViewSchema = z.strictObject({
  name: savedViewNameSchema,
  visibility: z.enum(SAVED_VIEW_VISIBILITIES).default('personal'),
  filters: savedViewFiltersInputSchema.default(EMPTY_SAVED_VIEW_FILTERS),
  sort: documentSortSchema.nullish(),
  order: z.enum(SORT_ORDERS).nullish(),
  columns: columnsSchema.default([]),
  isPinned: z.boolean().default(false),
  isDefault: z.boolean().default(false),
});
export type CreateSavedViewInput = z.input<typeof createSavedViewSchema>;

/** PATCH /saved-views/{savedViewId}: `isPinned` and `isDefault` are the caller's own; the rest needs `canEdit`. */
export const updateSavedViewSchema = z
  .strictObject({
    name: savedViewNameSchema.optional(),
    visibility: z.enum(SAVED_VIEW_VISIBILITIES).optional(),
    filters: savedViewFiltersInputSchema.optional(),
    sort: documentSortSchema.nullish(),
    order: z.enum(SORT_ORDERS).nullish(),
    columns: columnsSchema.optional(),
    isPinned: z.boolean().optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field',
  })
  .meta({ description: 'At least one field.', minProperties: 1 });
export type UpdateSavedViewInput = z.input<typeof updateSavedViewSchema>;

/** The fields of PATCH that change the view itself (not the caller's pin and default). */
export const SAVED_VIEW_EDIT_FIELDS = ['name', 'visibility', 'filters', 'sort', 'order', 'columns'] as const;

/** Who may share a view with the organization, and change or delete a shared one. */
export const canManageSharedViews = (role: MemberRole) => role === 'owner' || role === 'admin';

/** Whether a member may change a view: its creator a personal one, owners and admins a shared one. */
export function canEditSavedView(
  view: { visibility: SavedViewVisibility; ownerId: string | null },
  member: { userId: string; role: MemberRole },
): boolean {
  return view.visibility === 'organization'
    ? canManageSharedViews(member.role)
    : view.ownerId === member.userId;
}

/** The tags a view's filters name, and the properties its conditions, sort and columns name. */
export function savedViewReferences(view: {
  filters: SavedViewFilters;
  sort: string | null;
  columns: readonly string[];
}): { tagIds: string[]; propertyIds: string[] } {
  const tagIds = [...view.filters.tags, ...view.filters.anyTags, ...view.filters.excludedTags];
  const propertyIds = [
    ...view.filters.property.map((condition) => condition.split(':', 1)[0] ?? ''),
    ...(view.sort && sortedPropertyIdOf(view.sort as `property:${string}`) !== null
      ? [sortedPropertyIdOf(view.sort as `property:${string}`) as string]
      : []),
    ...view.columns.flatMap((column) => {
      const propertyId = columnPropertyIdOf(column);
      return propertyId ? [propertyId] : [];
    }),
  ];
  return { tagIds: [...new Set(tagIds)], propertyIds: [...new Set(propertyIds.filter(Boolean))] };
}

/**
 * The view without what names a tag or property that no longer exists: those conditions, a sort
 * on such a property (back to the default) and its columns are left out, and listed in `dropped`.
 */
export function withoutMissingReferences<
  View extends { filters: SavedViewFilters; sort: string | null; order: string | null; columns: string[] },
>(
  view: View,
  {
    tagExists,
    propertyExists,
    nameOf,
  }: {
    tagExists: (id: string) => boolean;
    propertyExists: (id: string) => boolean;
    /** The name a reference had when the view was saved. */
    nameOf: (id: string) => string | null;
  },
): View & { dropped: DroppedReference[] } {
  const { tagIds, propertyIds } = savedViewReferences(view);
  const dropped: DroppedReference[] = [
    ...tagIds.filter((id) => !tagExists(id)).map((id) => ({ kind: 'tag' as const, id, name: nameOf(id) })),
    ...propertyIds
      .filter((id) => !propertyExists(id))
      .map((id) => ({ kind: 'property' as const, id, name: nameOf(id) })),
  ];
  if (dropped.length === 0) return { ...view, dropped };
  const keepProperty = (id: string | null) => id === null || propertyExists(id);
  const sortPropertyId = view.sort?.startsWith('property:') ? view.sort.slice('property:'.length) : null;
  const sortKept = keepProperty(sortPropertyId);
  return {
    ...view,
    filters: {
      ...view.filters,
      tags: view.filters.tags.filter(tagExists),
      anyTags: view.filters.anyTags.filter(tagExists),
      excludedTags: view.filters.excludedTags.filter(tagExists),
      property: view.filters.property.filter((condition) => propertyExists(condition.split(':', 1)[0] ?? '')),
    },
    sort: sortKept ? view.sort : null,
    order: sortKept ? view.order : null,
    columns: view.columns.filter((column) => keepProperty(columnPropertyIdOf(column))),
    dropped,
  };
}

const ORGANIZATION = '/api/organizations/:organizationId';
const exampleView = {
  id: 'sv_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Unpaid invoices',
  visibility: 'organization',
  filters: {
    ...EMPTY_SAVED_VIEW_FILTERS,
    tags: ['tag_0123456789abcdefghijklmn'],
    property: ['prop_0123456789abcdefghijklmn:empty'],
  },
  sort: 'documentDate',
  order: 'desc',
  columns: ['property:prop_0123456789abcdefghijklmn'],
  dropped: [],
  isPinned: true,
  isDefault: false,
  canEdit: true,
  createdBy: { id: 'usr_0123456789abcdefghijklmn', name: 'Ada Lovelace' },
  createdAt: '2026-02-03T10:00:00.000Z',
  updatedAt: '2026-02-03T10:00:00.000Z',
} satisfies SavedViewDto;
const savedViewAnswer = z.strictObject({ savedView: savedViewSchema });
const RULES = `Personal views are their creator's only; shared views (\`visibility: organization\`) are seen by every member and made, changed and deleted by owners and admins only (403 \`auth.forbidden\`). \`isPinned\` (in the caller's sidebar) and \`isDefault\` (the caller's default documents list; one per member, setting it moves it) are each member's own. At most ${SAVED_VIEWS_LIMIT} personal views per member and ${SAVED_VIEWS_LIMIT} shared views per organization (403 \`saved_views.limit_reached\`).`;
const FIELDS = `\`name\` trimmed, 1–${SAVED_VIEW_NAME_MAX_LENGTH} characters; \`filters\`: the documents list's filter parameters, as GET /documents takes them (\`tags\`, \`anyTags\`, \`excludedTags\`, \`documentDateFrom\`, \`documentDateTo\`, \`createdFrom\`, \`createdTo\`, \`fileTypes\`, \`extractionStatuses\`, \`property\`), each a list or a comma-separated text, answered as lists; \`sort\` and \`order\` as the list takes them (null: the default); \`columns\`: the optional columns shown, \`updatedAt\` and \`property:<propertyId>\`, at most ${SAVED_VIEW_COLUMNS_MAX}.`;

export const savedViewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/saved-views`,
    tag: 'Saved views',
    summary: 'List the saved views the caller sees',
    description:
      "The caller's personal views and the organization's shared views, by name. A tag or property a view uses that was deleted since is left out of its filters, sort and columns, and named in `dropped` (the view keeps working; saving it again forgets the dropped ones).",
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: z.strictObject({ savedViews: z.array(savedViewSchema) }) },
    example: { answer: { savedViews: [exampleView] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/saved-views`,
    tag: 'Saved views',
    summary: 'Save a view of the documents list',
    description: `${FIELDS} ${RULES}`,
    auth: 'session',
    body: createSavedViewSchema,
    answers: { 201: savedViewAnswer },
    errors: { 403: ['saved_views.limit_reached'] },
    example: {
      body: {
        name: exampleView.name,
        visibility: 'organization',
        filters: { tags: exampleView.filters.tags, property: exampleView.filters.property },
        sort: 'documentDate',
        order: 'desc',
        columns: exampleView.columns,
        isPinned: true,
      },
      answer: { savedView: exampleView },
    },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${ORGANIZATION}/saved-views/:savedViewId`,
    tag: 'Saved views',
    summary: 'Change a saved view, or pin it or make it the default',
    description: `Any member who sees the view sets their own \`isPinned\` and \`isDefault\`; the other fields need the right to change it. Making a shared view personal makes it the caller's (other members lose it). ${FIELDS} ${RULES}`,
    auth: 'session',
    body: updateSavedViewSchema,
    answers: { 200: savedViewAnswer },
    errors: { 403: ['saved_views.limit_reached'], 404: ['saved_views.not_found'] },
    example: { body: { isPinned: false }, answer: { savedView: { ...exampleView, isPinned: false } } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/saved-views/:savedViewId`,
    tag: 'Saved views',
    summary: 'Delete a saved view',
    description: `Also unpins it and stops it being a default, for every member. ${RULES}`,
    auth: 'session',
    answers: { 204: null },
    errors: { 404: ['saved_views.not_found'] },
  }),
};

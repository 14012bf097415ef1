import type { SortOrder } from '@sheaf/contracts/document-filters';
import {
  EMPTY_SAVED_VIEW_FILTERS,
  type SavedViewDto,
  type SavedViewFilters,
  type SavedViewVisibility,
  savedViewFiltersSchema,
  withoutMissingReferences,
} from '@sheaf/contracts/saved-views';
import type { SavedViewsTable } from '../../db/database.types';

/** A view row with its owner's name and the caller's pin and default. */
export type SavedViewRow = SavedViewsTable & {
  owner_name: string | null;
  pinned_at: string | null;
  default_of: string | null;
};

/** JSON written by this module; anything unreadable reads as empty rather than failing the list. */
function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

export function parseFilters(json: string): SavedViewFilters {
  const parsed = savedViewFiltersSchema.safeParse(parseJson(json));
  return parsed.success ? parsed.data : EMPTY_SAVED_VIEW_FILTERS;
}

export function parseColumns(json: string): string[] {
  const parsed = parseJson(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export function parseReferenceNames(json: string): Record<string, string> {
  const parsed = parseJson(json);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** What exists of the tags and properties the views name (the rest is dropped when read). */
export type ExistingReferences = { tagIds: ReadonlySet<string>; propertyIds: ReadonlySet<string> };

export function toSavedViewDto(
  row: SavedViewRow,
  { existing, canEdit }: { existing: ExistingReferences; canEdit: boolean },
): SavedViewDto {
  const names = parseReferenceNames(row.reference_names);
  const view = withoutMissingReferences(
    {
      filters: parseFilters(row.filters),
      sort: row.sort,
      order: row.sort_order,
      columns: parseColumns(row.columns),
    },
    {
      tagExists: (id) => existing.tagIds.has(id),
      propertyExists: (id) => existing.propertyIds.has(id),
      nameOf: (id) => names[id] ?? null,
    },
  );
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    visibility: row.visibility as SavedViewVisibility,
    filters: view.filters,
    sort: view.sort,
    order: view.order as SortOrder | null,
    columns: view.columns,
    dropped: view.dropped,
    isPinned: row.pinned_at !== null,
    isDefault: row.default_of !== null,
    canEdit,
    createdBy: row.owner_id && row.owner_name !== null ? { id: row.owner_id, name: row.owner_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const nameCollator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/** Views by name as people read them, then by id so the order is stable. */
export function sortViewsByName<View extends { id: string; name: string }>(views: View[]): View[] {
  return [...views].sort((a, b) => nameCollator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

import type { PropertyDefinitionDto, PropertyOptionDto, PropertyValue } from '@sheaf/contracts/properties';
import type { Selectable } from 'kysely';
import type { PropertyDefinitionsTable } from '../../db/database.types';

/** A definition row with the count of documents outside the trash carrying a value (a string from PostgreSQL). */
export type PropertyDefinitionWithCountRow = Omit<Selectable<PropertyDefinitionsTable>, 'name_key'> & {
  documents_count: number | string;
};

/** The options of a definition row; [] when the JSON is not a list (it always is, as written here). */
export function parsePropertyOptions(json: string): PropertyOptionDto[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as PropertyOptionDto[]) : [];
}

export function toPropertyDefinitionDto(row: PropertyDefinitionWithCountRow): PropertyDefinitionDto {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    type: row.type,
    description: row.description,
    options: parsePropertyOptions(row.options),
    currency: row.currency,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    documentsCount: Number(row.documents_count),
  };
}

const propertyNameCollator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

/**
 * Definitions by name as people read them (case and accents ignored, numbers by value), then by
 * exact name and id so the order is stable: the database orders by code point.
 */
export function sortPropertyRowsByName<Row extends { id: string; name: string }>(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) =>
      propertyNameCollator.compare(a.name, b.name) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
}

/** Whether two values of one property are the same (a multi select's as sets). */
export function isSamePropertyValue(a: PropertyValue | null, b: PropertyValue | null): boolean {
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) && Array.isArray(b)) {
    const set = new Set(a);
    return a.length === b.length && b.every((item) => set.has(item));
  }
  if (typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    return a.amount === b.amount && a.currency === b.currency;
  }
  return a === b;
}

/** The activity field a value change names (`updatedFields`), and so the `document:updated` webhook. */
export const propertyActivityField = (propertyId: string) => `properties.${propertyId}`;

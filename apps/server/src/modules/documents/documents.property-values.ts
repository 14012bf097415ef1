import type { PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import type { Selectable } from 'kysely';
import type { DocumentPropertyValuesTable } from '../../db/database.types';

/**
 * A document's property value and the rows of `document_property_values` that store it (migration
 * 0021): one typed column per type, a multi select one row per chosen option. Pure: the documents
 * list reads values with it, the properties module writes and reads them with it too.
 */

/** The typed columns of a value row (what a value is read from and written to). */
export type PropertyValueColumns = Pick<
  Selectable<DocumentPropertyValuesTable>,
  | 'value_key'
  | 'value_text'
  | 'value_number'
  | 'value_currency'
  | 'value_date'
  | 'value_boolean'
  | 'value_option_id'
  | 'value_user_id'
>;

const EMPTY_COLUMNS: Omit<PropertyValueColumns, 'value_key'> = {
  value_text: null,
  value_number: null,
  value_currency: null,
  value_date: null,
  value_boolean: null,
  value_option_id: null,
  value_user_id: null,
};

/**
 * The value stored in `rows` (one document, one property), or null when there is none. A multi
 * select's option ids come in the order of `optionIds` (the definition's options) when given, the
 * rows' order otherwise; options the definition no longer has come last. PostgreSQL answers
 * `double precision` as a number and SQLite's 0/1 flags as numbers: both read the same here.
 */
export function propertyValueFromRows(
  type: PropertyType,
  rows: readonly Omit<PropertyValueColumns, 'value_key'>[],
  optionIds?: readonly string[],
): PropertyValue | null {
  if (type === 'multi_select') {
    const ids = rows.flatMap((row) => (row.value_option_id === null ? [] : [row.value_option_id]));
    if (ids.length === 0) return null;
    if (!optionIds) return [...new Set(ids)];
    const rank = (id: string) => {
      const index = optionIds.indexOf(id);
      return index < 0 ? optionIds.length : index;
    };
    return [...new Set(ids)].sort((a, b) => rank(a) - rank(b));
  }
  const row = rows[0];
  if (!row) return null;
  switch (type) {
    case 'text':
    case 'url':
      return row.value_text;
    case 'number':
      return row.value_number === null ? null : Number(row.value_number);
    case 'monetary':
      return row.value_number === null || row.value_currency === null
        ? null
        : { amount: Number(row.value_number), currency: row.value_currency };
    case 'date':
      return row.value_date;
    case 'boolean':
      return row.value_boolean === null ? null : Number(row.value_boolean) === 1;
    case 'select':
      return row.value_option_id;
    case 'member':
      return row.value_user_id;
  }
}

/**
 * The rows that store `value` (already checked against the property by `propertyValueSchemaFor`):
 * one with `value_key` '' for a single value, one per option (keyed by it) for a multi select.
 */
export function propertyValueToRows(type: PropertyType, value: PropertyValue): PropertyValueColumns[] {
  const single = (columns: Partial<PropertyValueColumns>): PropertyValueColumns[] => [
    { value_key: '', ...EMPTY_COLUMNS, ...columns },
  ];
  switch (type) {
    case 'multi_select':
      return [...new Set(value as string[])].map((optionId) => ({
        ...EMPTY_COLUMNS,
        value_key: optionId,
        value_option_id: optionId,
      }));
    case 'text':
    case 'url':
      return single({ value_text: value as string });
    case 'number':
      return single({ value_number: value as number });
    case 'monetary': {
      const { amount, currency } = value as { amount: number; currency: string };
      return single({ value_number: amount, value_currency: currency });
    }
    case 'date':
      return single({ value_date: value as string });
    case 'boolean':
      return single({ value_boolean: value ? 1 : 0 });
    case 'select':
      return single({ value_option_id: value as string });
    case 'member':
      return single({ value_user_id: value as string });
  }
}

/** The column a type's values are compared, filtered and sorted on (monetary: the amount). */
export const PROPERTY_VALUE_COLUMN_OF = {
  text: 'value_text',
  url: 'value_text',
  number: 'value_number',
  monetary: 'value_number',
  date: 'value_date',
  boolean: 'value_boolean',
  select: 'value_option_id',
  multi_select: 'value_option_id',
  member: 'value_user_id',
} as const satisfies Record<PropertyType, keyof PropertyValueColumns>;

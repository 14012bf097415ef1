import type { PropertyType } from '@sheaf/contracts/properties';
import { parseSearchDateRange, type SearchPropertyCondition } from '@sheaf/contracts/search-query';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import type { ResolvedPropertyCondition } from '../documents/documents.filters';

/**
 * The query syntax's property conditions (`amount>100`, `"due date":2024-03`, `status:paid`) read
 * against the property of that name. What each operator means, by type:
 *
 * - text, URL: `:` contains, `=` equals (case ignored);
 * - number, monetary (its amount): `:` and `=` equal, `>` `>=` `<` `<=` compare; `100.5` or `100,5`;
 * - date: `:` and `=` a year, month or day (`2024`, `2024-03`, `2024-03-01`, or a range
 *   `2024-01..2024-06`), `>` `>=` `<` `<=` compare as `date:` does;
 * - yes/no: `:` and `=` with `yes`, `no`, `true` or `false`;
 * - single and multi select: `:` and `=` an option's name (case ignored; a multi select carrying it);
 * - member: `:` and `=` a member's e-mail address or name (case ignored).
 *
 * An operator the type has not, or a value that does not fit it, matches nothing, as an unknown
 * property does: the syntax never fails.
 */

/** A condition the list's filters have no kind for: a strict comparison, a member by name or e-mail. */
export type SearchOnlyPropertyCondition =
  | { kind: 'greater' | 'less'; propertyId: string; value: number }
  | { kind: 'member'; propertyId: string; value: string };

export type SearchPropertyFilter =
  | { source: 'documents'; condition: ResolvedPropertyCondition }
  | { source: 'search'; condition: SearchOnlyPropertyCondition };

export type SearchPropertyDefinition = {
  id: string;
  type: PropertyType;
  options: { id: string; name: string }[];
};

const NEVER: SearchPropertyFilter = { source: 'documents', condition: { kind: 'never' } };
const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

const documentsCondition = (condition: ResolvedPropertyCondition): SearchPropertyFilter => ({
  source: 'documents',
  condition,
});

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

const BOOLEAN_WORDS: Record<string, 0 | 1> = { yes: 1, true: 1, no: 0, false: 0 };

/** The filter of one syntax condition on its property (undefined property: matches nothing). */
export function resolveSearchPropertyCondition(
  { operator, value }: SearchPropertyCondition,
  definition: SearchPropertyDefinition | undefined,
): SearchPropertyFilter {
  if (!definition) return NEVER;
  const propertyId = definition.id;
  const isEquality = operator === ':' || operator === '=';
  switch (definition.type) {
    case 'text':
    case 'url':
      if (operator === ':') return documentsCondition({ kind: 'contains', propertyId, value });
      if (operator === '=') return documentsCondition({ kind: 'equalsText', propertyId, value });
      return NEVER;
    case 'number':
    case 'monetary': {
      const number = parseNumber(value);
      if (number === undefined) return NEVER;
      const column = 'value_number';
      if (isEquality) return documentsCondition({ kind: 'equals', propertyId, column, value: number });
      if (operator === '>=')
        return documentsCondition({ kind: 'between', propertyId, column, from: number, to: undefined });
      if (operator === '<=')
        return documentsCondition({ kind: 'between', propertyId, column, from: undefined, to: number });
      return {
        source: 'search',
        condition: { kind: operator === '>' ? 'greater' : 'less', propertyId, value: number },
      };
    }
    case 'date': {
      const range = parseSearchDateRange(operator, value);
      if (!range) return NEVER;
      return documentsCondition({
        kind: 'between',
        propertyId,
        column: 'value_date',
        from: range.from,
        to: range.to,
      });
    }
    case 'boolean': {
      const flag = BOOLEAN_WORDS[value.toLowerCase()];
      if (!isEquality || flag === undefined) return NEVER;
      return documentsCondition({ kind: 'equals', propertyId, column: 'value_boolean', value: flag });
    }
    case 'select':
    case 'multi_select': {
      const option = definition.options.find((candidate) => tagNameKey(candidate.name) === tagNameKey(value));
      if (!isEquality || !option) return NEVER;
      return documentsCondition({ kind: 'equals', propertyId, column: 'value_option_id', value: option.id });
    }
    case 'member':
      return isEquality ? { source: 'search', condition: { kind: 'member', propertyId, value } } : NEVER;
  }
}

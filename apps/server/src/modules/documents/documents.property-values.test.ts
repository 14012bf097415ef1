import type { PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import { describe, expect, it } from 'vitest';
import { propertyValueFromRows, propertyValueToRows } from './documents.property-values';

describe('property values and their rows', () => {
  it('reads back every type of value from the rows it is stored in', () => {
    const values: [PropertyType, PropertyValue][] = [
      ['text', 'Hello'],
      ['url', 'https://example.com'],
      ['number', -12.5],
      ['monetary', { amount: 99.99, currency: 'EUR' }],
      ['date', '2024-02-29'],
      ['boolean', true],
      ['boolean', false],
      ['select', 'opt_a'],
      ['multi_select', ['opt_a', 'opt_b']],
      ['member', 'usr_a'],
    ];
    for (const [type, value] of values)
      expect(propertyValueFromRows(type, propertyValueToRows(type, value))).toEqual(value);
  });

  it('stores one row per multi select option, keyed by it, and one row keyed "" otherwise', () => {
    expect(
      propertyValueToRows('multi_select', ['opt_a', 'opt_b', 'opt_a']).map((row) => row.value_key),
    ).toEqual(['opt_a', 'opt_b']);
    expect(propertyValueToRows('monetary', { amount: 5, currency: 'USD' })).toEqual([
      expect.objectContaining({ value_key: '', value_number: 5, value_currency: 'USD', value_text: null }),
    ]);
  });

  it("orders a multi select's options as the definition does, unknown ones last", () => {
    const rows = propertyValueToRows('multi_select', ['opt_gone', 'opt_c', 'opt_a']);
    expect(propertyValueFromRows('multi_select', rows, ['opt_a', 'opt_b', 'opt_c'])).toEqual([
      'opt_a',
      'opt_c',
      'opt_gone',
    ]);
    expect(propertyValueFromRows('multi_select', rows)).toEqual(['opt_gone', 'opt_c', 'opt_a']);
  });

  it('reads numbers and flags as the databases answer them, and no rows as no value', () => {
    const [row] = propertyValueToRows('number', 3);
    expect(propertyValueFromRows('number', [{ ...row!, value_number: '3' as unknown as number }])).toBe(3);
    const [flag] = propertyValueToRows('boolean', false);
    expect(propertyValueFromRows('boolean', [{ ...flag!, value_boolean: 0 }])).toBe(false);
    expect(propertyValueFromRows('text', [])).toBeNull();
    expect(propertyValueFromRows('multi_select', [])).toBeNull();
  });
});

import type { SearchPropertyCondition } from '@sheaf/contracts/search-query';
import { describe, expect, it } from 'vitest';
import { resolveSearchPropertyCondition, type SearchPropertyDefinition } from './search.properties';

const definition = (
  type: SearchPropertyDefinition['type'],
  options: SearchPropertyDefinition['options'] = [],
) => ({
  id: 'prop_1',
  type,
  options,
});
const resolve = (
  type: SearchPropertyDefinition['type'],
  operator: SearchPropertyCondition['operator'],
  value: string,
  options: SearchPropertyDefinition['options'] = [],
) => resolveSearchPropertyCondition({ propertyName: 'Any', operator, value }, definition(type, options));
const NEVER = { source: 'documents', condition: { kind: 'never' } };

describe('resolveSearchPropertyCondition', () => {
  it('matches nothing for a property the organization has not', () => {
    expect(
      resolveSearchPropertyCondition({ propertyName: 'Amount', operator: '>', value: '1' }, undefined),
    ).toEqual(NEVER);
  });

  it('reads text and URLs: `:` contains, `=` equals, no comparison', () => {
    expect(resolve('text', ':', 'Acme')).toEqual({
      source: 'documents',
      condition: { kind: 'contains', propertyId: 'prop_1', value: 'Acme' },
    });
    expect(resolve('url', '=', 'https://a.example')).toEqual({
      source: 'documents',
      condition: { kind: 'equalsText', propertyId: 'prop_1', value: 'https://a.example' },
    });
    expect(resolve('text', '>', 'a')).toEqual(NEVER);
  });

  it('reads numbers and amounts, a decimal comma too, with strict and inclusive comparisons', () => {
    const column = 'value_number';
    expect(resolve('monetary', ':', '100,5')).toEqual({
      source: 'documents',
      condition: { kind: 'equals', propertyId: 'prop_1', column, value: 100.5 },
    });
    expect(resolve('number', '>=', '10')).toEqual({
      source: 'documents',
      condition: { kind: 'between', propertyId: 'prop_1', column, from: 10, to: undefined },
    });
    expect(resolve('number', '<=', '-2')).toEqual({
      source: 'documents',
      condition: { kind: 'between', propertyId: 'prop_1', column, from: undefined, to: -2 },
    });
    expect(resolve('number', '>', '10')).toEqual({
      source: 'search',
      condition: { kind: 'greater', propertyId: 'prop_1', value: 10 },
    });
    expect(resolve('number', '<', '.5')).toEqual({
      source: 'search',
      condition: { kind: 'less', propertyId: 'prop_1', value: 0.5 },
    });
    for (const value of ['abc', '1e5', '1.2.3', ''])
      expect(resolve('number', '=', value), value).toEqual(NEVER);
  });

  it('reads dates as the date: syntax does: a year, a month, a day, a range, a comparison', () => {
    const between = (from: string | undefined, to: string | undefined) => ({
      source: 'documents',
      condition: { kind: 'between', propertyId: 'prop_1', column: 'value_date', from, to },
    });
    expect(resolve('date', ':', '2024')).toEqual(between('2024-01-01', '2024-12-31'));
    expect(resolve('date', '=', '2024-02')).toEqual(between('2024-02-01', '2024-02-29'));
    expect(resolve('date', ':', '2024-01..2024-03-15')).toEqual(between('2024-01-01', '2024-03-15'));
    expect(resolve('date', '<', '2024-07')).toEqual(between(undefined, '2024-06-30'));
    expect(resolve('date', '>', '2024-12-31')).toEqual(between('2025-01-01', undefined));
    expect(resolve('date', ':', 'soon')).toEqual(NEVER);
  });

  it('reads yes/no, options by name (case ignored) and members by e-mail or name', () => {
    expect(resolve('boolean', ':', 'Yes')).toEqual({
      source: 'documents',
      condition: { kind: 'equals', propertyId: 'prop_1', column: 'value_boolean', value: 1 },
    });
    expect(resolve('boolean', '=', 'false')).toMatchObject({ condition: { value: 0 } });
    expect(resolve('boolean', ':', 'maybe')).toEqual(NEVER);
    const options = [
      { id: 'opt_paid', name: 'Paid' },
      { id: 'opt_open', name: 'Open' },
    ];
    expect(resolve('multi_select', ':', 'PAID', options)).toEqual({
      source: 'documents',
      condition: { kind: 'equals', propertyId: 'prop_1', column: 'value_option_id', value: 'opt_paid' },
    });
    expect(resolve('select', ':', 'Closed', options)).toEqual(NEVER);
    expect(resolve('select', '>', 'Paid', options)).toEqual(NEVER);
    expect(resolve('member', ':', 'ada@example.com')).toEqual({
      source: 'search',
      condition: { kind: 'member', propertyId: 'prop_1', value: 'ada@example.com' },
    });
  });
});

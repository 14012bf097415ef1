import { describe, expect, it } from 'vitest';
import type { PropertyDefinitionDto, PropertyValue } from './properties';
import {
  conditionMatches,
  propertyConditionIssues,
  propertyValuesSetByRules,
  type RuleDocument,
  ruleMatches,
  type TaggingRuleCondition,
  taggingRuleInputSchema,
} from './tagging-rules';

const document = (overrides: Partial<RuleDocument> = {}): RuleDocument => ({
  name: 'Invoice 2026-03.pdf',
  content: 'Total due: 120 EUR',
  documentDate: '2026-03-15',
  mimeType: 'application/pdf',
  propertyValues: {},
  ...overrides,
});

describe('conditionMatches on the name and the content', () => {
  it.each<[TaggingRuleCondition, boolean]>([
    [{ field: 'name', operator: 'contains', value: 'INVOICE' }, true],
    [{ field: 'name', operator: 'not_contains', value: 'invoice' }, false],
    [{ field: 'name', operator: 'starts_with', value: 'invoice' }, true],
    [{ field: 'name', operator: 'ends_with', value: '.PDF' }, true],
    [{ field: 'name', operator: 'equal', value: 'invoice 2026-03.pdf' }, true],
    [{ field: 'name', operator: 'not_equal', value: 'invoice 2026-03.pdf' }, false],
    [{ field: 'content', operator: 'contains', value: 'total due' }, true],
  ])('%j holds: %s', (condition, expected) => {
    expect(conditionMatches(condition, document())).toBe(expected);
  });
});

describe('conditionMatches on the document date', () => {
  it.each<[TaggingRuleCondition, string | null, boolean]>([
    [{ field: 'documentDate', operator: 'on', value: '2026-03-15' }, '2026-03-15', true],
    [{ field: 'documentDate', operator: 'on', value: '2026-03-15' }, '2026-03-16', false],
    [{ field: 'documentDate', operator: 'before', value: '2026-03-15' }, '2026-03-14', true],
    [{ field: 'documentDate', operator: 'before', value: '2026-03-15' }, '2026-03-15', false],
    [{ field: 'documentDate', operator: 'after', value: '2026-03-15' }, '2026-03-16', true],
    [{ field: 'documentDate', operator: 'after', value: '2026-03-15' }, '2025-12-31', false],
    [{ field: 'documentDate', operator: 'before', value: '2026-03-15' }, null, false],
    [{ field: 'documentDate', operator: 'after', value: '2026-03-15' }, null, false],
    [{ field: 'documentDate', operator: 'is_set' }, '2026-03-15', true],
    [{ field: 'documentDate', operator: 'is_set' }, null, false],
    [{ field: 'documentDate', operator: 'is_empty' }, null, true],
    [{ field: 'documentDate', operator: 'is_empty' }, '2026-03-15', false],
  ])('%j with the date %s holds: %s', (condition, documentDate, expected) => {
    expect(conditionMatches(condition, document({ documentDate }))).toBe(expected);
  });
});

describe('conditionMatches on the file type', () => {
  it.each<[TaggingRuleCondition, string, boolean]>([
    [{ field: 'fileType', operator: 'equal', value: 'pdf' }, 'application/pdf', true],
    [{ field: 'fileType', operator: 'equal', value: 'image' }, 'image/png', true],
    [{ field: 'fileType', operator: 'equal', value: 'text' }, 'text/plain; charset=utf-8', true],
    [{ field: 'fileType', operator: 'equal', value: 'office' }, 'application/pdf', false],
    [{ field: 'fileType', operator: 'equal', value: 'other' }, 'application/zip', true],
    [{ field: 'fileType', operator: 'not_equal', value: 'pdf' }, 'application/pdf', false],
    [{ field: 'fileType', operator: 'not_equal', value: 'pdf' }, 'message/rfc822', true],
  ])('%j with %s holds: %s', (condition, mimeType, expected) => {
    expect(conditionMatches(condition, document({ mimeType }))).toBe(expected);
  });
});

describe('conditionMatches on a property', () => {
  const on = (
    operator: Extract<TaggingRuleCondition, { field: 'property' }>['operator'],
    value?: string | number | boolean,
  ): TaggingRuleCondition => ({
    field: 'property',
    propertyId: 'prop_x',
    operator,
    ...(value === undefined ? {} : { value }),
  });
  it.each<[string, TaggingRuleCondition, PropertyValue | undefined, boolean]>([
    ['text equal ignores case', on('equal', 'ACME'), 'acme', true],
    ['text equal', on('equal', 'acme'), 'globex', false],
    ['text not_equal', on('not_equal', 'acme'), 'globex', true],
    ['text contains ignores case', on('contains', 'CME'), 'Acme Corp', true],
    ['text not_contains', on('not_contains', 'corp'), 'Acme Corp', false],
    ['url contains', on('contains', 'example.com'), 'https://example.com/a', true],
    ['number equal', on('equal', 100), 100, true],
    ['number greater_than', on('greater_than', 100), 100.5, true],
    ['number greater_than when equal', on('greater_than', 100), 100, false],
    ['number less_than', on('less_than', 100), 99, true],
    ['monetary compares the amount', on('greater_than', 100), { amount: 120, currency: 'EUR' }, true],
    ['monetary equal', on('equal', 120), { amount: 120, currency: 'USD' }, true],
    ['date greater_than (after)', on('greater_than', '2026-01-01'), '2026-02-01', true],
    ['date less_than (before)', on('less_than', '2026-01-01'), '2026-02-01', false],
    ['date equal', on('equal', '2026-02-01'), '2026-02-01', true],
    ['boolean equal true', on('equal', true), true, true],
    ['boolean equal false', on('equal', false), true, false],
    ['select equal an option id', on('equal', 'opt_paid'), 'opt_paid', true],
    ['select not_equal', on('not_equal', 'opt_paid'), 'opt_due', true],
    ['multi select contains an option id', on('contains', 'opt_b'), ['opt_a', 'opt_b'], true],
    ['multi select contains', on('contains', 'opt_c'), ['opt_a', 'opt_b'], false],
    ['multi select not_contains', on('not_contains', 'opt_c'), ['opt_a'], true],
    ['member equal', on('equal', 'usr_1'), 'usr_1', true],
    ['is_set with a value', on('is_set'), 0, true],
    ['is_set with false', on('is_set'), false, true],
    ['is_set without a value', on('is_set'), undefined, false],
    ['is_empty without a value', on('is_empty'), undefined, true],
    ['is_empty with a value', on('is_empty'), 'x', false],
    ['equal without a value', on('equal', 'x'), undefined, false],
    ['greater_than without a value', on('greater_than', 1), undefined, false],
    ['not_equal without a value', on('not_equal', 'x'), undefined, true],
    ['not_contains without a value', on('not_contains', 'x'), undefined, true],
    ['a number against a text never compares', on('greater_than', 1), 'abc', false],
  ])('%s', (_, condition, value, expected) => {
    const propertyValues: Record<string, PropertyValue> = value === undefined ? {} : { prop_x: value };
    expect(conditionMatches(condition, document({ propertyValues }))).toBe(expected);
  });

  it('never holds for a property the organization no longer has, whatever the operator', () => {
    const known = new Set(['prop_other']);
    for (const condition of [on('is_empty'), on('not_equal', 'x'), on('is_set')]) {
      expect(conditionMatches(condition, document(), { propertyIds: known })).toBe(false);
      expect(
        conditionMatches(condition, document(), { propertyIds: new Set(['prop_x']) }),
        JSON.stringify(condition),
      ).toBe(condition.operator !== 'is_set');
    }
  });
});

describe('ruleMatches', () => {
  const pdf: TaggingRuleCondition = { field: 'fileType', operator: 'equal', value: 'pdf' };
  const paid: TaggingRuleCondition = {
    field: 'property',
    propertyId: 'prop_status',
    operator: 'equal',
    value: 'opt_paid',
  };
  it('needs every condition in all mode and one in any mode, across condition kinds', () => {
    const unpaidPdf = document({ propertyValues: { prop_status: 'opt_due' } });
    expect(ruleMatches({ conditions: [pdf, paid], conditionMatchMode: 'all' }, unpaidPdf)).toBe(false);
    expect(ruleMatches({ conditions: [pdf, paid], conditionMatchMode: 'any' }, unpaidPdf)).toBe(true);
    const paidPdf = document({ propertyValues: { prop_status: 'opt_paid' } });
    expect(ruleMatches({ conditions: [pdf, paid], conditionMatchMode: 'all' }, paidPdf)).toBe(true);
  });
});

describe('propertyConditionIssues', () => {
  const definition = (
    type: PropertyDefinitionDto['type'],
    options: PropertyDefinitionDto['options'] = [],
  ) => ({ type, options });
  it.each<[string, Parameters<typeof propertyConditionIssues>, string[]]>([
    ['an unknown property', [{ operator: 'is_set' }, undefined], ['propertyId']],
    ['a text contains', [{ operator: 'contains', value: 'x' }, definition('text')], []],
    ['greater_than on a text', [{ operator: 'greater_than', value: 'x' }, definition('text')], ['operator']],
    ['a number as text', [{ operator: 'equal', value: '12' }, definition('number')], ['value']],
    ['a monetary amount', [{ operator: 'less_than', value: 12.5 }, definition('monetary')], []],
    ['a date', [{ operator: 'greater_than', value: '2026-02-30' }, definition('date')], ['value']],
    ['a boolean', [{ operator: 'equal', value: 'true' }, definition('boolean')], ['value']],
    ['not_equal on a boolean', [{ operator: 'not_equal', value: true }, definition('boolean')], ['operator']],
    [
      'a known option',
      [
        { operator: 'equal', value: 'opt_a' },
        definition('select', [{ id: 'opt_a', name: 'A', color: '#fff' }]),
      ],
      [],
    ],
    ['an unknown option', [{ operator: 'equal', value: 'opt_z' }, definition('select')], ['value']],
    [
      'equal on a multi select',
      [{ operator: 'equal', value: 'opt_a' }, definition('multi_select')],
      ['operator'],
    ],
    ['is_empty on any type', [{ operator: 'is_empty' }, definition('member')], []],
  ])('%s', (_, args, paths) => {
    expect(propertyConditionIssues(...args).map(({ path }) => path)).toEqual(paths);
  });
});

describe('propertyValuesSetByRules', () => {
  it('lets the first rule that sets a property decide its value', () => {
    const values = propertyValuesSetByRules([
      { setProperties: [{ propertyId: 'prop_a', value: 1 }] },
      {
        setProperties: [
          { propertyId: 'prop_a', value: 2 },
          { propertyId: 'prop_b', value: true },
        ],
      },
    ]);
    expect([...values]).toEqual([
      ['prop_a', 1],
      ['prop_b', true],
    ]);
  });
});

describe('taggingRuleInputSchema', () => {
  it('still takes the bodies rules had before properties', () => {
    const parsed = taggingRuleInputSchema.parse({
      name: 'Invoices',
      conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
      tagIds: ['tag_a', 'tag_a'],
    });
    expect(parsed).toEqual({
      name: 'Invoices',
      description: null,
      conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
      tagIds: ['tag_a'],
      setProperties: [],
      enabled: true,
      conditionMatchMode: 'all',
    });
  });

  it('takes a rule that only sets a property, and refuses one without any action at tagIds', () => {
    expect(
      taggingRuleInputSchema.safeParse({ name: 'R', setProperties: [{ propertyId: 'prop_a', value: 3 }] })
        .success,
    ).toBe(true);
    const refused = taggingRuleInputSchema.safeParse({ name: 'R', tagIds: [] });
    expect(refused.error?.issues.map(({ path }) => path.join('.'))).toEqual(['tagIds']);
  });

  it.each<[unknown, string]>([
    [{ field: 'documentDate', operator: 'before' }, 'conditions.0.value'],
    [{ field: 'documentDate', operator: 'is_set', value: '2026-01-01' }, 'conditions.0.value'],
    [{ field: 'documentDate', operator: 'on', value: '2026-13-01' }, 'conditions.0.value'],
    [{ field: 'fileType', operator: 'equal', value: 'zip' }, 'conditions.0.value'],
    [{ field: 'fileType', operator: 'contains', value: 'pdf' }, 'conditions.0.operator'],
    [{ field: 'property', operator: 'is_set' }, 'conditions.0.propertyId'],
    [{ field: 'property', propertyId: 'prop_a', operator: 'equal' }, 'conditions.0.value'],
    [{ field: 'property', propertyId: 'prop_a', operator: 'equal', value: [1] }, 'conditions.0.value'],
    [{ field: 'size', operator: 'equal', value: '1' }, 'conditions.0.field'],
  ])('refuses the condition %j at %s', (condition, path) => {
    const parsed = taggingRuleInputSchema.safeParse({
      name: 'R',
      tagIds: ['tag_a'],
      conditions: [condition],
    });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });
});

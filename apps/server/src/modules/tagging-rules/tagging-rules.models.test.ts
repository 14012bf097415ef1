import type {
  TaggingRuleCondition,
  TaggingRuleOperator,
  TaggingRuleTextField,
} from '@sheaf/contracts/tagging-rules';
import { describe, expect, it } from 'vitest';
import { conditionMatches, type RuleDocument, ruleMatches } from './tagging-rules.models';

// The matcher's tables for dates, file types and properties are contracts' (tagging-rules.test.ts).
const ruleDocument = (name: string, content: string): RuleDocument => ({
  name,
  content,
  documentDate: null,
  mimeType: 'application/pdf',
  propertyValues: {},
});
const document = ruleDocument('Invoice-2026.PDF', 'Total due: 1200 EUR\nACME Corporation');

describe('conditionMatches', () => {
  // For each field and operator: a value that matches (in another case) and one that does not.
  const cases: Array<[TaggingRuleTextField, TaggingRuleOperator, string, boolean]> = [
    ['name', 'equal', 'invoice-2026.pdf', true],
    ['name', 'equal', 'invoice', false],
    ['name', 'not_equal', 'invoice', true],
    ['name', 'not_equal', 'INVOICE-2026.pdf', false],
    ['name', 'contains', '2026', true],
    ['name', 'contains', 'receipt', false],
    ['name', 'not_contains', 'receipt', true],
    ['name', 'not_contains', 'VOICE', false],
    ['name', 'starts_with', 'INVOICE', true],
    ['name', 'starts_with', '2026', false],
    ['name', 'ends_with', '.pdf', true],
    ['name', 'ends_with', 'invoice', false],
    ['content', 'equal', 'total due: 1200 eur\nacme corporation', true],
    ['content', 'equal', 'total due', false],
    ['content', 'not_equal', 'total due', true],
    ['content', 'not_equal', 'TOTAL DUE: 1200 EUR\nACME CORPORATION', false],
    ['content', 'contains', 'acme', true],
    ['content', 'contains', 'globex', false],
    ['content', 'not_contains', 'globex', true],
    ['content', 'not_contains', 'Acme', false],
    ['content', 'starts_with', 'total DUE', true],
    ['content', 'starts_with', 'acme', false],
    ['content', 'ends_with', 'corporation', true],
    ['content', 'ends_with', 'eur', false],
  ];

  it.each(cases)('%s %s "%s" is %s, ignoring case', (field, operator, value, expected) => {
    expect(conditionMatches({ field, operator, value }, document)).toBe(expected);
  });
});

describe('ruleMatches', () => {
  const inName: TaggingRuleCondition = { field: 'name', operator: 'contains', value: 'invoice' };
  const inContent: TaggingRuleCondition = { field: 'content', operator: 'contains', value: 'acme' };
  const missing: TaggingRuleCondition = { field: 'content', operator: 'contains', value: 'globex' };

  it('needs every condition in all mode', () => {
    expect(ruleMatches({ conditions: [inName, inContent], conditionMatchMode: 'all' }, document)).toBe(true);
    expect(ruleMatches({ conditions: [inName, missing], conditionMatchMode: 'all' }, document)).toBe(false);
  });

  it('needs at least one condition in any mode', () => {
    expect(ruleMatches({ conditions: [missing, inContent], conditionMatchMode: 'any' }, document)).toBe(true);
    expect(ruleMatches({ conditions: [missing], conditionMatchMode: 'any' }, document)).toBe(false);
  });

  it('matches every document when the rule has no conditions, in both modes', () => {
    expect(ruleMatches({ conditions: [], conditionMatchMode: 'all' }, document)).toBe(true);
    expect(ruleMatches({ conditions: [], conditionMatchMode: 'any' }, ruleDocument('', ''))).toBe(true);
  });

  it('matches an empty content only through negative operators', () => {
    const empty = ruleDocument('scan.png', '');
    expect(ruleMatches({ conditions: [inContent], conditionMatchMode: 'all' }, empty)).toBe(false);
    expect(
      ruleMatches(
        { conditions: [{ ...inContent, operator: 'not_contains' }], conditionMatchMode: 'all' },
        empty,
      ),
    ).toBe(true);
  });
});

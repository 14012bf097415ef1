import type { MemberDto } from '@sheaf/contracts/members';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { TaggingRuleDto, TaggingRuleRunDto } from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
import type { MockRequest } from '../../test/app';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

export const API_TAGGING_RULES = `/api/organizations/${ORGANIZATION_ID}/tagging-rules`;
export const TAGGING_RULES_URL = `/organizations/${ORGANIZATION_ID}/tagging-rules`;

export function ruleTagFixture(overrides: Partial<TagDto> = {}): TagDto {
  return {
    id: 'tag_invoices',
    organizationId: ORGANIZATION_ID,
    name: 'Invoices',
    color: '#7fd962',
    description: null,
    createdAt: '2025-01-02T12:00:00.000Z',
    updatedAt: '2025-01-02T12:00:00.000Z',
    documentsCount: 3,
    ...overrides,
  };
}

export const invoicesTag = ruleTagFixture();
export const taxesTag = ruleTagFixture({ id: 'tag_taxes', name: 'Taxes', color: '#ff5c5c' });

export function taggingRuleFixture(overrides: Partial<TaggingRuleDto> = {}): TaggingRuleDto {
  return {
    id: 'tr_1',
    organizationId: ORGANIZATION_ID,
    name: 'Auto-tag invoices',
    description: 'Every invoice gets the Invoices tag',
    conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
    actions: [
      {
        tagId: invoicesTag.id,
        tag: { id: invoicesTag.id, name: invoicesTag.name, color: invoicesTag.color },
      },
    ],
    setProperties: [],
    enabled: true,
    conditionMatchMode: 'all',
    latestRun: null,
    createdAt: '2025-02-01T12:00:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}

export function taggingRuleRunFixture(overrides: Partial<TaggingRuleRunDto> = {}): TaggingRuleRunDto {
  return {
    id: 'trr_1',
    taggingRuleId: 'tr_1',
    status: 'pending',
    processedDocumentsCount: 0,
    taggedDocumentsCount: 0,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

export function rulePropertyFixture(overrides: Partial<PropertyDefinitionDto> = {}): PropertyDefinitionDto {
  return {
    id: 'prop_status',
    organizationId: ORGANIZATION_ID,
    name: 'Status',
    type: 'select',
    description: null,
    options: [
      { id: 'opt_due', name: 'Due', color: '#ff5c5c' },
      { id: 'opt_paid', name: 'Paid', color: '#7fd962' },
    ],
    currency: null,
    createdAt: '2025-01-02T12:00:00.000Z',
    updatedAt: '2025-01-02T12:00:00.000Z',
    documentsCount: 0,
    ...overrides,
  };
}

export const statusProperty = rulePropertyFixture();
export const amountProperty = rulePropertyFixture({
  id: 'prop_amount',
  name: 'Amount',
  type: 'monetary',
  options: [],
  currency: 'EUR',
});
export const reviewedProperty = rulePropertyFixture({
  id: 'prop_reviewed',
  name: 'Reviewed',
  type: 'boolean',
  options: [],
});

/** GET /tagging-rules, GET /tagging-rules/{id}, GET /tags, GET /properties and GET /members over fixed lists. */
export function taggingRulesHandlers({
  rules = [],
  tags = [invoicesTag, taxesTag],
  properties = [],
  members = [],
}: {
  rules?: TaggingRuleDto[];
  tags?: TagDto[];
  properties?: PropertyDefinitionDto[];
  members?: MemberDto[];
} = {}): Record<string, Handler> {
  const handlers: Record<string, Handler> = {
    [`GET ${API_TAGGING_RULES}`]: () => jsonResponse({ taggingRules: rules }),
    [`GET /api/organizations/${ORGANIZATION_ID}/tags`]: () => jsonResponse({ tags }),
    [`GET /api/organizations/${ORGANIZATION_ID}/properties`]: () => jsonResponse({ properties }),
    [`GET /api/organizations/${ORGANIZATION_ID}/members`]: () => jsonResponse({ members }),
  };
  for (const rule of rules) {
    handlers[`GET ${API_TAGGING_RULES}/${rule.id}`] = () => jsonResponse({ taggingRule: rule });
  }
  return handlers;
}

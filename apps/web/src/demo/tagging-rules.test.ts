import type { DocumentActivityDto, DocumentDto } from '@sheaf/contracts/documents';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { TaggingRuleDto, TaggingRuleRunDto } from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { readBytes } from './context';
import { callDemo } from './demo-test-helpers';
import { DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence } from './state';

/**
 * The demo applies rules on dates, file types and properties, and sets properties, through the
 * server's shared matcher and with the server's outcomes (tagging-rules.properties.routes.test.ts).
 */

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
    extractText: async (file, mimeType) =>
      mimeType.startsWith('text/') ? new TextDecoder().decode(await readBytes(file)) : '',
  });
});

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);

async function createProperty(body: unknown) {
  const answer = await call('POST', `${ORG}/properties`, body);
  expect(answer.status).toBe(201);
  return answer.body.property as PropertyDefinitionDto;
}

const createStatus = () =>
  createProperty({
    name: 'Rule status',
    type: 'select',
    options: [
      { name: 'Due', color: '#ff5c5c' },
      { name: 'Paid', color: '#7fd962' },
    ],
  });

async function createRule(body: unknown) {
  const answer = await call('POST', `${ORG}/tagging-rules`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.taggingRule as TaggingRuleDto;
}

async function upload(name: string, content: string, type = 'text/plain') {
  const form = new FormData();
  form.append('file', new File([content], name, { type }));
  const created = await call('POST', `${ORG}/documents`, form);
  expect(created.status).toBe(201);
  const id = (created.body.document as { id: string }).id;
  return (await call('GET', `${ORG}/documents/${id}`)).body.document as DocumentDto;
}

const getDocument = async (id: string) =>
  (await call('GET', `${ORG}/documents/${id}`)).body.document as DocumentDto;

const propertyValueOf = (document: DocumentDto, property: PropertyDefinitionDto) =>
  document.properties.find(({ propertyId }) => propertyId === property.id)?.value;

async function ruleEntries(documentId: string, propertyId: string) {
  const activities = (await call('GET', `${ORG}/documents/${documentId}/activity`)).body
    .activities as DocumentActivityDto[];
  return activities.filter(
    ({ event, user, eventData }) =>
      event === 'updated' && user === null && eventData?.updatedFields?.includes(`properties.${propertyId}`),
  );
}

async function applyRule(taggingRuleId: string) {
  const answer = await call('POST', `${ORG}/tagging-rules/${taggingRuleId}/apply`);
  expect(answer.status).toBe(202);
  return answer.body.taggingRuleRun as TaggingRuleRunDto;
}

describe('demo tagging rules with properties', () => {
  test('at upload, sets a property and attaches tags when the file type, the detected date and a property condition hold', async () => {
    const status = await createStatus();
    const tag = (await call('POST', `${ORG}/tags`, { name: 'Recent rule tag', color: '#4d7cff' })).body
      .tag as TagDto;
    await createRule({
      name: 'New text bills are due',
      conditions: [
        { field: 'fileType', operator: 'equal', value: 'text' },
        { field: 'documentDate', operator: 'after', value: '2026-01-01' },
        { field: 'property', propertyId: status.id, operator: 'is_empty' },
      ],
      tagIds: [tag.id],
      setProperties: [{ propertyId: status.id, value: status.options[0]!.id }],
    });

    const recent = await upload('bill-feb.txt', 'Electricity bill of 2026-02-15, total 80 EUR');
    const old = await upload('bill-2025.txt', 'Electricity bill of 2025-06-10, total 70 EUR');
    expect(recent.documentDate).toBe('2026-02-15');
    expect(propertyValueOf(recent, status)).toBe(status.options[0]!.id);
    expect(recent.tags.map(({ name }) => name)).toEqual(['Recent rule tag']);
    expect(await ruleEntries(recent.id, status.id)).toHaveLength(1);
    expect(propertyValueOf(old, status)).toBeUndefined();
    expect(old.tags).toEqual([]);
  });

  test('an apply run sets a property where property conditions hold, never rewriting a value already there', async () => {
    const status = await createStatus();
    const paid = status.options[1]!;
    const reviewed = await createProperty({ name: 'Rule reviewed', type: 'boolean' });
    const a = await upload('a.txt', 'paid');
    const b = await upload('b.txt', 'due');
    const c = await upload('c.txt', 'paid, reviewed');
    for (const [document, option] of [
      [a, paid.id],
      [b, status.options[0]!.id],
      [c, paid.id],
    ] as const) {
      await call('PUT', `${ORG}/documents/${document.id}/properties/${status.id}`, { value: option });
    }
    await call('PUT', `${ORG}/documents/${c.id}/properties/${reviewed.id}`, { value: true });
    const rule = await createRule({
      name: 'Paid ones are reviewed',
      conditions: [{ field: 'property', propertyId: status.id, operator: 'equal', value: paid.id }],
      setProperties: [{ propertyId: reviewed.id, value: true }],
    });
    expect(rule.actions).toEqual([]);

    expect(await applyRule(rule.id)).toMatchObject({ status: 'succeeded', taggedDocumentsCount: 1 });
    expect(propertyValueOf(await getDocument(a.id), reviewed)).toBe(true);
    expect(propertyValueOf(await getDocument(b.id), reviewed)).toBeUndefined();
    expect(await ruleEntries(c.id, reviewed.id)).toHaveLength(0);
    expect(await applyRule(rule.id)).toMatchObject({ taggedDocumentsCount: 0 });
    expect(await ruleEntries(a.id, reviewed.id)).toHaveLength(1);
  });

  test('refuses unknown properties and options at their paths, and keeps old bodies working', async () => {
    const status = await createStatus();
    const invalid: Array<[unknown, string[]]> = [
      [{ setProperties: [{ propertyId: 'prop_unknown', value: 1 }] }, ['setProperties.0.propertyId']],
      [{ setProperties: [{ propertyId: status.id, value: 'opt_unknown' }] }, ['setProperties.0.value']],
      [
        {
          conditions: [{ field: 'property', propertyId: status.id, operator: 'greater_than', value: 'x' }],
          setProperties: [{ propertyId: status.id, value: status.options[0]!.id }],
        },
        ['conditions.0.operator'],
      ],
      [{ tagIds: [] }, ['tagIds']],
    ];
    for (const [fields, paths] of invalid) {
      const answer = await call('POST', `${ORG}/tagging-rules`, { name: 'Invalid', ...(fields as object) });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      const details = (answer.body.error as { details: Array<{ path: string }> }).details;
      expect(details.map(({ path }) => path)).toEqual(paths);
    }
    const tags = (await call('GET', `${ORG}/tags`)).body.tags as TagDto[];
    const old = await createRule({
      name: 'Old body',
      conditions: [{ field: 'name', operator: 'contains', value: 'x' }],
      tagIds: [tags[0]!.id],
    });
    expect(old.setProperties).toEqual([]);
  });

  test('a property deleted since drops its action, and a condition on it never holds', async () => {
    const status = await createStatus();
    const tag = (await call('POST', `${ORG}/tags`, { name: 'Empty status', color: '#4d7cff' })).body
      .tag as TagDto;
    const rule = await createRule({
      name: 'No status',
      conditions: [{ field: 'property', propertyId: status.id, operator: 'is_empty' }],
      tagIds: [tag.id],
      setProperties: [{ propertyId: status.id, value: status.options[0]!.id }],
    });
    expect((await call('DELETE', `${ORG}/properties/${status.id}`)).status).toBe(204);
    const read = (await call('GET', `${ORG}/tagging-rules/${rule.id}`)).body.taggingRule as TaggingRuleDto;
    expect(read.setProperties).toEqual([]);
    const document = await upload('any.txt', 'anything');
    expect(document.tags).toEqual([]);
  });
});

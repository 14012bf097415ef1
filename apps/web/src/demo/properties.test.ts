import { PROPERTIES_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { beforeEach, describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo, type DemoAnswerBody } from './demo-test-helpers';
import { propertyValuesOf } from './properties';
import { createSeed, DEMO_ORGANIZATION_ID, DEMO_USER } from './seed';
import { createMemoryPersistence, type DemoPersistence } from './state';

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const NOW = new Date('2026-05-01T10:00:00.000Z');
const INVOICE = 'doc_demo00000000000000000001';
const LEASE = 'doc_demo00000000000000000003';
const AMOUNT = 'prop_demo00000000000000000001';
const STATUS = 'prop_demo00000000000000000003';
const PAID = 'prop_demo00000000000000000004';
const OTHER_MEMBER = 'usr_demo00000000000000000002';

let api: DemoApi;
let persistence: DemoPersistence;

beforeEach(async () => {
  persistence = createMemoryPersistence();
  api = await createDemoApi({ persistence, now: () => NOW, sleep: async () => {} });
});

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);
const errorOf = (body: DemoAnswerBody) =>
  body.error as { code?: string; details?: { path: string; message: string }[] } | undefined;
const propertiesOf = async () =>
  (await call('GET', `${ORG}/properties`)).body.properties as PropertyDefinitionDto[];

describe('demo properties', () => {
  test('the seed has an amount, a due date, a status and a paid flag, with values on several documents', async () => {
    const properties = await propertiesOf();
    expect(properties.map(({ name, type }) => [name, type])).toEqual([
      ['Amount', 'monetary'],
      ['Due date', 'date'],
      ['Paid', 'boolean'],
      ['Status', 'select'],
    ]);
    expect(properties.find(({ name }) => name === 'Amount')).toMatchObject({
      currency: 'EUR',
      documentsCount: 6,
    });

    const { body } = await call('GET', `${ORG}/documents/${INVOICE}`);
    const document = body.document as { properties: { propertyId: string; value: unknown }[] };
    expect(document.properties).toContainEqual({
      propertyId: AMOUNT,
      value: { amount: 280, currency: 'EUR' },
    });
    expect(document.properties).toContainEqual({ propertyId: PAID, value: true });
  });

  test('propertyValuesOf gives a document its values in the order of the properties by name', async () => {
    const { state } = await createSeed(NOW);
    expect(propertyValuesOf(state, INVOICE).map(({ propertyId }) => propertyId)).toEqual([
      AMOUNT,
      'prop_demo00000000000000000002',
      PAID,
      STATUS,
    ]);
    expect(propertyValuesOf(state, LEASE)).toEqual([]);
  });

  test('creates a property, and refuses a name taken in another case with 409', async () => {
    const created = await call('POST', `${ORG}/properties`, {
      name: 'Topics',
      type: 'multi_select',
      options: [{ name: 'Energy', color: '#7fd962' }],
    });
    expect(created.status).toBe(201);
    const property = created.body.property as PropertyDefinitionDto;
    expect(property).toMatchObject({ name: 'Topics', currency: null, documentsCount: 0 });
    expect(property.options[0]?.id).toMatch(/^opt_[a-z0-9]{24}$/);

    const twin = await call('POST', `${ORG}/properties`, { name: 'TOPICS', type: 'text' });
    expect(twin.status).toBe(409);
    expect(errorOf(twin.body)?.code).toBe('properties.already_exists');
  });

  test(`refuses a property past the limit of ${PROPERTIES_PER_ORGANIZATION_LIMIT} with 403 properties.limit_reached`, async () => {
    const existing = (await propertiesOf()).length;
    for (let index = existing; index < PROPERTIES_PER_ORGANIZATION_LIMIT; index += 1) {
      expect((await call('POST', `${ORG}/properties`, { name: `Field ${index}`, type: 'text' })).status).toBe(
        201,
      );
    }
    const refused = await call('POST', `${ORG}/properties`, { name: 'One too many', type: 'text' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)?.code).toBe('properties.limit_reached');
  });

  test('a member may set values but not define properties', async () => {
    const { state, files } = await createSeed(NOW);
    for (const member of state.members) if (member.userId === DEMO_USER.id) member.role = 'member';
    await persistence.saveState(state);
    await persistence.saveFiles(files);
    api = await createDemoApi({ persistence, now: () => NOW, sleep: async () => {} });

    const create = await call('POST', `${ORG}/properties`, { name: 'Topics', type: 'text' });
    expect(create.status).toBe(403);
    expect(errorOf(create.body)?.code).toBe('auth.forbidden');
    expect((await call('DELETE', `${ORG}/properties/${AMOUNT}`)).status).toBe(403);
    expect((await call('PUT', `${ORG}/documents/${LEASE}/properties/${PAID}`, { value: false })).status).toBe(
      200,
    );
  });

  test('refuses a value that does not fit its type, at `value`, and changes nothing', async () => {
    const cases: [propertyId: string, value: unknown][] = [
      [AMOUNT, 'abc'],
      [AMOUNT, { amount: 12, currency: 'euro' }],
      [STATUS, 'opt_unknown'],
      [PAID, 'yes'],
    ];
    for (const [propertyId, value] of cases) {
      const answer = await call('PUT', `${ORG}/documents/${LEASE}/properties/${propertyId}`, { value });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body)?.code).toBe('api.validation_error');
      expect(errorOf(answer.body)?.details?.[0]?.path).toBe('value');
    }
    const { body } = await call('GET', `${ORG}/documents/${LEASE}`);
    expect((body.document as { properties: unknown[] }).properties).toEqual([]);
  });

  test('a member property takes a member of the organization only', async () => {
    const { body } = await call('POST', `${ORG}/properties`, { name: 'Handled by', type: 'member' });
    const property = body.property as PropertyDefinitionDto;
    const path = `${ORG}/documents/${LEASE}/properties/${property.id}`;

    const stranger = await call('PUT', path, { value: 'usr_000000000000000000000000' });
    expect(stranger.status).toBe(400);
    expect(errorOf(stranger.body)?.details?.[0]).toMatchObject({
      path: 'value',
      message: 'The user is not a member of this organization',
    });
    expect((await call('PUT', path, { value: OTHER_MEMBER })).body).toEqual({
      property: { propertyId: property.id, value: OTHER_MEMBER },
    });
  });

  test('setting and clearing a value are activity entries naming the property', async () => {
    const path = `${ORG}/documents/${LEASE}/properties/${AMOUNT}`;
    const set = await call('PUT', path, { value: { amount: 1150, currency: 'eur' } });
    expect(set.body).toEqual({ property: { propertyId: AMOUNT, value: { amount: 1150, currency: 'EUR' } } });
    // The same value again changes nothing, and records nothing.
    await call('PUT', path, { value: { amount: 1150, currency: 'EUR' } });
    expect((await call('DELETE', path)).status).toBe(204);
    expect((await call('DELETE', path)).status).toBe(204);

    const { body } = await call('GET', `${ORG}/documents/${LEASE}/activity`);
    const updates = (body.activities as { event: string; eventData: unknown }[]).filter(
      ({ event }) => event === 'updated',
    );
    expect(updates).toEqual([
      expect.objectContaining({ eventData: { updatedFields: [`properties.${AMOUNT}`] } }),
      expect.objectContaining({ eventData: { updatedFields: [`properties.${AMOUNT}`] } }),
    ]);
  });

  test('removing an option removes the values that chose it; renaming keeps them', async () => {
    const [status] = (await propertiesOf()).filter(({ id }) => id === STATUS);
    const done = status?.options.find(({ name }) => name === 'Done');
    const kept = status?.options.filter(({ id }) => id !== done?.id) ?? [];
    const update = await call('PATCH', `${ORG}/properties/${STATUS}`, {
      name: 'Stage',
      options: [...kept, { name: 'Archived', color: '#ffffff' }],
    });
    expect(update.status).toBe(200);
    const updated = update.body.property as PropertyDefinitionDto;
    expect(updated.name).toBe('Stage');
    expect(updated.options.map(({ name }) => name)).toEqual(['To review', 'In progress', 'Archived']);

    const { body } = await call('GET', `${ORG}/documents/${INVOICE}`);
    const values = (body.document as { properties: { propertyId: string }[] }).properties;
    expect(values.some(({ propertyId }) => propertyId === STATUS)).toBe(false);
    expect(updated.documentsCount).toBe(2);

    const unknown = await call('PATCH', `${ORG}/properties/${STATUS}`, {
      options: [{ id: 'opt_000000000000000000000000', name: 'Ghost', color: '#ffffff' }],
    });
    expect(unknown.status).toBe(400);
  });

  test('deleting a property removes its values; an unknown one is 404 properties.not_found', async () => {
    expect((await call('DELETE', `${ORG}/properties/${AMOUNT}`)).status).toBe(204);
    const { body } = await call('GET', `${ORG}/documents/${INVOICE}`);
    const values = (body.document as { properties: { propertyId: string }[] }).properties;
    expect(values.some(({ propertyId }) => propertyId === AMOUNT)).toBe(false);

    const missing = await call('PATCH', `${ORG}/properties/${AMOUNT}`, { name: 'Total' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)?.code).toBe('properties.not_found');
  });
});

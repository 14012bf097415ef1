import { PROPERTIES_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import type { PropertyDefinitionDto, PropertyOptionDto } from '@sheaf/contracts/properties';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import { addMember, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import {
  clearPropertyValue,
  createProperty,
  listProperties,
  propertiesPath,
  putPropertyValue,
  setPropertyValue,
  updateProperty,
} from './properties.test-helpers';

describe.each(testDialects)('custom properties API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, { clock });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  let asOwner: Credentials;
  let asAdmin: Credentials;
  let asMember: Credentials;
  let asOutsider: Credentials;
  let documentCounter = 0;
  const newDocument = (id = organizationId, credentials = asOwner) =>
    createDocument(server, credentials, id, {
      name: `document-${++documentCounter}.txt`,
      data: `document number ${documentCounter}`,
    });

  /** A request whose answer is always a promise (to chain on). */
  const send = async (...args: Parameters<typeof request> extends [unknown, ...infer Rest] ? Rest : never) =>
    request(server, ...args);

  /** The value rows of one property (of one document when given), as stored. */
  const valueRows = (propertyId: string, documentId?: string) => {
    let query = testDatabase.db
      .selectFrom('document_property_values')
      .selectAll()
      .where('property_id', '=', propertyId);
    if (documentId) query = query.where('document_id', '=', documentId);
    return query.orderBy('document_id').orderBy('value_key').execute();
  };
  const countDefinitions = async (id: string) =>
    Number(
      (
        await testDatabase.db
          .selectFrom('property_definitions')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('organization_id', '=', id)
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    owner = await createUser('properties-owner@example.com', 'Olivia Owner');
    admin = await createUser('properties-admin@example.com', 'Adam Admin');
    member = await createUser('properties-member@example.com', 'Mia Member');
    outsider = await createUser('properties-outsider@example.com', 'Oscar Outsider');
    organizationId = (await createOrganization(server, owner, 'Archive')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
    await addMember(server, owner, organizationId, member, 'member');
    otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    asOwner = { cookie: owner.cookie };
    asAdmin = { cookie: admin.cookie };
    asMember = { cookie: member.cookie };
    asOutsider = { cookie: outsider.cookie };
  });

  describe('definitions', () => {
    it('defines a property of each type, giving options `opt_` ids, and lists them by name ignoring case', async () => {
      const organization = await createOrganization(server, owner, 'Every type');
      const id = organization.id;
      await addMember(server, owner, id, admin, 'admin');
      await addMember(server, owner, id, member, 'member');
      const amount = await createProperty(server, asOwner, id, {
        name: '  amount  ',
        type: 'monetary',
        description: '  Total with taxes  ',
        currency: 'eur',
      });
      expect(amount).toEqual({
        id: expect.stringMatching(/^prop_[a-z0-9]{24}$/),
        organizationId: id,
        name: 'amount',
        type: 'monetary',
        description: 'Total with taxes',
        options: [],
        currency: 'EUR',
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
        documentsCount: 0,
      });
      const status = await createProperty(server, asAdmin, id, {
        name: 'Status',
        type: 'select',
        options: [
          { name: 'Open', color: '#D8FF75' },
          { name: 'Paid', color: '#7fd962' },
        ],
      });
      expect(status.options).toEqual([
        { id: expect.stringMatching(/^opt_[a-z0-9]{24}$/), name: 'Open', color: '#d8ff75' },
        { id: expect.stringMatching(/^opt_[a-z0-9]{24}$/), name: 'Paid', color: '#7fd962' },
      ]);
      expect(status.currency).toBeNull();
      for (const [name, type] of [
        ['Notes', 'text'],
        ['Pages', 'number'],
        ['Due', 'date'],
        ['Signed', 'boolean'],
        ['Topics', 'multi_select'],
        ['Link', 'url'],
        ['Reviewer', 'member'],
      ] as const) {
        expect((await createProperty(server, asOwner, id, { name, type })).type).toBe(type);
      }
      const listed = await listProperties(server, asMember, id);
      expect(listed.map(({ name }) => name)).toEqual([
        'amount',
        'Due',
        'Link',
        'Notes',
        'Pages',
        'Reviewer',
        'Signed',
        'Status',
        'Topics',
      ]);
    });

    it('refuses options on a type without options, a currency on a non-monetary type and a bad currency', async () => {
      const before = await countDefinitions(organizationId);
      const refused = [
        [{ name: 'Optioned', type: 'text', options: [{ name: 'A', color: '#ffffff' }] }, 'options'],
        [{ name: 'Priced', type: 'number', currency: 'EUR' }, 'currency'],
        [{ name: 'Money', type: 'monetary', currency: 'EURO' }, 'currency'],
        [{ name: 'Untyped', type: 'color' }, 'type'],
        [
          {
            name: 'Twice',
            type: 'select',
            options: [
              { name: 'Same', color: '#ffffff' },
              { name: 'same', color: '#000000' },
            ],
          },
          'options',
        ],
      ] as const;
      for (const [body, path] of refused) {
        const response = await request(server, 'POST', propertiesPath(organizationId), asOwner, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        const { error } = await readError(response);
        expect(error.code).toBe('api.validation_error');
        expect(error.details).toEqual([expect.objectContaining({ path })]);
      }
      expect(await countDefinitions(organizationId)).toBe(before);
    });

    it('keeps names unique per organization ignoring case, on create and on rename', async () => {
      const invoiceNumber = await createProperty(server, asOwner, organizationId, {
        name: 'Invoice number',
        type: 'text',
      });
      const reference = await createProperty(server, asOwner, organizationId, {
        name: 'Reference',
        type: 'text',
      });
      const duplicate = await request(server, 'POST', propertiesPath(organizationId), asOwner, {
        body: { name: ' INVOICE NUMBER ', type: 'number' },
      });
      expect(duplicate.status).toBe(409);
      expect((await readError(duplicate)).error).toEqual({
        code: 'properties.already_exists',
        message: 'A property with this name already exists in this organization.',
      });
      const renamed = await request(
        server,
        'PATCH',
        `${propertiesPath(organizationId)}/${reference.id}`,
        asOwner,
        { body: { name: 'invoice number' } },
      );
      expect(renamed.status).toBe(409);
      expect((await readError(renamed)).error.code).toBe('properties.already_exists');
      // A property may change the case of its own name, and another organization may use the name.
      expect(
        (await updateProperty(server, asOwner, organizationId, invoiceNumber.id, { name: 'INVOICE NUMBER' }))
          .name,
      ).toBe('INVOICE NUMBER');
      expect(
        (
          await createProperty(server, asOutsider, otherOrganizationId, {
            name: 'invoice number',
            type: 'text',
          })
        ).name,
      ).toBe('invoice number');
    });

    it('answers 409 to all but one of 30 creations of the same name at once', async () => {
      const organization = await createOrganization(server, owner, 'Racing names');
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          send('POST', propertiesPath(organization.id), asOwner, {
            body: { name: index % 2 === 0 ? 'Due date' : 'DUE DATE', type: 'date' },
          }).then(async (response) => {
            if (response.status === 409)
              expect((await readError(response)).error.code).toBe('properties.already_exists');
            return response.status;
          }),
        ),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(29);
      expect(await countDefinitions(organization.id)).toBe(1);
    });

    it(`allows ${PROPERTIES_PER_ORGANIZATION_LIMIT} properties per organization, even with 30 creations at once`, async () => {
      const organization = await createOrganization(server, owner, 'Many properties');
      const first = PROPERTIES_PER_ORGANIZATION_LIMIT - 15;
      for (let index = 0; index < first; index++) {
        await createProperty(server, asOwner, organization.id, { name: `Field ${index}`, type: 'text' });
      }
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          send('POST', propertiesPath(organization.id), asOwner, {
            body: { name: `Concurrent ${index}`, type: 'number' },
          }).then(async (response) => {
            if (response.status !== 201)
              expect((await readError(response)).error.code).toBe('properties.limit_reached');
            return response.status;
          }),
        ),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(15);
      expect(statuses.filter((status) => status === 403)).toHaveLength(15);
      expect(await countDefinitions(organization.id)).toBe(PROPERTIES_PER_ORGANIZATION_LIMIT);
      expect(await listProperties(server, asOwner, organization.id)).toHaveLength(
        PROPERTIES_PER_ORGANIZATION_LIMIT,
      );
      const refused = await request(server, 'POST', propertiesPath(organization.id), asOwner, {
        body: { name: 'One too many', type: 'text' },
      });
      expect(refused.status).toBe(403);
      expect((await readError(refused)).error).toEqual({
        code: 'properties.limit_reached',
        message: `This organization already has ${PROPERTIES_PER_ORGANIZATION_LIMIT} properties, the most it can have.`,
      });
    });

    it('refuses a member to create, edit or delete a definition (403 auth.forbidden) and changes nothing', async () => {
      const property = await createProperty(server, asOwner, organizationId, {
        name: 'Owner only',
        type: 'select',
        options: [{ name: 'Kept', color: '#ffffff' }],
      });
      const snapshot = () =>
        testDatabase.db
          .selectFrom('property_definitions')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .orderBy('id')
          .execute();
      const before = await snapshot();
      for (const [method, path, body] of [
        ['POST', propertiesPath(organizationId), { name: 'Member made', type: 'text' }],
        [
          'PATCH',
          `${propertiesPath(organizationId)}/${property.id}`,
          { name: 'Member renamed', options: [] },
        ],
        ['DELETE', `${propertiesPath(organizationId)}/${property.id}`, undefined],
      ] as const) {
        const response = await request(server, method, path, asMember, body ? { body } : {});
        expect(response.status, `${method} ${path}`).toBe(403);
        expect((await readError(response)).error.code).toBe('auth.forbidden');
      }
      expect(await snapshot()).toEqual(before);
      // Members read the definitions all the same.
      expect((await listProperties(server, asMember, organizationId)).map(({ id }) => id)).toContain(
        property.id,
      );
    });

    it('answers 404 properties.not_found for a property of another organization, and changes it not', async () => {
      const foreign = await createProperty(server, asOutsider, otherOrganizationId, {
        name: 'Foreign',
        type: 'text',
      });
      for (const [method, body] of [
        ['PATCH', { name: 'Taken over' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await request(
          server,
          method,
          `${propertiesPath(organizationId)}/${foreign.id}`,
          asOwner,
          body ? { body } : {},
        );
        expect(response.status, method).toBe(404);
        expect((await readError(response)).error.code).toBe('properties.not_found');
      }
      expect(
        (await listProperties(server, asOutsider, otherOrganizationId)).find(({ id }) => id === foreign.id),
      ).toMatchObject({ name: 'Foreign' });
    });

    it('keeps every value when a property is renamed', async () => {
      const property = await createProperty(server, asOwner, organizationId, {
        name: 'Pages',
        type: 'number',
      });
      const document = await newDocument();
      await setPropertyValue(server, asOwner, organizationId, document.id, property.id, 12);
      const renamed = await updateProperty(server, asAdmin, organizationId, property.id, {
        name: 'Page count',
        description: 'Counted by hand',
      });
      expect(renamed).toMatchObject({
        name: 'Page count',
        description: 'Counted by hand',
        type: 'number',
        documentsCount: 1,
      });
      expect(await valueRows(property.id)).toEqual([
        expect.objectContaining({ document_id: document.id, value_number: 12 }),
      ]);
    });

    it('removes the values of a removed option with it, keeping those of options kept or renamed', async () => {
      const status = await createProperty(server, asOwner, organizationId, {
        name: 'Workflow',
        type: 'select',
        options: [
          { name: 'Open', color: '#ffffff' },
          { name: 'Paid', color: '#000000' },
        ],
      });
      const topics = await createProperty(server, asOwner, organizationId, {
        name: 'Subjects',
        type: 'multi_select',
        options: [
          { name: 'Tax', color: '#ffffff' },
          { name: 'Home', color: '#000000' },
          { name: 'Car', color: '#ff0000' },
        ],
      });
      const [open, paid] = status.options as [PropertyOptionDto, PropertyOptionDto];
      const [tax, home, car] = topics.options as [PropertyOptionDto, PropertyOptionDto, PropertyOptionDto];
      const first = await newDocument();
      const second = await newDocument();
      await setPropertyValue(server, asOwner, organizationId, first.id, status.id, open.id);
      await setPropertyValue(server, asOwner, organizationId, second.id, status.id, paid.id);
      await setPropertyValue(server, asOwner, organizationId, first.id, topics.id, [tax.id, home.id]);
      await setPropertyValue(server, asOwner, organizationId, second.id, topics.id, [car.id]);

      // "Paid" renamed (kept by its id), "Open" removed, "Closed" added.
      const edited = await updateProperty(server, asOwner, organizationId, status.id, {
        options: [
          { id: paid.id, name: 'Settled', color: '#00ff00' },
          { name: 'Closed', color: '#0000ff' },
        ],
      });
      expect(edited.options).toEqual([
        { id: paid.id, name: 'Settled', color: '#00ff00' },
        { id: expect.stringMatching(/^opt_/), name: 'Closed', color: '#0000ff' },
      ]);
      expect(edited.documentsCount).toBe(1);
      expect(await valueRows(status.id)).toEqual([
        expect.objectContaining({ document_id: second.id, value_option_id: paid.id }),
      ]);

      await updateProperty(server, asOwner, organizationId, topics.id, {
        options: [
          { id: tax.id, name: 'Tax', color: '#ffffff' },
          { id: car.id, name: 'Car', color: '#ff0000' },
        ],
      });
      expect(
        (await valueRows(topics.id)).map(({ document_id, value_option_id }) => [
          document_id,
          value_option_id,
        ]),
      ).toEqual(
        [
          [first.id, tax.id],
          [second.id, car.id],
        ].sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : 1)),
      );

      // An option id the property does not have is refused, and nothing changes.
      const unknown = await request(
        server,
        'PATCH',
        `${propertiesPath(organizationId)}/${topics.id}`,
        asOwner,
        {
          body: { options: [{ id: 'opt_unknownunknownunknown00', name: 'Ghost', color: '#ffffff' }] },
        },
      );
      expect(unknown.status).toBe(400);
      expect((await readError(unknown)).error.details).toEqual([
        expect.objectContaining({ path: 'options.0.id', message: 'This option does not exist' }),
      ]);
      expect(await valueRows(topics.id)).toHaveLength(2);
      // Options only on select types; the type never changes.
      const textProperty = await createProperty(server, asOwner, organizationId, {
        name: 'Plain',
        type: 'text',
      });
      const optioned = await request(
        server,
        'PATCH',
        `${propertiesPath(organizationId)}/${textProperty.id}`,
        asOwner,
        { body: { options: [{ name: 'A', color: '#ffffff' }] } },
      );
      expect(optioned.status).toBe(400);
      expect((await readError(optioned)).error.details).toEqual([
        expect.objectContaining({ path: 'options' }),
      ]);
      const retyped = await request(
        server,
        'PATCH',
        `${propertiesPath(organizationId)}/${textProperty.id}`,
        asOwner,
        { body: { type: 'number' } },
      );
      expect(retyped.status).toBe(400);
    });

    it('deletes a property with every value of it in one transaction', async () => {
      const property = await createProperty(server, asOwner, organizationId, {
        name: 'Shelf',
        type: 'multi_select',
        options: [
          { name: 'A', color: '#ffffff' },
          { name: 'B', color: '#000000' },
        ],
      });
      const kept = await createProperty(server, asOwner, organizationId, { name: 'Kept note', type: 'text' });
      const [a, b] = property.options as [PropertyOptionDto, PropertyOptionDto];
      const documents = [await newDocument(), await newDocument(), await newDocument()];
      for (const document of documents) {
        await setPropertyValue(server, asOwner, organizationId, document.id, property.id, [a.id, b.id]);
        await setPropertyValue(server, asOwner, organizationId, document.id, kept.id, 'stays');
      }
      expect(await valueRows(property.id)).toHaveLength(6);
      expect(
        (await listProperties(server, asOwner, organizationId)).find(({ id }) => id === property.id),
      ).toMatchObject({ documentsCount: 3 });

      const response = await request(
        server,
        'DELETE',
        `${propertiesPath(organizationId)}/${property.id}`,
        asAdmin,
      );
      expect(response.status).toBe(204);
      expect(await valueRows(property.id)).toHaveLength(0);
      expect(await valueRows(kept.id)).toHaveLength(3);
      expect((await listProperties(server, asOwner, organizationId)).map(({ id }) => id)).not.toContain(
        property.id,
      );
      const again = await request(
        server,
        'DELETE',
        `${propertiesPath(organizationId)}/${property.id}`,
        asAdmin,
      );
      expect(again.status).toBe(404);
      expect((await readError(again)).error.code).toBe('properties.not_found');
    });

    it("removes the values with the definition through the foreign key's cascade as well", async () => {
      const property = await createProperty(server, asOwner, organizationId, {
        name: 'Cascade',
        type: 'boolean',
      });
      const document = await newDocument();
      await setPropertyValue(server, asOwner, organizationId, document.id, property.id, true);
      await testDatabase.db.deleteFrom('property_definitions').where('id', '=', property.id).execute();
      expect(await valueRows(property.id)).toHaveLength(0);
    });

    it('counts only the documents outside the trash that carry a value', async () => {
      const property = await createProperty(server, asOwner, organizationId, {
        name: 'Counted',
        type: 'text',
      });
      const kept = await newDocument();
      const trashed = await newDocument();
      await setPropertyValue(server, asOwner, organizationId, kept.id, property.id, 'one');
      await setPropertyValue(server, asOwner, organizationId, trashed.id, property.id, 'two');
      const count = async () =>
        (await listProperties(server, asOwner, organizationId)).find(({ id }) => id === property.id)
          ?.documentsCount;
      expect(await count()).toBe(2);
      const deleted = await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/documents/${trashed.id}`,
        asOwner,
      );
      expect(deleted.status).toBe(204);
      expect(await count()).toBe(1);
    });
  });

  describe('values', () => {
    let definitions: Record<string, PropertyDefinitionDto>;
    let documentId: string;

    beforeAll(async () => {
      const organization = await createOrganization(server, owner, 'Typed values');
      await addMember(server, owner, organization.id, member, 'member');
      const id = organization.id;
      definitions = {
        text: await createProperty(server, asOwner, id, { name: 'Text', type: 'text' }),
        number: await createProperty(server, asOwner, id, { name: 'Number', type: 'number' }),
        monetary: await createProperty(server, asOwner, id, {
          name: 'Amount',
          type: 'monetary',
          currency: 'EUR',
        }),
        date: await createProperty(server, asOwner, id, { name: 'Date', type: 'date' }),
        boolean: await createProperty(server, asOwner, id, { name: 'Signed', type: 'boolean' }),
        select: await createProperty(server, asOwner, id, {
          name: 'Status',
          type: 'select',
          options: [
            { name: 'Open', color: '#ffffff' },
            { name: 'Paid', color: '#000000' },
          ],
        }),
        multi_select: await createProperty(server, asOwner, id, {
          name: 'Topics',
          type: 'multi_select',
          options: [
            { name: 'Tax', color: '#ffffff' },
            { name: 'Home', color: '#000000' },
            { name: 'Car', color: '#ff0000' },
          ],
        }),
        url: await createProperty(server, asOwner, id, { name: 'Link', type: 'url' }),
        member: await createProperty(server, asOwner, id, { name: 'Reviewer', type: 'member' }),
      };
      documentId = (await newDocument(id)).id;
    });

    const organizationOf = (property: PropertyDefinitionDto) => property.organizationId;
    const option = (type: 'select' | 'multi_select', index: number) =>
      definitions[type]?.options[index]?.id ?? '';

    it('accepts each type its own values, answering them as stored', async () => {
      const accepted: Array<[string, unknown, unknown]> = [
        ['text', '  Invoice 2024-17  ', 'Invoice 2024-17'],
        ['number', 12.5, 12.5],
        ['number', -3, -3],
        ['monetary', { amount: 120.5, currency: 'usd' }, { amount: 120.5, currency: 'USD' }],
        ['date', '2024-02-29', '2024-02-29'],
        ['boolean', false, false],
        ['boolean', true, true],
        ['select', option('select', 1), option('select', 1)],
        // Given twice and out of order: stored once each, answered in the options' order.
        [
          'multi_select',
          [option('multi_select', 2), option('multi_select', 0), option('multi_select', 2)],
          [option('multi_select', 0), option('multi_select', 2)],
        ],
        ['url', 'https://example.com/invoices?id=17', 'https://example.com/invoices?id=17'],
        ['member', member.userId, member.userId],
      ];
      for (const [type, value, stored] of accepted) {
        const property = definitions[type]!;
        const answer = await setPropertyValue(
          server,
          asOwner,
          organizationOf(property),
          documentId,
          property.id,
          value,
        );
        expect(answer, `${type} ${JSON.stringify(value)}`).toEqual({
          propertyId: property.id,
          value: stored,
        });
      }
      const rows = await valueRows(definitions.monetary!.id, documentId);
      expect(rows).toEqual([
        expect.objectContaining({
          value_key: '',
          value_number: 120.5,
          value_currency: 'USD',
          value_text: null,
        }),
      ]);
      expect(
        (await valueRows(definitions.multi_select!.id, documentId)).map(({ value_key }) => value_key).sort(),
      ).toEqual([option('multi_select', 0), option('multi_select', 2)].sort());
      expect(await valueRows(definitions.boolean!.id, documentId)).toEqual([
        expect.objectContaining({ value_boolean: 1 }),
      ]);
    });

    it('refuses a value its type does not take with 400 api.validation_error at `value`, keeping the value before', async () => {
      const refused: Array<[string, unknown, string, string?]> = [
        ['number', 'abc', 'value', 'The value must be a number'],
        ['number', '12', 'value'],
        ['text', '   ', 'value', 'The value is required'],
        ['text', 'x'.repeat(2001), 'value'],
        ['text', 12, 'value'],
        ['monetary', 120, 'value'],
        ['monetary', { amount: 'many', currency: 'EUR' }, 'value.amount'],
        ['monetary', { amount: 10, currency: 'EURO' }, 'value.currency'],
        ['date', '2026-02-30', 'value', 'The date must be a calendar date such as 2026-11-24'],
        ['date', '30/01/2026', 'value'],
        ['boolean', 'yes', 'value', 'The value must be true or false'],
        ['select', 'opt_unknownunknownunknown00', 'value', 'This option does not exist'],
        ['select', option('multi_select', 0), 'value', 'This option does not exist'],
        ['multi_select', [], 'value', 'Choose at least one option'],
        ['multi_select', [option('multi_select', 0), 'opt_unknownunknownunknown00'], 'value.1'],
        ['url', 'javascript:alert(1)', 'value', 'The value must be an http or https URL'],
        ['url', 'ftp://example.com/file', 'value'],
        ['url', 'not a url', 'value'],
        ['member', outsider.userId, 'value', 'The value must be a member of the organization'],
        ['member', 'usr_nobodynobodynobodynobo', 'value'],
      ];
      for (const [type, value, path, message] of refused) {
        const property = definitions[type]!;
        const before = await valueRows(property.id, documentId);
        const response = await putPropertyValue(
          server,
          asOwner,
          organizationOf(property),
          documentId,
          property.id,
          value,
        );
        const label = `${type} ${JSON.stringify(value).slice(0, 40)}`;
        expect(response.status, label).toBe(400);
        const { error } = await readError(response);
        expect(error.code, label).toBe('api.validation_error');
        expect(error.details, label).toEqual([
          { path, message: message ?? expect.any(String), code: expect.any(String) },
        ]);
        expect(await valueRows(property.id, documentId), label).toEqual(before);
      }
      // The body itself must carry `value`.
      const property = definitions.number!;
      const missing = await request(
        server,
        'PUT',
        `/api/organizations/${organizationOf(property)}/documents/${documentId}/properties/${property.id}`,
        asOwner,
        { body: { amount: 3 } },
      );
      expect(missing.status).toBe(400);
    });

    it('lets a member set and clear values', async () => {
      const property = definitions.text!;
      const answer = await setPropertyValue(
        server,
        asMember,
        organizationOf(property),
        documentId,
        property.id,
        'Set by a member',
      );
      expect(answer.value).toBe('Set by a member');
      expect(
        (await clearPropertyValue(server, asMember, organizationOf(property), documentId, property.id))
          .status,
      ).toBe(204);
      expect(await valueRows(property.id, documentId)).toEqual([]);
    });

    it('records an updated entry naming the property when a value is set, changed or cleared, and none otherwise', async () => {
      const property = definitions.number!;
      const id = organizationOf(property);
      const document = await newDocument(id);
      const propertyEntries = async () =>
        (await listActivities(server, asOwner, id, document.id)).filter((entry) =>
          entry.eventData?.updatedFields?.some((field) => field.startsWith('properties.')),
        );
      clock.advance(1000);
      await setPropertyValue(server, asMember, id, document.id, property.id, 7);
      expect(await propertyEntries()).toEqual([
        expect.objectContaining({
          event: 'updated',
          eventData: { updatedFields: [`properties.${property.id}`] },
          user: expect.objectContaining({ id: member.userId }),
        }),
      ]);
      // The same value again changes nothing.
      await setPropertyValue(server, asMember, id, document.id, property.id, 7);
      expect(await propertyEntries()).toHaveLength(1);
      clock.advance(1000);
      await setPropertyValue(server, asOwner, id, document.id, property.id, 8);
      expect(await propertyEntries()).toHaveLength(2);
      clock.advance(1000);
      expect((await clearPropertyValue(server, asOwner, id, document.id, property.id)).status).toBe(204);
      expect(await propertyEntries()).toHaveLength(3);
      // Clearing a value the document does not have: 204, no entry.
      expect((await clearPropertyValue(server, asOwner, id, document.id, property.id)).status).toBe(204);
      expect(await propertyEntries()).toHaveLength(3);
      // A refused value records nothing either.
      expect((await putPropertyValue(server, asOwner, id, document.id, property.id, 'abc')).status).toBe(400);
      expect(await propertyEntries()).toHaveLength(3);
    });

    it('queues a document:updated webhook event naming the property', async () => {
      const property = definitions.boolean!;
      const id = organizationOf(property);
      const webhook = await request(server, 'POST', `/api/organizations/${id}/webhooks`, asOwner, {
        body: { name: 'Hook', url: 'https://93.184.215.14/hooks', events: ['document:updated'] },
      });
      expect(webhook.status).toBe(201);
      const { webhook: created } = await readJson<{ webhook: { id: string } }>(webhook);
      const document = await newDocument(id);
      await setPropertyValue(server, asOwner, id, document.id, property.id, true);
      const messages = await testDatabase.db
        .selectFrom('webhook_messages')
        .select(['event_type', 'body'])
        .where('webhook_id', '=', created.id)
        .where('document_id', '=', document.id)
        .execute();
      expect(messages).toHaveLength(1);
      expect(messages[0]?.event_type).toBe('document:updated');
      expect(JSON.parse(messages[0]?.body ?? '{}')).toMatchObject({
        type: 'document:updated',
        data: { documentId: document.id, updatedFields: [`properties.${property.id}`] },
      });
      await request(server, 'DELETE', `/api/organizations/${id}/webhooks/${created.id}`, asOwner);
    });

    it('replaces the whole set of a multi select, in one answer', async () => {
      const property = definitions.multi_select!;
      const id = organizationOf(property);
      const document = await newDocument(id);
      await setPropertyValue(server, asOwner, id, document.id, property.id, [
        option('multi_select', 0),
        option('multi_select', 1),
      ]);
      const replaced = await setPropertyValue(server, asOwner, id, document.id, property.id, [
        option('multi_select', 1),
        option('multi_select', 2),
      ]);
      expect(replaced.value).toEqual([option('multi_select', 1), option('multi_select', 2)]);
      expect(
        (await valueRows(property.id, document.id)).map(({ value_option_id }) => value_option_id).sort(),
      ).toEqual([option('multi_select', 1), option('multi_select', 2)].sort());
    });

    it('answers 404 for a trashed document, a document or a property of another organization, and writes nothing', async () => {
      const property = definitions.text!;
      const id = organizationOf(property);
      const trashed = await newDocument(id);
      expect(
        (await request(server, 'DELETE', `/api/organizations/${id}/documents/${trashed.id}`, asOwner)).status,
      ).toBe(204);
      const foreignDocument = await newDocument(otherOrganizationId, asOutsider);
      const foreignProperty = await createProperty(server, asOutsider, otherOrganizationId, {
        name: 'Their text',
        type: 'text',
      });
      const cases: Array<[string, string, string, Credentials, string]> = [
        [id, trashed.id, property.id, asOwner, 'documents.not_found'],
        [id, foreignDocument.id, property.id, asOwner, 'documents.not_found'],
        [id, documentId, foreignProperty.id, asOwner, 'properties.not_found'],
        // The other organization's member, in their organization, with our property.
        [otherOrganizationId, foreignDocument.id, property.id, asOutsider, 'properties.not_found'],
        [id, documentId, 'prop_missingmissingmissingmi', asOwner, 'properties.not_found'],
      ];
      for (const [organization, document, propertyId, credentials, code] of cases) {
        for (const response of [
          await putPropertyValue(server, credentials, organization, document, propertyId, 'Intruder'),
          await clearPropertyValue(server, credentials, organization, document, propertyId),
        ]) {
          expect(response.status, `${code} ${document} ${propertyId}`).toBe(404);
          expect((await readError(response)).error.code).toBe(code);
        }
      }
      expect(await valueRows(property.id, foreignDocument.id)).toEqual([]);
      expect(await valueRows(property.id, trashed.id)).toEqual([]);
      expect(await valueRows(foreignProperty.id)).toEqual([]);
      // A non-member of the organization is refused before anything is looked up.
      const stranger = await putPropertyValue(server, asOutsider, id, documentId, property.id, 'Intruder');
      expect(stranger.status).toBe(403);
    });

    it("sets a value inside a caller's transaction, undone with it, and refuses before writing anything", async () => {
      const property = definitions.number!;
      const id = organizationOf(property);
      const document = await newDocument(id);
      const entries = async () =>
        (
          await testDatabase.db
            .selectFrom('document_activities')
            .select('id')
            .where('document_id', '=', document.id)
            .where('event', '=', 'updated')
            .execute()
        ).length;
      const before = await entries();
      await expect(
        testDatabase.db.transaction().execute(async (trx) => {
          const { changed } = await server.services.properties.setDocumentPropertyValue({
            organizationId: id,
            documentId: document.id,
            propertyId: property.id,
            value: 42,
            userId: null,
            db: trx,
          });
          expect(changed).toBe(true);
          throw new Error('the caller fails afterwards');
        }),
      ).rejects.toThrow('the caller fails afterwards');
      expect(await valueRows(property.id, document.id)).toEqual([]);
      expect(await entries()).toBe(before);

      // A refused value throws before any write: the caller's transaction goes on and commits.
      await testDatabase.db.transaction().execute(async (trx) => {
        await expect(
          server.services.properties.setDocumentPropertyValue({
            organizationId: id,
            documentId: document.id,
            propertyId: property.id,
            value: 'abc',
            userId: null,
            db: trx,
          }),
        ).rejects.toMatchObject({ code: 'api.validation_error', status: 400 });
        const { property: stored } = await server.services.properties.setDocumentPropertyValue({
          organizationId: id,
          documentId: document.id,
          propertyId: property.id,
          value: 7,
          userId: null,
          db: trx,
        });
        expect(stored).toEqual({ propertyId: property.id, value: 7 });
      });
      expect(await valueRows(property.id, document.id)).toEqual([
        expect.objectContaining({ value_number: 7 }),
      ]);
      expect(await entries()).toBe(before + 1);
      expect(
        await server.services.properties.checkPropertyValue({
          organizationId: id,
          propertyId: definitions.monetary!.id,
          value: { amount: 3, currency: 'chf' },
        }),
      ).toEqual({ amount: 3, currency: 'CHF' });
    });

    it('keeps one row for a value set 20 times at once, and one set for a multi select', async () => {
      const text = definitions.text!;
      const topics = definitions.multi_select!;
      const id = organizationOf(text);
      const document = await newDocument(id);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          putPropertyValue(server, asOwner, id, document.id, text.id, `Value ${index}`).then(
            (response) => response.status,
          ),
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect(await valueRows(text.id, document.id)).toHaveLength(1);
      const sets = [
        [option('multi_select', 0), option('multi_select', 1)],
        [option('multi_select', 2)],
        [option('multi_select', 1), option('multi_select', 2)],
      ];
      const multi = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          putPropertyValue(server, asOwner, id, document.id, topics.id, sets[index % sets.length]).then(
            (response) => response.status,
          ),
        ),
      );
      expect(multi.every((status) => status === 200)).toBe(true);
      const stored = (await valueRows(topics.id, document.id))
        .map(({ value_option_id }) => value_option_id)
        .sort();
      expect(sets.map((set) => [...set].sort())).toContainEqual(stored);
    });
  });
});

import type { DocumentDto } from '@sheaf/contracts/documents';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { TaggingRuleDto, TaggingRuleInput, TaggingRuleRunDto } from '@sheaf/contracts/tagging-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { createProperty, setPropertyValue, updateProperty } from '../properties/properties.test-helpers';
import { createTag } from '../tags/tags.test-helpers';

/** Rules on document dates, file types and properties, and rules that set properties (issue 29). */
describe.each(testDialects)('tagging rules with properties on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '50' },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let credentials: Credentials;
  const tick = () => clock.advance(1000);
  const rulesPath = (organizationId: string) => `/api/organizations/${organizationId}/tagging-rules`;

  const postRule = (organizationId: string, body: unknown) =>
    request(server, 'POST', rulesPath(organizationId), credentials, { body });

  const createRule = async (organizationId: string, body: TaggingRuleInput) => {
    tick();
    const response = await postRule(organizationId, body);
    if (response.status !== 201)
      throw new Error(`create rule failed: ${response.status} ${await response.text()}`);
    return (await readJson<{ taggingRule: TaggingRuleDto }>(response)).taggingRule;
  };

  const getRule = async (organizationId: string, taggingRuleId: string) => {
    const response = await request(
      server,
      'GET',
      `${rulesPath(organizationId)}/${taggingRuleId}`,
      credentials,
    );
    return (await readJson<{ taggingRule: TaggingRuleDto }>(response)).taggingRule;
  };

  /** Uploads files through the real route and runs their extraction (and so the rules). */
  const uploadAndExtract = async (
    organizationId: string,
    files: Array<{ name: string; data: string; type?: string }>,
  ) => {
    const documents: DocumentDto[] = [];
    for (const file of files) {
      tick();
      documents.push(
        await createDocument(server, credentials, organizationId, { type: 'text/plain', ...file }),
      );
    }
    tick();
    await server.jobQueue.runDueJobs();
    return Promise.all(documents.map(({ id }) => getDocument(server, credentials, organizationId, id)));
  };

  /** Starts a run, lets the worker run it, and answers the finished run. */
  const applyRule = async (organizationId: string, taggingRuleId: string) => {
    tick();
    const started = await request(
      server,
      'POST',
      `${rulesPath(organizationId)}/${taggingRuleId}/apply`,
      credentials,
    );
    expect(started.status).toBe(202);
    const { taggingRuleRun } = await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(started);
    tick();
    await server.jobQueue.runDueJobs();
    const read = await request(
      server,
      'GET',
      `${rulesPath(organizationId)}/${taggingRuleId}/runs/${taggingRuleRun.id}`,
      credentials,
    );
    return (await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(read)).taggingRuleRun;
  };

  const propertyValueOf = (document: DocumentDto, property: PropertyDefinitionDto) =>
    document.properties.find(({ propertyId }) => propertyId === property.id)?.value;

  /** The `updated` entries by no user that name the property (what a rule writes). */
  const propertyEntries = async (organizationId: string, documentId: string, propertyId: string) =>
    (await listActivities(server, credentials, organizationId, documentId)).filter(
      ({ event, user, eventData }) =>
        event === 'updated' &&
        user === null &&
        eventData?.updatedFields?.includes(`properties.${propertyId}`),
    );

  const selectProperty = (organizationId: string, as = credentials) =>
    createProperty(server, as, organizationId, {
      name: 'Status',
      type: 'select',
      options: [
        { name: 'Due', color: '#ff5c5c' },
        { name: 'Paid', color: '#7fd962' },
      ],
    });

  beforeAll(async () => {
    owner = await createUser('property-rules-owner@example.com', 'Olivia Owner');
    outsider = await createUser('property-rules-outsider@example.com');
    credentials = { cookie: owner.cookie };
  });

  describe('at upload', () => {
    it('sets a property and attaches tags when the file type, the detected date and a property condition hold', async () => {
      const organizationId = (await createOrganization(server, owner, 'Upload rules')).id;
      const status = await selectProperty(organizationId);
      const [due] = status.options;
      const recent = await createTag(server, credentials, organizationId, { name: 'Recent' });
      const rule = await createRule(organizationId, {
        name: 'New text bills are due',
        conditions: [
          { field: 'fileType', operator: 'equal', value: 'text' },
          { field: 'documentDate', operator: 'after', value: '2026-01-01' },
          { field: 'property', propertyId: status.id, operator: 'is_empty' },
        ],
        tagIds: [recent.id],
        setProperties: [{ propertyId: status.id, value: due!.id }],
      });
      expect(rule).toMatchObject({
        conditions: [
          { field: 'fileType', operator: 'equal', value: 'text' },
          { field: 'documentDate', operator: 'after', value: '2026-01-01' },
          { field: 'property', propertyId: status.id, operator: 'is_empty' },
        ],
        setProperties: [{ propertyId: status.id, value: due!.id }],
      });

      const [recentBill, oldBill, undated] = await uploadAndExtract(organizationId, [
        { name: 'bill-feb.txt', data: 'Electricity bill of 2026-02-15, total 80 EUR' },
        { name: 'bill-2025.txt', data: 'Electricity bill of 2025-06-10, total 70 EUR' },
        { name: 'memo.txt', data: 'A memo without any date' },
      ]);
      expect(recentBill!.documentDate).toBe('2026-02-15');
      expect(propertyValueOf(recentBill!, status)).toBe(due!.id);
      expect(recentBill!.tags.map(({ name }) => name)).toEqual(['Recent']);
      expect(await propertyEntries(organizationId, recentBill!.id, status.id)).toHaveLength(1);
      for (const document of [oldBill!, undated!]) {
        expect(propertyValueOf(document, status)).toBeUndefined();
        expect(document.tags).toEqual([]);
      }
    });

    it('applies to a file without text, whose date comes from its file name', async () => {
      const organizationId = (await createOrganization(server, owner, 'Textless rules')).id;
      const scans = await createTag(server, credentials, organizationId, { name: 'Dated scans' });
      await createRule(organizationId, {
        name: 'Dated files',
        conditions: [
          { field: 'fileType', operator: 'equal', value: 'text' },
          { field: 'documentDate', operator: 'is_set' },
        ],
        tagIds: [scans.id],
      });

      const [scan] = await uploadAndExtract(organizationId, [{ name: 'scan_20260310.txt', data: ' \n \n' }]);
      expect(scan!.content).toBe('');
      expect(scan!.documentDate).toBe('2026-03-10');
      expect(scan!.tags.map(({ name }) => name)).toEqual(['Dated scans']);
    });

    it('lets the oldest matching rule decide a property two rules set, and skips an option removed since', async () => {
      const organizationId = (await createOrganization(server, owner, 'Upload order')).id;
      const status = await selectProperty(organizationId);
      const [due, paid] = status.options;
      const priority = await createProperty(server, credentials, organizationId, {
        name: 'Priority',
        type: 'select',
        options: [{ name: 'High', color: '#ff5c5c' }],
      });
      const tagged = await createTag(server, credentials, organizationId, { name: 'Ruled' });
      await createRule(organizationId, {
        name: 'First',
        conditions: [{ field: 'name', operator: 'contains', value: 'receipt' }],
        setProperties: [{ propertyId: status.id, value: paid!.id }],
      });
      await createRule(organizationId, {
        name: 'Second',
        conditions: [{ field: 'content', operator: 'contains', value: 'receipt' }],
        tagIds: [tagged.id],
        setProperties: [
          { propertyId: status.id, value: due!.id },
          { propertyId: priority.id, value: priority.options[0]!.id },
        ],
      });
      // The option the second rule sets goes away: that action is skipped, the rest applies.
      await updateProperty(server, credentials, organizationId, priority.id, {
        options: [{ name: 'Low', color: '#7fd962' }],
      });

      const [receipt] = await uploadAndExtract(organizationId, [
        { name: 'receipt-1.txt', data: 'Your receipt' },
      ]);
      expect(propertyValueOf(receipt!, status)).toBe(paid!.id);
      expect(propertyValueOf(receipt!, priority)).toBeUndefined();
      expect(receipt!.tags.map(({ name }) => name)).toEqual(['Ruled']);
      expect(await propertyEntries(organizationId, receipt!.id, status.id)).toHaveLength(1);
    });

    it('drops the action of a deleted property, and a condition on it no longer holds', async () => {
      const organizationId = (await createOrganization(server, owner, 'Upload deleted')).id;
      const status = await selectProperty(organizationId);
      const note = await createProperty(server, credentials, organizationId, { name: 'Note', type: 'text' });
      const inbox = await createTag(server, credentials, organizationId, { name: 'Inbox' });
      const onStatus = await createRule(organizationId, {
        name: 'No status',
        conditions: [{ field: 'property', propertyId: status.id, operator: 'is_empty' }],
        tagIds: [inbox.id],
      });
      const setsStatus = await createRule(organizationId, {
        name: 'Sets status',
        tagIds: [],
        setProperties: [
          { propertyId: status.id, value: status.options[0]!.id },
          { propertyId: note.id, value: '  Filed by a rule ' },
        ],
      });
      expect(setsStatus.setProperties).toEqual([
        { propertyId: status.id, value: status.options[0]!.id },
        { propertyId: note.id, value: 'Filed by a rule' },
      ]);
      const deleted = await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/properties/${status.id}`,
        credentials,
      );
      expect(deleted.status).toBe(204);
      expect((await getRule(organizationId, setsStatus.id)).setProperties).toEqual([
        { propertyId: note.id, value: 'Filed by a rule' },
      ]);
      expect((await getRule(organizationId, onStatus.id)).conditions).toHaveLength(1);

      const [document] = await uploadAndExtract(organizationId, [{ name: 'a.txt', data: 'Anything' }]);
      expect(document!.tags).toEqual([]);
      expect(document!.properties).toEqual([{ propertyId: note.id, value: 'Filed by a rule' }]);
    });
  });

  describe('apply to existing documents', () => {
    it('sets a property where property conditions hold, never rewriting a value already there, and counts the documents it changed', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply properties')).id;
      const status = await selectProperty(organizationId);
      const [due, paid] = status.options;
      const amount = await createProperty(server, credentials, organizationId, {
        name: 'Amount',
        type: 'monetary',
        currency: 'EUR',
      });
      const reviewed = await createProperty(server, credentials, organizationId, {
        name: 'Reviewed',
        type: 'boolean',
      });
      const documents = await uploadAndExtract(organizationId, [
        { name: 'a.txt', data: 'paid, large' },
        { name: 'b.txt', data: 'paid, small' },
        { name: 'c.txt', data: 'due, large' },
        { name: 'd.txt', data: 'paid, large, reviewed' },
        { name: 'e.pdf', data: 'paid, large, not text', type: 'application/pdf' },
      ]);
      const [a, b, c, d, e] = documents;
      const values: Array<[DocumentDto, string, number]> = [
        [a!, paid!.id, 120],
        [b!, paid!.id, 50],
        [c!, due!.id, 200],
        [d!, paid!.id, 300],
        [e!, paid!.id, 500],
      ];
      for (const [document, option, total] of values) {
        await setPropertyValue(server, credentials, organizationId, document.id, status.id, option);
        await setPropertyValue(server, credentials, organizationId, document.id, amount.id, {
          amount: total,
          currency: 'EUR',
        });
      }
      await setPropertyValue(server, credentials, organizationId, d!.id, reviewed.id, true);
      const rule = await createRule(organizationId, {
        name: 'Large paid text bills are reviewed',
        conditions: [
          { field: 'property', propertyId: status.id, operator: 'equal', value: paid!.id },
          { field: 'property', propertyId: amount.id, operator: 'greater_than', value: 100 },
          { field: 'fileType', operator: 'not_equal', value: 'pdf' },
        ],
        setProperties: [{ propertyId: reviewed.id, value: true }],
      });

      expect(await applyRule(organizationId, rule.id)).toMatchObject({
        status: 'succeeded',
        processedDocumentsCount: 5,
        taggedDocumentsCount: 1,
      });
      const after = await Promise.all(
        documents.map((document) => getDocument(server, credentials, organizationId, document!.id)),
      );
      expect(after.map((document) => propertyValueOf(document, reviewed) ?? null)).toEqual([
        true,
        null,
        null,
        true,
        null,
      ]);
      expect(await propertyEntries(organizationId, a!.id, reviewed.id)).toHaveLength(1);
      // d already had the value: no second entry (its one entry is the owner's).
      expect(await propertyEntries(organizationId, d!.id, reviewed.id)).toHaveLength(0);

      // Applying again changes nothing and writes no entry.
      expect(await applyRule(organizationId, rule.id)).toMatchObject({
        status: 'succeeded',
        taggedDocumentsCount: 0,
      });
      expect(await propertyEntries(organizationId, a!.id, reviewed.id)).toHaveLength(1);
    });

    it('resumes from its cursor after a crash without setting a value twice', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply resume')).id;
      const reviewed = await createProperty(server, credentials, organizationId, {
        name: 'Reviewed',
        type: 'boolean',
      });
      const documents = await uploadAndExtract(organizationId, [
        { name: 'one.txt', data: 'one' },
        { name: 'two.txt', data: 'two' },
      ]);
      const rule = await createRule(organizationId, {
        name: 'All reviewed',
        setProperties: [{ propertyId: reviewed.id, value: false }],
      });
      const ids = documents.map(({ id }) => id).sort();
      // A first worker went through the first document, then died.
      expect(await applyRule(organizationId, rule.id)).toMatchObject({ taggedDocumentsCount: 2 });
      const started = await request(
        server,
        'POST',
        `${rulesPath(organizationId)}/${rule.id}/apply`,
        credentials,
      );
      const { taggingRuleRun } = await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(started);
      await testDatabase.db
        .updateTable('tagging_rule_runs')
        .set({ status: 'running', processed_documents_count: 1, last_document_id: ids[0]! })
        .where('id', '=', taggingRuleRun.id)
        .execute();
      tick();
      await server.jobQueue.runDueJobs();
      const run = await request(
        server,
        'GET',
        `${rulesPath(organizationId)}/${rule.id}/runs/${taggingRuleRun.id}`,
        credentials,
      );
      expect((await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(run)).taggingRuleRun).toMatchObject({
        status: 'succeeded',
        processedDocumentsCount: 2,
        taggedDocumentsCount: 0,
      });
      for (const id of ids) expect(await propertyEntries(organizationId, id, reviewed.id)).toHaveLength(1);
    });
  });

  describe('validation', () => {
    it('refuses unknown or foreign properties, unknown options, and operators or values that do not fit the type (400), creating nothing', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules properties validation')).id;
      const status = await selectProperty(organizationId);
      const amount = await createProperty(server, credentials, organizationId, {
        name: 'Amount',
        type: 'number',
      });
      const assignee = await createProperty(server, credentials, organizationId, {
        name: 'Assignee',
        type: 'member',
      });
      const elsewhere = (await createOrganization(server, outsider, 'Other properties')).id;
      const foreign = await selectProperty(elsewhere, { cookie: outsider.cookie });
      const tag = await createTag(server, credentials, organizationId, { name: 'T' });
      const on = (propertyId: string, operator: string, value?: unknown) => ({
        field: 'property',
        propertyId,
        operator,
        ...(value === undefined ? {} : { value }),
      });
      const invalid: Array<[unknown, string[]]> = [
        [{ conditions: [on('prop_unknown', 'is_set')], tagIds: [tag.id] }, ['conditions.0.propertyId']],
        [{ conditions: [on(foreign.id, 'is_set')], tagIds: [tag.id] }, ['conditions.0.propertyId']],
        [{ conditions: [on(status.id, 'equal', 'opt_unknown')], tagIds: [tag.id] }, ['conditions.0.value']],
        [
          { conditions: [on(status.id, 'equal', foreign.options[0]!.id)], tagIds: [tag.id] },
          ['conditions.0.value'],
        ],
        [{ conditions: [on(status.id, 'greater_than', 'x')], tagIds: [tag.id] }, ['conditions.0.operator']],
        [{ conditions: [on(amount.id, 'less_than', '12')], tagIds: [tag.id] }, ['conditions.0.value']],
        [{ setProperties: [{ propertyId: 'prop_unknown', value: 1 }] }, ['setProperties.0.propertyId']],
        [{ setProperties: [{ propertyId: foreign.id, value: 'x' }] }, ['setProperties.0.propertyId']],
        [{ setProperties: [{ propertyId: status.id, value: 'opt_unknown' }] }, ['setProperties.0.value']],
        [{ setProperties: [{ propertyId: amount.id, value: 'abc' }] }, ['setProperties.0.value']],
        [{ setProperties: [{ propertyId: assignee.id, value: outsider.userId }] }, ['setProperties.0.value']],
        [
          {
            conditions: [on('prop_unknown', 'is_set')],
            setProperties: [{ propertyId: amount.id, value: true }],
          },
          ['conditions.0.propertyId', 'setProperties.0.value'],
        ],
        [{ tagIds: [], setProperties: [] }, ['tagIds']],
      ];
      for (const [fields, paths] of invalid) {
        const body = { name: 'Invalid', ...(fields as object) };
        const response = await postRule(organizationId, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const { error } = await readError(response);
        expect(error.code).toBe('api.validation_error');
        expect(
          (error.details as Array<{ path: string }>).map(({ path }) => path),
          JSON.stringify(body),
        ).toEqual(paths);
      }
      const list = await request(server, 'GET', rulesPath(organizationId), credentials);
      expect((await readJson<{ taggingRules: TaggingRuleDto[] }>(list)).taggingRules).toEqual([]);

      // The same checks on PUT, which leaves the rule as it was.
      const rule = await createRule(organizationId, { name: 'Valid', tagIds: [tag.id] });
      const update = await request(server, 'PUT', `${rulesPath(organizationId)}/${rule.id}`, credentials, {
        body: { name: 'Valid', setProperties: [{ propertyId: foreign.id, value: 'x' }] },
      });
      expect(update.status).toBe(400);
      expect(await getRule(organizationId, rule.id)).toEqual(rule);
    });

    it('keeps rules and bodies written before properties working: no setProperties, name and content conditions', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules old bodies')).id;
      const tag = await createTag(server, credentials, organizationId, { name: 'Old' });
      const status = await selectProperty(organizationId);
      const rule = await createRule(organizationId, {
        name: 'Old style',
        conditions: [{ field: 'name', operator: 'contains', value: 'old' }],
        tagIds: [tag.id],
      });
      expect(rule).toMatchObject({ actions: [{ tagId: tag.id }], setProperties: [] });
      // A rule stored before this change: conditions JSON as it was, no property actions.
      await testDatabase.db
        .updateTable('tagging_rules')
        .set({ conditions: JSON.stringify([{ field: 'content', operator: 'contains', value: 'legacy' }]) })
        .where('id', '=', rule.id)
        .execute();
      const [document] = await uploadAndExtract(organizationId, [{ name: 'x.txt', data: 'a legacy text' }]);
      expect(document!.tags.map(({ name }) => name)).toEqual(['Old']);

      // A PUT with the body of a rule that sets a property, then one without: the actions follow the body.
      const withProperty = await request(
        server,
        'PUT',
        `${rulesPath(organizationId)}/${rule.id}`,
        credentials,
        {
          body: {
            name: 'Old style',
            tagIds: [tag.id],
            setProperties: [{ propertyId: status.id, value: status.options[1]!.id }],
          },
        },
      );
      expect(withProperty.status).toBe(200);
      const replaced = await request(server, 'PUT', `${rulesPath(organizationId)}/${rule.id}`, credentials, {
        body: { name: 'Old style', tagIds: [tag.id] },
      });
      expect((await readJson<{ taggingRule: TaggingRuleDto }>(replaced)).taggingRule.setProperties).toEqual(
        [],
      );
    });
  });
});

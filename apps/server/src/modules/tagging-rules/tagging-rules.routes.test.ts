import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import type { TaggingRuleDto, TaggingRuleInput, TaggingRuleRunDto } from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
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
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { attachTag, createTag } from '../tags/tags.test-helpers';

describe.each(testDialects)('tagging rules API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '50' },
  });
  let owner: TestUser;
  let outsider: TestUser;
  let ownerCredentials: Credentials;
  const tick = () => clock.advance(1000);
  const rulesPath = (organizationId: string) => `/api/organizations/${organizationId}/tagging-rules`;

  const createRule = async (
    organizationId: string,
    body: TaggingRuleInput,
    credentials = ownerCredentials,
  ) => {
    const response = await request(server, 'POST', rulesPath(organizationId), credentials, { body });
    if (response.status !== 201)
      throw new Error(`create rule failed: ${response.status} ${await response.text()}`);
    return (await readJson<{ taggingRule: TaggingRuleDto }>(response)).taggingRule;
  };

  /** Uploads text files through the real upload route and runs their extraction (and so the rules). */
  const uploadAndExtract = async (organizationId: string, files: Array<{ name: string; data: string }>) => {
    const documents = [];
    for (const file of files) {
      tick();
      documents.push(
        await createDocument(server, ownerCredentials, organizationId, { ...file, type: 'text/plain' }),
      );
    }
    tick();
    await server.jobQueue.runDueJobs();
    return Promise.all(documents.map(({ id }) => getDocument(server, ownerCredentials, organizationId, id)));
  };

  const tagNames = (document: { tags: { name: string }[] }) => document.tags.map(({ name }) => name);

  /** POST …/apply: answers 202 with the run it started (or the one going on). */
  const startRun = async (organizationId: string, taggingRuleId: string) => {
    const response = await request(
      server,
      'POST',
      `${rulesPath(organizationId)}/${taggingRuleId}/apply`,
      ownerCredentials,
    );
    expect(response.status).toBe(202);
    return (await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(response)).taggingRuleRun;
  };

  const getRun = async (organizationId: string, taggingRuleId: string, runId: string) => {
    const response = await request(
      server,
      'GET',
      `${rulesPath(organizationId)}/${taggingRuleId}/runs/${runId}`,
      ownerCredentials,
    );
    expect(response.status).toBe(200);
    return (await readJson<{ taggingRuleRun: TaggingRuleRunDto }>(response)).taggingRuleRun;
  };

  /** Starts a run, lets the worker run it, and answers the finished run. */
  const applyRule = async (organizationId: string, taggingRuleId: string) => {
    const started = await startRun(organizationId, taggingRuleId);
    tick();
    await server.jobQueue.runDueJobs();
    return getRun(organizationId, taggingRuleId, started.id);
  };

  beforeAll(async () => {
    owner = await createUser('rules-owner@example.com', 'Olivia Owner');
    outsider = await createUser('rules-outsider@example.com');
    ownerCredentials = { cookie: owner.cookie };
  });

  describe('rules', () => {
    it('creates, reads, lists, replaces and deletes a rule', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules CRUD')).id;
      const invoices = await createTag(server, ownerCredentials, organizationId, {
        name: 'Invoices',
        color: '#4d7cff',
      });
      const acme = await createTag(server, ownerCredentials, organizationId, { name: 'acme' });
      tick();
      const created = await request(server, 'POST', rulesPath(organizationId), ownerCredentials, {
        body: {
          name: '  Acme invoices ',
          conditions: [
            { field: 'name', operator: 'starts_with', value: 'invoice' },
            { field: 'content', operator: 'contains', value: 'ACME' },
          ],
          tagIds: [invoices.id, acme.id, invoices.id],
        },
      });
      expect(created.status).toBe(201);
      const { taggingRule } = await readJson<{ taggingRule: TaggingRuleDto }>(created);
      expect(taggingRule).toEqual({
        id: expect.stringMatching(/^tr_[a-z0-9]{24}$/),
        organizationId,
        name: 'Acme invoices',
        description: null,
        conditions: [
          { field: 'name', operator: 'starts_with', value: 'invoice' },
          { field: 'content', operator: 'contains', value: 'ACME' },
        ],
        actions: [
          { tagId: acme.id, tag: { id: acme.id, name: 'acme', color: acme.color } },
          { tagId: invoices.id, tag: { id: invoices.id, name: 'Invoices', color: '#4d7cff' } },
        ],
        setProperties: [],
        enabled: true,
        conditionMatchMode: 'all',
        latestRun: null,
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      });

      const read = await request(
        server,
        'GET',
        `${rulesPath(organizationId)}/${taggingRule.id}`,
        ownerCredentials,
      );
      expect(read.status).toBe(200);
      expect(await readJson(read)).toEqual({ taggingRule });

      tick();
      const replaced = await request(
        server,
        'PUT',
        `${rulesPath(organizationId)}/${taggingRule.id}`,
        ownerCredentials,
        {
          body: {
            name: 'Anything from Acme',
            description: 'Tags Acme paperwork',
            conditions: [{ field: 'content', operator: 'contains', value: 'acme' }],
            tagIds: [acme.id],
            enabled: false,
            conditionMatchMode: 'any',
          },
        },
      );
      expect(replaced.status).toBe(200);
      const { taggingRule: updated } = await readJson<{ taggingRule: TaggingRuleDto }>(replaced);
      expect(updated).toEqual({
        ...taggingRule,
        name: 'Anything from Acme',
        description: 'Tags Acme paperwork',
        conditions: [{ field: 'content', operator: 'contains', value: 'acme' }],
        actions: [{ tagId: acme.id, tag: { id: acme.id, name: 'acme', color: acme.color } }],
        enabled: false,
        conditionMatchMode: 'any',
        updatedAt: clock.now().toISOString(),
      });

      tick();
      const second = await createRule(organizationId, { name: 'Second', tagIds: [invoices.id] });
      const list = await request(server, 'GET', rulesPath(organizationId), ownerCredentials);
      expect(list.status).toBe(200);
      expect(await readJson(list)).toEqual({ taggingRules: [updated, second] });

      const deleted = await request(
        server,
        'DELETE',
        `${rulesPath(organizationId)}/${taggingRule.id}`,
        ownerCredentials,
      );
      expect(deleted.status).toBe(204);
      const after = await readJson<{ taggingRules: TaggingRuleDto[] }>(
        await request(server, 'GET', rulesPath(organizationId), ownerCredentials),
      );
      expect(after.taggingRules.map(({ id }) => id)).toEqual([second.id]);
      // The tags stay.
      const tags = await readJson<{ tags: TagDto[] }>(
        await request(server, 'GET', `/api/organizations/${organizationId}/tags`, ownerCredentials),
      );
      expect(tags.tags).toHaveLength(2);
    });

    it('answers 404 tagging_rules.not_found for an unknown rule or one of another organization', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules 404')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Mine' });
      const elsewhere = (await createOrganization(server, outsider, 'Rules elsewhere')).id;
      const theirTag = await createTag(server, { cookie: outsider.cookie }, elsewhere, { name: 'Theirs' });
      const theirs = await createRule(
        elsewhere,
        { name: 'Theirs', tagIds: [theirTag.id] },
        { cookie: outsider.cookie },
      );
      for (const id of ['tr_unknown', theirs.id]) {
        const path = `${rulesPath(organizationId)}/${id}`;
        const calls = [
          request(server, 'GET', path, ownerCredentials),
          request(server, 'PUT', path, ownerCredentials, { body: { name: 'Taken', tagIds: [tag.id] } }),
          request(server, 'DELETE', path, ownerCredentials),
          request(server, 'POST', `${path}/apply`, ownerCredentials),
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.status).toBe(404);
          expect((await readError(response)).error).toEqual({
            code: 'tagging_rules.not_found',
            message: 'No tagging rule with this id in this organization.',
          });
        }
      }
      const untouched = await request(server, 'GET', `${rulesPath(elsewhere)}/${theirs.id}`, {
        cookie: outsider.cookie,
      });
      expect((await readJson<{ taggingRule: TaggingRuleDto }>(untouched)).taggingRule.name).toBe('Theirs');
    });

    it('refuses a rule with no tags, an empty condition value, bad fields or lengths (400), and unknown tags (404)', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules validation')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Valid' });
      const elsewhere = (await createOrganization(server, outsider, 'Validation elsewhere')).id;
      const foreignTag = await createTag(server, { cookie: outsider.cookie }, elsewhere, { name: 'Foreign' });
      const condition = { field: 'name', operator: 'contains', value: 'x' };
      const invalid: Array<[unknown, string]> = [
        [{ name: 'No tags', tagIds: [] }, 'tagIds'],
        [{ name: 'No tags' }, 'tagIds'],
        [
          { name: 'Empty value', tagIds: [tag.id], conditions: [{ ...condition, value: '' }] },
          'conditions.0.value',
        ],
        [
          { name: 'Bad field', tagIds: [tag.id], conditions: [{ ...condition, field: 'size' }] },
          'conditions.0.field',
        ],
        [
          { name: 'Bad operator', tagIds: [tag.id], conditions: [{ ...condition, operator: 'matches' }] },
          'conditions.0.operator',
        ],
        [{ name: '  ', tagIds: [tag.id] }, 'name'],
        [{ name: 'n'.repeat(65), tagIds: [tag.id] }, 'name'],
        [{ name: 'Long', description: 'd'.repeat(257), tagIds: [tag.id] }, 'description'],
        [{ name: 'Mode', tagIds: [tag.id], conditionMatchMode: 'most' }, 'conditionMatchMode'],
      ];
      for (const [body, path] of invalid) {
        const response = await request(server, 'POST', rulesPath(organizationId), ownerCredentials, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        const { error } = await readError(response);
        expect(error.code).toBe('api.validation_error');
        expect(error.details, JSON.stringify(body)).toEqual([expect.objectContaining({ path })]);
      }
      for (const tagIds of [['tag_unknown'], [tag.id, foreignTag.id]]) {
        const response = await request(server, 'POST', rulesPath(organizationId), ownerCredentials, {
          body: { name: 'Unknown tag', tagIds },
        });
        expect(response.status).toBe(404);
        expect((await readError(response)).error.code).toBe('tags.not_found');
      }
      const list = await readJson<{ taggingRules: TaggingRuleDto[] }>(
        await request(server, 'GET', rulesPath(organizationId), ownerCredentials),
      );
      expect(list.taggingRules).toEqual([]);

      const rule = await createRule(organizationId, {
        name: 'n'.repeat(64),
        description: 'd'.repeat(256),
        tagIds: [tag.id],
      });
      const update = await request(
        server,
        'PUT',
        `${rulesPath(organizationId)}/${rule.id}`,
        ownerCredentials,
        {
          body: { name: 'Foreign', tagIds: [foreignTag.id] },
        },
      );
      expect(update.status).toBe(404);
      expect((await readError(update)).error.code).toBe('tags.not_found');
      const emptyUpdate = await request(
        server,
        'PUT',
        `${rulesPath(organizationId)}/${rule.id}`,
        ownerCredentials,
        {
          body: { name: 'No tags', tagIds: [] },
        },
      );
      expect(emptyUpdate.status).toBe(400);
      const unchanged = await request(
        server,
        'GET',
        `${rulesPath(organizationId)}/${rule.id}`,
        ownerCredentials,
      );
      expect(await readJson(unchanged)).toEqual({ taggingRule: rule });
    });

    it('is for signed-in members only: API keys get 403 even with every permission', async () => {
      const organizationId = (await createOrganization(server, owner, 'Rules keys')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Keyed' });
      const rule = await createRule(organizationId, { name: 'Keyed', tagIds: [tag.id] });
      const token = await createApiKey(server, owner, {
        permissions: [...API_KEY_PERMISSIONS],
        organizationIds: [organizationId],
      });
      const calls = [
        request(server, 'GET', rulesPath(organizationId), { token }),
        request(
          server,
          'POST',
          rulesPath(organizationId),
          { token },
          { body: { name: 'By key', tagIds: [tag.id] } },
        ),
        request(server, 'GET', `${rulesPath(organizationId)}/${rule.id}`, { token }),
        request(server, 'POST', `${rulesPath(organizationId)}/${rule.id}/apply`, { token }),
        request(server, 'DELETE', `${rulesPath(organizationId)}/${rule.id}`, { token }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect((await readError(response)).error.code).toBe('auth.forbidden');
      }
    });
  });

  describe('engine', () => {
    it('tags an uploaded document once its text is extracted, with a tagged entry by no user', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine')).id;
      const invoices = await createTag(server, ownerCredentials, organizationId, { name: 'Invoices' });
      const acme = await createTag(server, ownerCredentials, organizationId, { name: 'Acme' });
      const other = await createTag(server, ownerCredentials, organizationId, { name: 'Other' });
      await createRule(organizationId, {
        name: 'Acme invoices',
        conditions: [
          { field: 'name', operator: 'starts_with', value: 'INVOICE' },
          { field: 'content', operator: 'contains', value: 'acme corp' },
        ],
        tagIds: [invoices.id, acme.id],
      });
      await createRule(organizationId, {
        name: 'Receipts',
        conditions: [{ field: 'name', operator: 'contains', value: 'receipt' }],
        tagIds: [other.id],
      });
      const [matching, wrongContent, wrongName] = await uploadAndExtract(organizationId, [
        { name: 'Invoice-42.txt', data: 'Billed to ACME Corp, total 1200 EUR' },
        { name: 'invoice-43.txt', data: 'Billed to Globex, total 300 EUR' },
        { name: 'letter.txt', data: 'A letter from Acme Corp' },
      ]);
      expect(tagNames(matching!)).toEqual(['Acme', 'Invoices']);
      expect(tagNames(wrongContent!)).toEqual([]);
      expect(tagNames(wrongName!)).toEqual([]);
      expect(matching!.content).toContain('ACME Corp');

      const activities = await listActivities(server, ownerCredentials, organizationId, matching!.id);
      expect(activities.map(({ event, tag, user }) => [event, tag?.name ?? null, user])).toEqual(
        expect.arrayContaining([
          ['tagged', 'Invoices', null],
          ['tagged', 'Acme', null],
          ['updated', null, null],
          ['created', null, { id: owner.userId, name: 'Olivia Owner' }],
        ]),
      );
      expect(activities).toHaveLength(4);
    });

    it('ignores disabled rules and skips tags a document already carries', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine disabled')).id;
      const off = await createTag(server, ownerCredentials, organizationId, { name: 'Off' });
      const on = await createTag(server, ownerCredentials, organizationId, { name: 'On' });
      await createRule(organizationId, { name: 'Disabled', tagIds: [off.id], enabled: false });
      await createRule(organizationId, { name: 'Enabled', tagIds: [on.id] });
      await createRule(organizationId, { name: 'Enabled again', tagIds: [on.id] });
      const [document] = await uploadAndExtract(organizationId, [{ name: 'memo.txt', data: 'A memo' }]);
      expect(tagNames(document!)).toEqual(['On']);
      const activities = await listActivities(server, ownerCredentials, organizationId, document!.id);
      expect(activities.filter(({ event }) => event === 'tagged')).toHaveLength(1);
    });

    it('keeps a rule whose only tag was deleted, attaching nothing until it is given one', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine orphan')).id;
      const gone = await createTag(server, ownerCredentials, organizationId, { name: 'Gone' });
      const rule = await createRule(organizationId, { name: 'Orphan', tagIds: [gone.id] });
      const deleted = await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/tags/${gone.id}`,
        ownerCredentials,
      );
      expect(deleted.status).toBe(204);
      const read = await request(server, 'GET', `${rulesPath(organizationId)}/${rule.id}`, ownerCredentials);
      expect((await readJson<{ taggingRule: TaggingRuleDto }>(read)).taggingRule).toMatchObject({
        name: 'Orphan',
        actions: [],
        enabled: true,
      });
      const [document] = await uploadAndExtract(organizationId, [{ name: 'orphan.txt', data: 'orphaned' }]);
      expect(tagNames(document!)).toEqual([]);
      expect(await applyRule(organizationId, rule.id)).toMatchObject({
        status: 'succeeded',
        taggedDocumentsCount: 0,
      });
    });

    it('needs only one condition in any mode', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine any')).id;
      const finance = await createTag(server, ownerCredentials, organizationId, { name: 'Finance' });
      await createRule(organizationId, {
        name: 'Finance',
        conditionMatchMode: 'any',
        conditions: [
          { field: 'name', operator: 'ends_with', value: '.csv' },
          { field: 'content', operator: 'contains', value: 'balance sheet' },
        ],
        tagIds: [finance.id],
      });
      const documents = await uploadAndExtract(organizationId, [
        { name: 'q1.txt', data: 'Q1 Balance Sheet' },
        { name: 'export.csv', data: 'a,b\n1,2' },
        { name: 'notes.txt', data: 'Nothing to see' },
      ]);
      expect(documents.map(tagNames)).toEqual([['Finance'], ['Finance'], []]);
    });

    it('tags every document with a rule without conditions', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine all')).id;
      const inbox = await createTag(server, ownerCredentials, organizationId, { name: 'Inbox' });
      await createRule(organizationId, { name: 'Everything', conditions: [], tagIds: [inbox.id] });
      const documents = await uploadAndExtract(organizationId, [
        { name: 'one.txt', data: 'first' },
        { name: 'two.txt', data: 'second' },
      ]);
      expect(documents.map(tagNames)).toEqual([['Inbox'], ['Inbox']]);
    });
  });

  describe('apply to existing documents', () => {
    it('runs as a job that tags matching documents outside the trash and counts those that got a new tag', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply')).id;
      const contracts = await createTag(server, ownerCredentials, organizationId, { name: 'Contracts' });
      const signed = await createTag(server, ownerCredentials, organizationId, { name: 'Signed' });
      const [first, second, alreadyTagged, trashed, unrelated] = await uploadAndExtract(organizationId, [
        { name: 'contract-a.txt', data: 'Contract A, signed' },
        { name: 'contract-b.txt', data: 'Contract B, signed' },
        { name: 'contract-c.txt', data: 'Contract C, signed' },
        { name: 'contract-d.txt', data: 'Contract D, signed' },
        { name: 'notes.txt', data: 'Contract notes, unsigned draft' },
      ]);
      expect(
        (await attachTag(server, ownerCredentials, organizationId, alreadyTagged!.id, contracts.id)).status,
      ).toBe(201);
      expect(
        (await attachTag(server, ownerCredentials, organizationId, alreadyTagged!.id, signed.id)).status,
      ).toBe(201);
      await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/documents/${trashed!.id}`,
        ownerCredentials,
      );
      const rule = await createRule(organizationId, {
        name: 'Signed contracts',
        conditions: [
          { field: 'name', operator: 'starts_with', value: 'contract' },
          { field: 'content', operator: 'not_contains', value: 'unsigned' },
        ],
        tagIds: [contracts.id, signed.id],
        enabled: false,
      });
      expect(rule.latestRun).toBeNull();
      tick();
      const started = await startRun(organizationId, rule.id);
      expect(started).toEqual({
        id: expect.stringMatching(/^trr_[a-z0-9]{24}$/),
        taggingRuleId: rule.id,
        status: 'pending',
        processedDocumentsCount: 0,
        taggedDocumentsCount: 0,
        createdAt: clock.now().toISOString(),
        startedAt: null,
        finishedAt: null,
      });
      // Nothing is tagged before the worker runs the job.
      expect(tagNames(await getDocument(server, ownerCredentials, organizationId, first!.id))).toEqual([]);

      tick();
      await server.jobQueue.runDueJobs();
      const finished = await getRun(organizationId, rule.id, started.id);
      expect(finished).toEqual({
        ...started,
        status: 'succeeded',
        processedDocumentsCount: 4,
        taggedDocumentsCount: 2,
        startedAt: clock.now().toISOString(),
        finishedAt: clock.now().toISOString(),
      });
      for (const document of [first!, second!, alreadyTagged!]) {
        const current = await getDocument(server, ownerCredentials, organizationId, document.id);
        expect(tagNames(current)).toEqual(['Contracts', 'Signed']);
      }
      expect(tagNames(await getDocument(server, ownerCredentials, organizationId, trashed!.id))).toEqual([]);
      expect(tagNames(await getDocument(server, ownerCredentials, organizationId, unrelated!.id))).toEqual(
        [],
      );
      const activities = await listActivities(server, ownerCredentials, organizationId, first!.id);
      expect(activities.slice(0, 2).map(({ event, user }) => [event, user])).toEqual([
        ['tagged', null],
        ['tagged', null],
      ]);
      const read = await request(server, 'GET', `${rulesPath(organizationId)}/${rule.id}`, ownerCredentials);
      expect((await readJson<{ taggingRule: TaggingRuleDto }>(read)).taggingRule.latestRun).toEqual(finished);

      const again = await applyRule(organizationId, rule.id);
      expect(again.id).not.toBe(started.id);
      expect(again).toMatchObject({
        status: 'succeeded',
        processedDocumentsCount: 4,
        taggedDocumentsCount: 0,
      });
    });

    it('answers the pending run instead of starting a second one', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply twice')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Twice' });
      await uploadAndExtract(organizationId, [{ name: 'one.txt', data: 'one' }]);
      const rule = await createRule(organizationId, { name: 'Twice', tagIds: [tag.id], enabled: false });
      const first = await startRun(organizationId, rule.id);
      const second = await startRun(organizationId, rule.id);
      expect(second).toEqual(first);
      expect(await server.jobQueue.runDueJobs()).toBe(1);
      expect(await getRun(organizationId, rule.id, first.id)).toMatchObject({
        status: 'succeeded',
        taggedDocumentsCount: 1,
      });
    });

    it('keeps the newest ten finished runs of a rule', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply history')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'History' });
      const rule = await createRule(organizationId, { name: 'History', tagIds: [tag.id] });
      const runs = [];
      for (let index = 0; index < 12; index++) runs.push(await applyRule(organizationId, rule.id));
      const { rows } = await testDatabase.db
        .selectFrom('tagging_rule_runs')
        .select('id')
        .where('tagging_rule_id', '=', rule.id)
        .execute()
        .then((kept) => ({ rows: kept.map(({ id }) => id).sort() }));
      expect(rows).toEqual(
        runs
          .slice(2)
          .map(({ id }) => id)
          .sort(),
      );
      const oldest = await request(
        server,
        'GET',
        `${rulesPath(organizationId)}/${rule.id}/runs/${runs[0]!.id}`,
        ownerCredentials,
      );
      expect(oldest.status).toBe(404);
    });

    it('works through more documents than one batch, and resumes from its cursor when taken over', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply batches')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Bulk' });
      const now = clock.now().toISOString();
      const rows = Array.from({ length: 205 }, (_, index) => ({
        id: `doc_bulk${String(index).padStart(20, '0')}`,
        organization_id: organizationId,
        name: index % 2 === 0 ? `even-${index}.txt` : `odd-${index}.txt`,
        original_name: `file-${index}.txt`,
        original_size: 1,
        original_sha256: `sha-${organizationId}-${index}`,
        mime_type: 'text/plain',
        storage_key: `${organizationId}/bulk-${index}`,
        content: '',
        created_by: owner.userId,
        created_at: now,
        updated_at: null,
        is_deleted: 0 as const,
        deleted_at: null,
        deleted_by: null,
        scheduled_purge_at: null,
      }));
      await testDatabase.db.insertInto('documents').values(rows).execute();
      const rule = await createRule(organizationId, {
        name: 'Even',
        conditions: [{ field: 'name', operator: 'starts_with', value: 'even-' }],
        tagIds: [tag.id],
      });
      expect(await applyRule(organizationId, rule.id)).toMatchObject({
        status: 'succeeded',
        processedDocumentsCount: 205,
        taggedDocumentsCount: 103,
      });
      const tags = await readJson<{ tags: TagDto[] }>(
        await request(server, 'GET', `/api/organizations/${organizationId}/tags`, ownerCredentials),
      );
      expect(tags.tags[0]!.documentsCount).toBe(103);

      // A run whose worker died after its first batch: the next worker carries on from its cursor.
      const odd = await createTag(server, ownerCredentials, organizationId, { name: 'Odd' });
      const oddRule = await createRule(organizationId, {
        name: 'Odd',
        conditions: [{ field: 'name', operator: 'starts_with', value: 'odd-' }],
        tagIds: [odd.id],
      });
      const started = await startRun(organizationId, oddRule.id);
      await testDatabase.db
        .updateTable('tagging_rule_runs')
        .set({
          status: 'running',
          processed_documents_count: 100,
          tagged_documents_count: 50,
          last_document_id: rows[99]!.id,
        })
        .where('id', '=', started.id)
        .execute();
      await server.jobQueue.runDueJobs();
      expect(await getRun(organizationId, oddRule.id, started.id)).toMatchObject({
        status: 'succeeded',
        processedDocumentsCount: 205,
        taggedDocumentsCount: 102,
      });
      // Only the documents after the cursor were gone through: 52 odd ones of the last 105.
      const oddCount = await testDatabase.db
        .selectFrom('documents_tags')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tag_id', '=', odd.id)
        .executeTakeFirstOrThrow();
      expect(Number(oddCount.count)).toBe(52);
    });

    it('drops the run of a rule deleted before its job ran, and the job ends quietly', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply deleted')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Short-lived' });
      const rule = await createRule(organizationId, { name: 'Short-lived', tagIds: [tag.id] });
      const started = await startRun(organizationId, rule.id);
      expect(
        (await request(server, 'DELETE', `${rulesPath(organizationId)}/${rule.id}`, ownerCredentials)).status,
      ).toBe(204);
      await server.jobQueue.runDueJobs();
      const jobs = await testDatabase.db
        .selectFrom('jobs')
        .select(['status'])
        .where('type', '=', 'tagging-rules.apply')
        .where('status', '=', 'failed')
        .execute();
      expect(jobs).toEqual([]);
      const read = await request(
        server,
        'GET',
        `${rulesPath(organizationId)}/${rule.id}/runs/${started.id}`,
        ownerCredentials,
      );
      expect(read.status).toBe(404);
      expect((await readError(read)).error.code).toBe('tagging_rules.not_found');
    });

    it('marks the run failed once its job has failed its last try', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply failing')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Broken' });
      const rule = await createRule(organizationId, { name: 'Broken', tagIds: [tag.id] });
      // A rule row that cannot be read makes every try fail.
      await testDatabase.db
        .updateTable('tagging_rules')
        .set({ conditions: 'not json' })
        .where('id', '=', rule.id)
        .execute();
      const started = await startRun(organizationId, rule.id);
      const statuses = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await server.jobQueue.runDueJobs()).toBe(1);
        statuses.push((await getRun(organizationId, rule.id, started.id)).status);
        clock.advance(60_000);
      }
      expect(statuses).toEqual(['running', 'running', 'failed']);
      expect(await getRun(organizationId, rule.id, started.id)).toMatchObject({
        processedDocumentsCount: 0,
        taggedDocumentsCount: 0,
        finishedAt: expect.any(String),
      });
      // A new run can start once the failed one is over.
      expect((await startRun(organizationId, rule.id)).id).not.toBe(started.id);
      await request(server, 'DELETE', `${rulesPath(organizationId)}/${rule.id}`, ownerCredentials);
    });

    it('answers 404 tagging_rule_runs.not_found for an unknown run or a run of another rule', async () => {
      const organizationId = (await createOrganization(server, owner, 'Apply 404')).id;
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Runs' });
      const ruleA = await createRule(organizationId, { name: 'A', tagIds: [tag.id] });
      const ruleB = await createRule(organizationId, { name: 'B', tagIds: [tag.id] });
      const runOfA = await applyRule(organizationId, ruleA.id);
      for (const path of [
        `${rulesPath(organizationId)}/${ruleB.id}/runs/${runOfA.id}`,
        `${rulesPath(organizationId)}/${ruleA.id}/runs/trr_unknown`,
      ]) {
        const response = await request(server, 'GET', path, ownerCredentials);
        expect(response.status).toBe(404);
        expect((await readError(response)).error).toEqual({
          code: 'tagging_rule_runs.not_found',
          message: 'No run with this id for this tagging rule.',
        });
      }
    });
  });
});

import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import type {
  ApplyTaggingRuleResult,
  TaggingRuleDto,
  TaggingRuleInput,
} from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readError, readJson } from '../../test/http';
import { createTestServer } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import {
  createApiKey,
  createOrganization,
  createUser,
  organizationsTestEnv,
  type TestServer,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { attachTag, createTag } from '../tags/tags.test-helpers';

describe.each(testDialects)('tagging rules API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  let smtp: TestSmtpServer;
  let server: TestServer;
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

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = createTestServer({
      database: testDatabase.database,
      clock,
      env: organizationsTestEnv(smtp, { MAX_ORGANIZATIONS_PER_USER: '50' }),
    });
    owner = await createUser(server, smtp, 'rules-owner@example.com', 'Olivia Owner');
    outsider = await createUser(server, smtp, 'rules-outsider@example.com');
    ownerCredentials = { cookie: owner.cookie };
  });
  afterAll(async () => {
    await server?.services.extractionPool.close();
    await smtp?.close();
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
        enabled: true,
        matchMode: 'all',
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
            matchMode: 'any',
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
        matchMode: 'any',
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
        [{ name: 'Mode', tagIds: [tag.id], matchMode: 'most' }, 'matchMode'],
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
      const applied = await request(
        server,
        'POST',
        `${rulesPath(organizationId)}/${rule.id}/apply`,
        ownerCredentials,
      );
      expect(await readJson<ApplyTaggingRuleResult>(applied)).toEqual({ taggedDocumentsCount: 0 });
    });

    it('needs only one condition in any mode', async () => {
      const organizationId = (await createOrganization(server, owner, 'Engine any')).id;
      const finance = await createTag(server, ownerCredentials, organizationId, { name: 'Finance' });
      await createRule(organizationId, {
        name: 'Finance',
        matchMode: 'any',
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
    it('tags matching documents outside the trash and counts those that got a new tag', async () => {
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
      tick();
      const applied = await request(
        server,
        'POST',
        `${rulesPath(organizationId)}/${rule.id}/apply`,
        ownerCredentials,
      );
      expect(applied.status).toBe(200);
      expect(await readJson<ApplyTaggingRuleResult>(applied)).toEqual({ taggedDocumentsCount: 2 });
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

      const again = await request(
        server,
        'POST',
        `${rulesPath(organizationId)}/${rule.id}/apply`,
        ownerCredentials,
      );
      expect(await readJson<ApplyTaggingRuleResult>(again)).toEqual({ taggedDocumentsCount: 0 });
    });

    it('works through more documents than one batch', async () => {
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
      const applied = await request(
        server,
        'POST',
        `${rulesPath(organizationId)}/${rule.id}/apply`,
        ownerCredentials,
      );
      expect(await readJson<ApplyTaggingRuleResult>(applied)).toEqual({ taggedDocumentsCount: 103 });
      const tags = await readJson<{ tags: TagDto[] }>(
        await request(server, 'GET', `/api/organizations/${organizationId}/tags`, ownerCredentials),
      );
      expect(tags.tags[0]!.documentsCount).toBe(103);
    });
  });
});

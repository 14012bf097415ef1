import { beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, createDocument, request } from '../modules/documents/documents.test-helpers';
import { createOrganization, type TestUser } from '../modules/organizations/organizations.test-helpers';
import { createTag } from '../modules/tags/tags.test-helpers';
import { useApiTestServer } from '../test/api-test-fixture';
import { readError, readJson } from '../test/http';
import { testDialects, useTestDatabase } from '../test/test-database';

/**
 * Request bodies are strict: a key the route does not know answers 400 with a detail naming it,
 * and changes nothing — a client with a typo or an old field name learns it at once instead of
 * getting a 2xx that silently ignored what it meant (e.g. `matchMode` for `conditionMatchMode`).
 */
describe.each(testDialects)('strict request bodies on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
  });
  let owner: TestUser;
  let credentials: Credentials;
  let organizationId: string;
  let tagId: string;
  let documentId: string;
  let memberId: string;

  beforeAll(async () => {
    owner = await createUser('strict-owner@example.com', 'Olivia Owner');
    credentials = { cookie: owner.cookie };
    organizationId = (await createOrganization(server, owner, 'Strict')).id;
    tagId = (await createTag(server, credentials, organizationId, { name: 'Invoices' })).id;
    documentId = (await createDocument(server, credentials, organizationId, { name: 'a.txt', data: 'text' }))
      .id;
    const members = await readJson<{ members: Array<{ id: string }> }>(
      await request(server, 'GET', `/api/organizations/${organizationId}/members`, credentials),
    );
    memberId = members.members[0]?.id ?? '';
  });

  const org = (path = '') => `/api/organizations/${organizationId}${path}`;
  const cases: Array<{
    family: string;
    method: string;
    path: () => string;
    body: () => Record<string, unknown>;
  }> = [
    {
      family: 'organizations',
      method: 'POST',
      path: () => '/api/organizations',
      body: () => ({ name: 'New' }),
    },
    { family: 'organizations', method: 'PUT', path: () => org(), body: () => ({ name: 'Renamed' }) },
    { family: 'users', method: 'PUT', path: () => '/api/users/me', body: () => ({ name: 'Ada' }) },
    {
      family: 'api-keys',
      method: 'POST',
      path: () => '/api/api-keys',
      body: () => ({ name: 'CI', permissions: ['documents:read'] }),
    },
    {
      family: 'members',
      method: 'PATCH',
      path: () => org(`/members/${memberId}`),
      body: () => ({ role: 'admin' }),
    },
    {
      family: 'invitations',
      method: 'POST',
      path: () => org('/members/invitations'),
      body: () => ({ email: 'invitee@example.com', role: 'member' }),
    },
    {
      family: 'documents',
      method: 'PATCH',
      path: () => org(`/documents/${documentId}`),
      body: () => ({ name: 'b.txt' }),
    },
    {
      family: 'tags',
      method: 'POST',
      path: () => org('/tags'),
      body: () => ({ name: 'Receipts', color: '#aabbcc' }),
    },
    {
      family: 'tags',
      method: 'POST',
      path: () => org(`/documents/${documentId}/tags`),
      body: () => ({ tagId }),
    },
    {
      family: 'tagging-rules',
      method: 'POST',
      path: () => org('/tagging-rules'),
      body: () => ({ name: 'Rule', tagIds: [tagId] }),
    },
    {
      family: 'webhooks',
      method: 'POST',
      path: () => org('/webhooks'),
      body: () => ({ name: 'Hook', url: 'http://127.0.0.1:9/hook', events: ['document:created'] }),
    },
  ];

  it.each(cases)(
    'refuses an unknown key in a $family body ($method), naming it',
    async ({ method, path, body }) => {
      const before = await countRows();
      const response = await request(server, method, path(), credentials, {
        body: { ...body(), colour: 'typo' },
      });
      expect(response.status).toBe(400);
      const { error } = await readError(response);
      expect(error.code).toBe('api.validation_error');
      expect(error.details).toEqual([expect.objectContaining({ path: 'colour', code: 'unrecognized_keys' })]);
      expect(await countRows()).toEqual(before);
    },
  );

  it('refuses the match mode under another name than conditionMatchMode, and honours conditionMatchMode', async () => {
    const wrongName = await request(server, 'POST', org('/tagging-rules'), credentials, {
      body: { name: 'Any', tagIds: [tagId], matchMode: 'any' },
    });
    expect(wrongName.status).toBe(400);
    expect((await readError(wrongName)).error.details).toEqual([
      expect.objectContaining({ path: 'matchMode' }),
    ]);
    const created = await request(server, 'POST', org('/tagging-rules'), credentials, {
      body: { name: 'Any', tagIds: [tagId], conditionMatchMode: 'any' },
    });
    expect(created.status).toBe(201);
    const { taggingRule } = await readJson<{ taggingRule: { conditionMatchMode: string } }>(created);
    expect(taggingRule.conditionMatchMode).toBe('any');
  });

  /** Rows of every table a case could have written to. */
  async function countRows() {
    const tables = [
      'organizations',
      'api_keys',
      'organization_invitations',
      'tags',
      'documents_tags',
      'tagging_rules',
      'webhooks',
    ] as const;
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await testDatabase.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.count);
    }
    const names = await testDatabase.db
      .selectFrom('documents')
      .select('name')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const organization = await testDatabase.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const role = await testDatabase.db
      .selectFrom('organization_members')
      .select('role')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { ...counts, documentName: names.name, organizationName: organization.name, role: role.role };
  }
});

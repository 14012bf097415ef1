import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { call, createOrganization, type OrganizationBody, type TestUser } from './organizations.test-helpers';

/** Issue #14: names, titles and queries refuse C0/C1 control characters with a validation error. */
describe.each(testDialects)('control characters in names and queries on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let owner: TestUser;
  let organization: OrganizationBody;

  beforeAll(async () => {
    owner = await createUser('control@example.com', 'Carla Control');
    organization = await createOrganization(server, owner, 'Clean name');
  });

  const expectControlCharactersRefused = async (response: Response, path: string) => {
    expect(response.status).toBe(400);
    const { error } = await readError(response);
    expect(error.code).toBe('api.validation_error');
    expect(error.details).toContainEqual(
      expect.objectContaining({ path, message: 'Control characters are not allowed' }),
    );
  };

  it('refuses to create an organization named with a NUL and creates nothing', async () => {
    const before = await testDatabase.db.selectFrom('organizations').select('id').execute();
    for (const name of ['Nul\u0000Org', 'Bell\u0007Org', 'C1\u0085Org', 'Line\nbreak', 'Trailing\n']) {
      const response = await call(server.app, 'POST', '/api/organizations', {
        cookie: owner.cookie,
        body: { name },
      });
      await expectControlCharactersRefused(response, 'name');
    }
    expect(await testDatabase.db.selectFrom('organizations').select('id').execute()).toEqual(before);
  });

  it('refuses to rename an organization to a name with a bell and leaves it unchanged', async () => {
    const response = await call(server.app, 'PUT', `/api/organizations/${organization.id}`, {
      cookie: owner.cookie,
      body: { name: 'Tab\u0007Bell' },
    });
    await expectControlCharactersRefused(response, 'name');
    const row = await testDatabase.db
      .selectFrom('organizations')
      .select(['name', 'updated_at'])
      .where('id', '=', organization.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Clean name');
  });

  it('stores names NFC-normalised and trimmed', async () => {
    const response = await call(server.app, 'PUT', `/api/organizations/${organization.id}`, {
      cookie: owner.cookie,
      // "Café" with a combining acute accent: stored as the single precomposed é.
      body: { name: '  Cafe\u0301 papers ' },
    });
    expect(response.status).toBe(200);
    const { organization: renamed } = await readJson<{ organization: OrganizationBody }>(response);
    expect(renamed.name).toBe('Caf\u00e9 papers');
  });

  it('answers 400, never 500, to a search query with a NUL or another control character', async () => {
    for (const query of ['ab%00cd', '%00%00', 'in%07voice', 'x%C2%9Fy']) {
      const response = await call(
        server.app,
        'GET',
        `/api/organizations/${organization.id}/documents/search?searchQuery=${query}`,
        { cookie: owner.cookie },
      );
      await expectControlCharactersRefused(response, 'searchQuery');
    }
    const clean = await call(
      server.app,
      'GET',
      `/api/organizations/${organization.id}/documents/search?searchQuery=invoice`,
      { cookie: owner.cookie },
    );
    expect(clean.status).toBe(200);
  });

  it('refuses a tag named with a NUL but keeps line breaks and tabs in its description', async () => {
    const tagsPath = `/api/organizations/${organization.id}/tags`;
    const refused = await call(server.app, 'POST', tagsPath, {
      cookie: owner.cookie,
      body: { name: 'Nul\u0000Tag', color: '#d8ff75' },
    });
    await expectControlCharactersRefused(refused, 'name');
    const badDescription = await call(server.app, 'POST', tagsPath, {
      cookie: owner.cookie,
      body: { name: 'Receipts', color: '#d8ff75', description: 'Escape \u001b[31m' },
    });
    await expectControlCharactersRefused(badDescription, 'description');
    const created = await call(server.app, 'POST', tagsPath, {
      cookie: owner.cookie,
      body: { name: 'Receipts', color: '#d8ff75', description: 'Line one\n\tLine two' },
    });
    expect(created.status).toBe(201);
    const { tag } = await readJson<{ tag: { id: string; description: string } }>(created);
    expect(tag.description).toBe('Line one\n\tLine two');
    const renamed = await call(server.app, 'PUT', `${tagsPath}/${tag.id}`, {
      cookie: owner.cookie,
      body: { name: 'Rec\u0000eipts', color: '#d8ff75' },
    });
    await expectControlCharactersRefused(renamed, 'name');
    const tags = await readJson<{ tags: Array<{ name: string }> }>(
      await call(server.app, 'GET', tagsPath, { cookie: owner.cookie }),
    );
    expect(tags.tags.map(({ name }) => name)).toEqual(['Receipts']);
  });

  it('refuses control characters in a tagging rule name and condition value', async () => {
    const tag = await readJson<{ tag: { id: string } }>(
      await call(server.app, 'POST', `/api/organizations/${organization.id}/tags`, {
        cookie: owner.cookie,
        body: { name: 'Invoices', color: '#d8ff75' },
      }),
    );
    const rule = (name: string, value: string) => ({
      name,
      conditions: [{ field: 'name', operator: 'contains', value }],
      tagIds: [tag.tag.id],
    });
    const path = `/api/organizations/${organization.id}/tagging-rules`;
    await expectControlCharactersRefused(
      await call(server.app, 'POST', path, { cookie: owner.cookie, body: rule('Rule\u0000', 'invoice') }),
      'name',
    );
    await expectControlCharactersRefused(
      await call(server.app, 'POST', path, { cookie: owner.cookie, body: rule('Rule', 'in\u0000voice') }),
      'conditions.0.value',
    );
  });

  it('refuses an API key named with a control character', async () => {
    const response = await call(server.app, 'POST', '/api/api-keys', {
      cookie: owner.cookie,
      body: { name: 'key\u0000', permissions: ['organizations:read'] },
    });
    await expectControlCharactersRefused(response, 'name');
  });
});

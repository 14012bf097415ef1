import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { authRequest } from '../../test/test-auth';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertOrganization } from '../../test/test-organizations';
import type { TestUser } from './organizations.test-helpers';

describe.each(testDialects)('listing organizations on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser('orgs@example.com');
    const stranger = await createUser('x@example.com');
    await insertOrganization(testDatabase.db, {
      id: 'org_aaaaaaaaaaaaaaaaaaaaaaaa',
      members: [{ userId: user.userId, role: 'owner' }],
    });
    await insertOrganization(testDatabase.db, {
      id: 'org_bbbbbbbbbbbbbbbbbbbbbbbb',
      members: [{ userId: user.userId, role: 'member' }],
    });
    await insertOrganization(testDatabase.db, {
      id: 'org_deleteddeleteddeleteddd',
      members: [{ userId: user.userId, role: 'owner' }],
      deletedAt: new Date().toISOString(),
    });
    await insertOrganization(testDatabase.db, {
      id: 'org_strangerstrangerstrange',
      members: [{ userId: stranger.userId, role: 'owner' }],
    });
  });

  const ids = async (response: Response) =>
    (await readJson<{ organizations: Array<{ id: string }> }>(response)).organizations.map(({ id }) => id);

  const createToken = async (body: Record<string, unknown>) =>
    (
      await readJson<{ token: string }>(
        await authRequest(server.app, '/api/api-keys', {
          cookie: user.cookie,
          body: {
            name: 'k',
            permissions: ['organizations:read'],
            organizationIds: [],
            allOrganizations: false,
            ...body,
          },
        }),
      )
    ).token;

  const withKey = (token: string) =>
    server.app.request('/api/organizations', { headers: { authorization: `Bearer ${token}` } });

  it('lists the organizations the user belongs to, without deleted ones', async () => {
    const response = await authRequest(server.app, '/api/organizations', {
      method: 'GET',
      cookie: user.cookie,
    });
    expect(response.status).toBe(200);
    expect(await ids(response)).toEqual(['org_aaaaaaaaaaaaaaaaaaaaaaaa', 'org_bbbbbbbbbbbbbbbbbbbbbbbb']);
  });

  it('shows an API key only the organizations it is scoped to', async () => {
    expect(
      await ids(await withKey(await createToken({ organizationIds: ['org_bbbbbbbbbbbbbbbbbbbbbbbb'] }))),
    ).toEqual(['org_bbbbbbbbbbbbbbbbbbbbbbbb']);
    expect(await ids(await withKey(await createToken({ allOrganizations: true })))).toEqual([
      'org_aaaaaaaaaaaaaaaaaaaaaaaa',
      'org_bbbbbbbbbbbbbbbbbbbbbbbb',
    ]);
  });

  it('refuses an API key without organizations:read, and anonymous callers', async () => {
    const token = await createToken({ permissions: ['documents:read'], allOrganizations: true });
    const refused = await withKey(token);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('auth.forbidden');
    expect((await server.app.request('/api/organizations')).status).toBe(401);
  });
});

import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  addMember,
  call,
  createApiKey,
  createOrganization,
  DAY_MS,
  invite,
  type OrganizationBody,
  type TestUser,
} from './organizations.test-helpers';

describe.each(testDialects)('organizations lifecycle on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date());
  const { server, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '3', ORGANIZATIONS_PURGE_DAYS: '30' },
  });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let shared: OrganizationBody;

  beforeAll(async () => {
    owner = await createUser('owner@example.com', 'Olivia Owner');
    admin = await createUser('admin@example.com', 'Adam Admin');
    member = await createUser('member@example.com', 'Mia Member');
    stranger = await createUser('stranger@example.com', 'Sam Stranger');
    shared = await createOrganization(server, owner, 'Shared archive');
    await addMember(server, owner, shared.id, admin, 'admin');
    await addMember(server, owner, shared.id, member, 'member');
  });

  const organizationRow = (id: string) =>
    testDatabase.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  const listIds = async (user: TestUser) =>
    (
      await readJson<{ organizations: OrganizationBody[] }>(
        await call(server.app, 'GET', '/api/organizations', { cookie: user.cookie }),
      )
    ).organizations.map(({ id }) => id);

  it('creates an organization with a trimmed name; its creator is the owner', async () => {
    const response = await call(server.app, 'POST', '/api/organizations', {
      cookie: stranger.cookie,
      body: { name: '   Family papers  ' },
    });
    expect(response.status).toBe(201);
    const { organization } = await readJson<{ organization: OrganizationBody }>(response);
    expect(organization).toEqual({
      id: expect.stringMatching(/^org_[a-z0-9]{24}$/),
      name: 'Family papers',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
      deletedAt: null,
      scheduledPurgeAt: null,
      requiresTwoFactor: false,
    });
    const me = await readJson<{ member: { role: string; user: { id: string } } }>(
      await call(server.app, 'GET', `/api/organizations/${organization.id}/members/me`, {
        cookie: stranger.cookie,
      }),
    );
    expect(me.member.role).toBe('owner');
    expect(me.member.user.id).toBe(stranger.userId);
    expect(await listIds(stranger)).toContain(organization.id);
  });

  it('refuses invalid names with the spec messages, and creates nothing', async () => {
    const before = await testDatabase.db.selectFrom('organizations').select('id').execute();
    const cases: Array<[unknown, string | undefined]> = [
      [{ name: '  ab  ' }, 'Organization name must be at least 3 characters'],
      [{ name: '' }, 'Organization name must be at least 3 characters'],
      [{ name: 'x'.repeat(51) }, 'Organization name must be at most 50 characters'],
      [{ name: 42 }, undefined],
      [{}, undefined],
      [[], undefined],
    ];
    for (const [body, message] of cases) {
      const response = await call(server.app, 'POST', '/api/organizations', {
        cookie: stranger.cookie,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await readError(response);
      expect(error.code).toBe('api.validation_error');
      if (message) expect(error.details).toEqual([expect.objectContaining({ path: 'name', message })]);
    }
    const invalidJson = await server.app.request('/api/organizations', {
      method: 'POST',
      headers: {
        cookie: stranger.cookie,
        origin: 'http://localhost:8080',
        'content-type': 'application/json',
      },
      body: '{"name":',
    });
    expect((await readError(invalidJson)).error.code).toBe('api.invalid_json');
    // 50 characters after trimming is fine.
    const longest = await call(server.app, 'POST', '/api/organizations', {
      cookie: admin.cookie,
      body: { name: ` ${'y'.repeat(50)} ` },
    });
    expect(longest.status).toBe(201);
    const created = (await readJson<{ organization: OrganizationBody }>(longest)).organization;
    expect(created.name).toBe('y'.repeat(50));
    expect((await testDatabase.db.selectFrom('organizations').select('id').execute()).length).toBe(
      before.length + 1,
    );
    expect(
      (await call(server.app, 'POST', '/api/organizations', { body: { name: 'Anonymous' } })).status,
    ).toBe(401);
  });

  it('limits the organizations a user owns to MAX_ORGANIZATIONS_PER_USER; deleted ones and memberships do not count', async () => {
    const collector = await createUser('collector@example.com');
    // Being admin elsewhere does not count.
    await addMember(server, owner, shared.id, collector, 'admin');
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three'].map((n) => `Org ${n}`)) {
      ids.push((await createOrganization(server, collector, name)).id);
    }
    const refused = await call(server.app, 'POST', '/api/organizations', {
      cookie: collector.cookie,
      body: { name: 'Org Four' },
    });
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('user.max_organization_count_reached');
    expect(await listIds(collector)).toHaveLength(4);

    const deleted = await call(server.app, 'DELETE', `/api/organizations/${ids[0]}`, {
      cookie: collector.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(
      (
        await call(server.app, 'POST', '/api/organizations', {
          cookie: collector.cookie,
          body: { name: 'Org Four' },
        })
      ).status,
    ).toBe(201);
    // Restoring brings it back over the limit; creating is refused again.
    expect(
      (await call(server.app, 'POST', `/api/organizations/${ids[0]}/restore`, { cookie: collector.cookie }))
        .status,
    ).toBe(204);
    expect(
      (
        await call(server.app, 'POST', '/api/organizations', {
          cookie: collector.cookie,
          body: { name: 'Org Five' },
        })
      ).status,
    ).toBe(403);
  });

  it('shows an organization to its members only; others, unknown and deleted ids get 403', async () => {
    for (const user of [owner, admin, member]) {
      const response = await call(server.app, 'GET', `/api/organizations/${shared.id}`, {
        cookie: user.cookie,
      });
      expect(response.status).toBe(200);
      expect((await readJson<{ organization: OrganizationBody }>(response)).organization).toMatchObject({
        id: shared.id,
        name: 'Shared archive',
      });
    }
    for (const id of [shared.id, 'org_unknownunknownunknownun', 'deleted', 'not-an-id']) {
      const user = id === shared.id ? stranger : owner;
      const response = await call(server.app, 'GET', `/api/organizations/${id}`, { cookie: user.cookie });
      if (id === 'deleted') {
        // The deleted-organizations list, not an id.
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, id).toBe(403);
      expect((await readError(response)).error.code).toBe('auth.forbidden');
    }
    expect((await call(server.app, 'GET', `/api/organizations/${shared.id}`)).status).toBe(401);
  });

  it('renames for the owner and admins only, with the name rules', async () => {
    for (const [user, status, name] of [
      [owner, 200, 'Renamed by owner'],
      [admin, 200, 'Renamed by admin'],
      [member, 403, 'Renamed by member'],
      [stranger, 403, 'Renamed by stranger'],
    ] as const) {
      clock.advance(1000);
      const response = await call(server.app, 'PUT', `/api/organizations/${shared.id}`, {
        cookie: user.cookie,
        body: { name: `  ${name} ` },
      });
      expect(response.status, user.email).toBe(status);
      if (status === 200) {
        const { organization } = await readJson<{ organization: OrganizationBody }>(response);
        expect(organization.name).toBe(name);
        expect(organization.updatedAt).toBe(clock.now().toISOString());
      } else {
        expect((await readError(response)).error.code).toBe('auth.forbidden');
      }
    }
    expect((await organizationRow(shared.id))?.name).toBe('Renamed by admin');
    for (const name of ['ab', 'z'.repeat(51), '   ']) {
      const response = await call(server.app, 'PUT', `/api/organizations/${shared.id}`, {
        cookie: owner.cookie,
        body: { name },
      });
      expect(response.status).toBe(400);
    }
    // A member is refused before the body is even read.
    const memberBad = await call(server.app, 'PUT', `/api/organizations/${shared.id}`, {
      cookie: member.cookie,
      body: { name: 'x' },
    });
    expect(memberBad.status).toBe(403);
    expect((await organizationRow(shared.id))?.name).toBe('Renamed by admin');
  });

  it('deletes for the owner only; the deleted organization leaves every list and route', async () => {
    const organization = await createOrganization(server, owner, 'To be deleted');
    await addMember(server, owner, organization.id, admin, 'admin');
    await addMember(server, owner, organization.id, member, 'member');
    for (const user of [admin, member, stranger]) {
      const refused = await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, {
        cookie: user.cookie,
      });
      expect(refused.status, user.email).toBe(403);
      expect((await readError(refused)).error.code).toBe('auth.forbidden');
    }
    expect((await organizationRow(organization.id))?.deleted_at).toBeNull();

    const deleted = await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, {
      cookie: owner.cookie,
    });
    expect(deleted.status).toBe(204);
    const row = await organizationRow(organization.id);
    expect(row).toMatchObject({
      deleted_at: clock.now().toISOString(),
      deleted_by: owner.userId,
      scheduled_purge_at: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
    });

    for (const user of [owner, admin, member]) {
      expect(await listIds(user)).not.toContain(organization.id);
      const response = await call(server.app, 'GET', `/api/organizations/${organization.id}/members`, {
        cookie: user.cookie,
      });
      expect(response.status).toBe(403);
    }
    // Deleting again: the organization is no longer reachable.
    expect(
      (await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(403);

    const deletedList = await readJson<{ organizations: OrganizationBody[] }>(
      await call(server.app, 'GET', '/api/organizations/deleted', { cookie: owner.cookie }),
    );
    expect(deletedList.organizations.find(({ id }) => id === organization.id)).toEqual({
      id: organization.id,
      name: 'To be deleted',
      createdAt: organization.createdAt,
      updatedAt: clock.now().toISOString(),
      deletedAt: clock.now().toISOString(),
      scheduledPurgeAt: new Date(clock.now().getTime() + 30 * DAY_MS).toISOString(),
      requiresTwoFactor: false,
    });
    // Only the one who deleted it sees it there.
    for (const user of [admin, member, stranger]) {
      const list = await readJson<{ organizations: OrganizationBody[] }>(
        await call(server.app, 'GET', '/api/organizations/deleted', { cookie: user.cookie }),
      );
      expect(list.organizations.map(({ id }) => id)).not.toContain(organization.id);
    }
  });

  it('restores before the purge date, for the owner who deleted it only', async () => {
    const organization = await createOrganization(server, owner, 'Restorable');
    await addMember(server, owner, organization.id, admin, 'admin');
    expect(
      (await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(204);
    clock.advance(29 * DAY_MS);
    for (const user of [admin, stranger]) {
      const refused = await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, {
        cookie: user.cookie,
      });
      expect(refused.status, user.email).toBe(403);
      expect((await readError(refused)).error.code).toBe('auth.forbidden');
    }
    const restored = await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, {
      cookie: owner.cookie,
    });
    expect(restored.status).toBe(204);
    expect(await organizationRow(organization.id)).toMatchObject({
      deleted_at: null,
      deleted_by: null,
      scheduled_purge_at: null,
    });
    expect(await listIds(admin)).toContain(organization.id);
    // Restoring an organization that is not deleted is a conflict, for the owner as for any member.
    for (const user of [owner, admin]) {
      const again = await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, {
        cookie: user.cookie,
      });
      expect(again.status, user.email).toBe(409);
      expect((await readError(again)).error.code).toBe('organizations.not_deleted');
    }
    expect(await organizationRow(organization.id)).toMatchObject({ deleted_at: null });
  });

  it('refuses to restore after the purge date; the purge job removes the organization and all it holds', async () => {
    const organization = await createOrganization(server, owner, 'Doomed');
    await addMember(server, owner, organization.id, member, 'member');
    await invite(server, owner, organization.id, 'pending@example.com');
    const token = await createApiKey(server, owner, {
      permissions: ['organizations:read'],
      organizationIds: [organization.id],
    });
    const keeper = await createOrganization(server, admin, 'Keeper');
    expect(
      (await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const ran = async () => {
      await server.jobQueue.runDueSchedules();
      await server.jobQueue.runDueJobs();
    };
    await ran();
    expect(await organizationRow(organization.id)).toBeDefined();

    clock.advance(30 * DAY_MS + 1);
    const late = await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, {
      cookie: owner.cookie,
    });
    expect(late.status).toBe(404);
    expect((await readError(late)).error.code).toBe('organizations.not_found');
    const list = await readJson<{ organizations: OrganizationBody[] }>(
      await call(server.app, 'GET', '/api/organizations/deleted', { cookie: owner.cookie }),
    );
    expect(list.organizations.map(({ id }) => id)).not.toContain(organization.id);

    const purgeStepCalls: string[] = [];
    server.services.organizations.addPurgeStep(async ({ organizationId }) => {
      purgeStepCalls.push(organizationId);
    });
    await ran();
    expect(purgeStepCalls).toContain(organization.id);
    expect(await organizationRow(organization.id)).toBeUndefined();
    const leftovers = await Promise.all([
      testDatabase.db
        .selectFrom('organization_members')
        .select('id')
        .where('organization_id', '=', organization.id)
        .execute(),
      testDatabase.db
        .selectFrom('organization_invitations')
        .select('id')
        .where('organization_id', '=', organization.id)
        .execute(),
      testDatabase.db
        .selectFrom('api_key_organizations')
        .select('api_key_id')
        .where('organization_id', '=', organization.id)
        .execute(),
    ]);
    expect(leftovers).toEqual([[], [], []]);
    // Other organizations are untouched; the scoped key now reaches nothing.
    expect(await organizationRow(keeper.id)).toBeDefined();
    expect(await organizationRow(shared.id)).toBeDefined();
    const keyList = await readJson<{ organizations: OrganizationBody[] }>(
      await call(server.app, 'GET', '/api/organizations', { token }),
    );
    expect(keyList.organizations).toEqual([]);
    const again = await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, {
      cookie: owner.cookie,
    });
    expect(again.status).toBe(403);
  });

  it('lets API keys call the organization routes with the matching permission only', async () => {
    const keyOwner = await createUser('key-owner@example.com');
    const organization = await createOrganization(server, keyOwner, 'Keyed');
    const keyWith = (permissions: string[]) =>
      createApiKey(server, keyOwner, { permissions, organizationIds: [organization.id] });
    const all = await createApiKey(server, keyOwner, {
      permissions: [...API_KEY_PERMISSIONS],
      allOrganizations: true,
    });
    const none = await keyWith(['documents:read']);

    const routes: Array<{
      method: string;
      path: string;
      body?: unknown;
      permission: string;
      status: number;
    }> = [
      {
        method: 'GET',
        path: `/api/organizations/${organization.id}`,
        permission: 'organizations:read',
        status: 200,
      },
      {
        method: 'PUT',
        path: `/api/organizations/${organization.id}`,
        body: { name: 'Keyed 2' },
        permission: 'organizations:update',
        status: 200,
      },
      {
        method: 'POST',
        path: '/api/organizations',
        body: { name: 'By key' },
        permission: 'organizations:create',
        status: 201,
      },
    ];
    for (const route of routes) {
      const refused = await call(server.app, route.method, route.path, { token: none, body: route.body });
      expect(refused.status, `${route.method} ${route.path}`).toBe(403);
      const allowed = await call(server.app, route.method, route.path, {
        token: await keyWith([route.permission]),
        body: route.body,
      });
      expect(allowed.status, `${route.method} ${route.path}`).toBe(route.status);
    }
    // Delete and restore need organizations:delete.
    expect(
      (
        await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, {
          token: await keyWith(['organizations:update']),
        })
      ).status,
    ).toBe(403);
    const deleteKey = await keyWith(['organizations:delete']);
    expect(
      (await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, { token: deleteKey }))
        .status,
    ).toBe(204);
    expect(
      (await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, { token: none }))
        .status,
    ).toBe(403);
    expect(
      (await call(server.app, 'POST', `/api/organizations/${organization.id}/restore`, { token: deleteKey }))
        .status,
    ).toBe(204);
    // The deleted list, members and invitations are for sessions only.
    for (const path of [
      '/api/organizations/deleted',
      `/api/organizations/${organization.id}/members`,
      '/api/invitations',
    ]) {
      expect((await call(server.app, 'GET', path, { token: all })).status, path).toBe(403);
    }
    // A key of a member who is not owner cannot do more than its user.
    const memberKey = await createApiKey(server, member, {
      permissions: [...API_KEY_PERMISSIONS],
      allOrganizations: true,
    });
    expect(
      (
        await call(server.app, 'PUT', `/api/organizations/${shared.id}`, {
          token: memberKey,
          body: { name: 'Nope' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(server.app, 'GET', `/api/organizations/${shared.id}`, { token: memberKey })).status,
    ).toBe(200);
  });
});

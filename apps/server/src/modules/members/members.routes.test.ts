import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  addMember,
  call,
  createApiKey,
  createOrganization,
  getMyMember,
  listMembers,
  type MemberBody,
  type TestUser,
} from '../organizations/organizations.test-helpers';

type Role = 'owner' | 'admin' | 'member';

describe.each(testDialects)('members on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let owner: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  let member: TestUser;
  let member2: TestUser;
  let stranger: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  const ids = {} as Record<'owner' | 'admin' | 'admin2' | 'member' | 'member2', string>;

  beforeAll(async () => {
    owner = await createUser('owner@example.com', 'Olivia Owner');
    admin = await createUser('admin@example.com', 'Adam Admin');
    admin2 = await createUser('admin2@example.com', 'Ada Admin');
    member = await createUser('member@example.com', 'Mia Member');
    member2 = await createUser('member2@example.com', 'Max Member');
    stranger = await createUser('stranger@example.com', 'Sam Stranger');
    organizationId = (await createOrganization(server, owner, 'Team')).id;
    ids.owner = (await getMyMember(server, owner, organizationId)).id;
    ids.admin = await addMember(server, owner, organizationId, admin, 'admin');
    ids.admin2 = await addMember(server, owner, organizationId, admin2, 'admin');
    ids.member = await addMember(server, owner, organizationId, member, 'member');
    ids.member2 = await addMember(server, owner, organizationId, member2, 'member');
    otherOrganizationId = (await createOrganization(server, stranger, 'Elsewhere')).id;
  });

  const roleOf = async (memberId: string) =>
    (
      await testDatabase.db
        .selectFrom('organization_members')
        .select('role')
        .where('id', '=', memberId)
        .executeTakeFirst()
    )?.role;
  const setRole = (memberId: string, role: Role) =>
    testDatabase.db.updateTable('organization_members').set({ role }).where('id', '=', memberId).execute();
  const patchRole = (user: TestUser, memberId: string, body: unknown, orgId = organizationId) =>
    call(server.app, 'PATCH', `/api/organizations/${orgId}/members/${memberId}`, {
      cookie: user.cookie,
      body,
    });

  it('lists the members with their user, owner first, for members only', async () => {
    for (const user of [owner, admin, member]) {
      const members = await listMembers(server, user, organizationId);
      expect(members.map(({ role }) => role)).toEqual(['owner', 'admin', 'admin', 'member', 'member']);
      expect(members[0]).toEqual({
        id: ids.owner,
        role: 'owner',
        organizationId,
        user: { id: owner.userId, email: 'owner@example.com', name: 'Olivia Owner' },
        hasSecondFactor: false,
        createdAt: expect.any(String),
      } satisfies MemberBody);
    }
    const refused = await call(server.app, 'GET', `/api/organizations/${organizationId}/members`, {
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('auth.forbidden');
  });

  it("answers the caller's own membership at members/me", async () => {
    const me = await getMyMember(server, member, organizationId);
    expect(me).toMatchObject({
      id: ids.member,
      role: 'member',
      organizationId,
      user: { id: member.userId, email: 'member@example.com', name: 'Mia Member' },
    });
    const refused = await call(server.app, 'GET', `/api/organizations/${organizationId}/members/me`, {
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(403);
  });

  it('changes roles: owner and admins set admin or member on non-owners; members cannot; nobody touches the owner', async () => {
    const actors: Array<[string, TestUser]> = [
      ['owner', owner],
      ['admin', admin],
      ['member', member],
    ];
    for (const [actorName, actor] of actors) {
      for (const targetName of ['owner', 'admin2', 'member2'] as const) {
        for (const role of ['admin', 'member'] as const) {
          const initial: Role =
            targetName === 'owner' ? 'owner' : targetName === 'admin2' ? 'admin' : 'member';
          await setRole(ids[targetName], initial);
          const response = await patchRole(actor, ids[targetName], { role });
          const allowed = actorName !== 'member' && targetName !== 'owner';
          const label = `${actorName} sets ${role} on ${targetName}`;
          expect(response.status, label).toBe(allowed ? 200 : 403);
          if (allowed) {
            const { member: updated } = (await response.json()) as { member: { id: string; role: Role } };
            expect(updated, label).toMatchObject({ id: ids[targetName], role });
          } else expect((await readError(response)).error.code, label).toBe('auth.forbidden');
          expect(await roleOf(ids[targetName]), label).toBe(allowed ? role : initial);
        }
      }
    }
    await setRole(ids.admin2, 'admin');
    await setRole(ids.member2, 'member');
  });

  it('refuses to make anyone owner and other bad bodies, and unknown or foreign member ids', async () => {
    for (const body of [{ role: 'owner' }, { role: 'boss' }, {}, { role: null }]) {
      const response = await patchRole(owner, ids.member2, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
    expect(await roleOf(ids.member2)).toBe('member');
    const strangerOwnerId = (await getMyMember(server, stranger, otherOrganizationId)).id;
    for (const memberId of ['mem_unknownunknownunknownun', strangerOwnerId]) {
      const response = await patchRole(owner, memberId, { role: 'admin' });
      expect(response.status).toBe(404);
      expect((await readError(response)).error.code).toBe('members.not_found');
    }
    expect(await roleOf(strangerOwnerId)).toBe('owner');
    // A non-member is refused before the member id is even looked at.
    const outsider = await patchRole(stranger, ids.member2, { role: 'admin' });
    expect(outsider.status).toBe(403);
    expect((await readError(outsider)).error.code).toBe('auth.forbidden');
  });

  it('removes members: owner and admins remove non-owners, members cannot, nobody removes the owner', async () => {
    const cases: Array<{
      actor: 'owner' | 'admin' | 'member';
      target: 'admin' | 'member' | 'owner';
      allowed: boolean;
    }> = [
      { actor: 'owner', target: 'admin', allowed: true },
      { actor: 'owner', target: 'member', allowed: true },
      { actor: 'admin', target: 'admin', allowed: true },
      { actor: 'admin', target: 'member', allowed: true },
      { actor: 'member', target: 'admin', allowed: false },
      { actor: 'member', target: 'member', allowed: false },
      { actor: 'admin', target: 'owner', allowed: false },
      { actor: 'member', target: 'owner', allowed: false },
    ];
    const actors = { owner, admin, member };
    let counter = 0;
    for (const { actor, target, allowed } of cases) {
      let targetId = ids.owner;
      if (target !== 'owner') {
        const user = await createUser(`target${counter++}@example.com`);
        targetId = await addMember(server, owner, organizationId, user, target);
      }
      const response = await call(
        server.app,
        'DELETE',
        `/api/organizations/${organizationId}/members/${targetId}`,
        {
          cookie: actors[actor].cookie,
        },
      );
      const label = `${actor} removes ${target}`;
      expect(response.status, label).toBe(allowed ? 204 : 403);
      if (!allowed) expect((await readError(response)).error.code, label).toBe('auth.forbidden');
      expect(await roleOf(targetId), label).toBe(allowed ? undefined : target);
    }
    const foreign = await call(
      server.app,
      'DELETE',
      `/api/organizations/${organizationId}/members/mem_unknownunknownunknownun`,
      {
        cookie: owner.cookie,
      },
    );
    expect(foreign.status).toBe(404);
    expect((await readError(foreign)).error.code).toBe('members.not_found');
  });

  it('lets a non-owner leave; the owner cannot leave; a removed member loses access', async () => {
    const leaver = await createUser('leaver@example.com');
    const leaverId = await addMember(server, owner, organizationId, leaver, 'member');
    const left = await call(
      server.app,
      'DELETE',
      `/api/organizations/${organizationId}/members/${leaverId}`,
      {
        cookie: leaver.cookie,
      },
    );
    expect(left.status).toBe(204);
    const afterwards = await call(server.app, 'GET', `/api/organizations/${organizationId}`, {
      cookie: leaver.cookie,
    });
    expect(afterwards.status).toBe(403);
    const orgs = await readJson<{ organizations: Array<{ id: string }> }>(
      await call(server.app, 'GET', '/api/organizations', { cookie: leaver.cookie }),
    );
    expect(orgs.organizations).toEqual([]);

    const adminLeaver = await createUser('admin-leaver@example.com');
    const adminLeaverId = await addMember(server, owner, organizationId, adminLeaver, 'admin');
    expect(
      (
        await call(server.app, 'DELETE', `/api/organizations/${organizationId}/members/${adminLeaverId}`, {
          cookie: adminLeaver.cookie,
        })
      ).status,
    ).toBe(204);

    const ownerLeaves = await call(
      server.app,
      'DELETE',
      `/api/organizations/${organizationId}/members/${ids.owner}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(ownerLeaves.status).toBe(403);
    expect(await roleOf(ids.owner)).toBe('owner');
  });

  it("takes the organization out of a member's API keys when they leave or are removed, even if they join again", async () => {
    const keyOwner = await createUser('key-leaver@example.com');
    const homeId = (await createOrganization(server, keyOwner, 'Home base')).id;
    const keyOwnerId = await addMember(server, owner, organizationId, keyOwner, 'member');
    const token = await createApiKey(server, keyOwner, {
      permissions: ['organizations:read'],
      organizationIds: [homeId, organizationId],
    });
    const getWithKey = (orgId: string) => call(server.app, 'GET', `/api/organizations/${orgId}`, { token });
    expect((await getWithKey(organizationId)).status).toBe(200);

    const left = await call(
      server.app,
      'DELETE',
      `/api/organizations/${organizationId}/members/${keyOwnerId}`,
      {
        cookie: keyOwner.cookie,
      },
    );
    expect(left.status).toBe(204);
    const refused = await getWithKey(organizationId);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('auth.forbidden');
    expect((await getWithKey(homeId)).status).toBe(200);
    const keys = await readJson<{ apiKeys: Array<{ organizationIds: string[] }> }>(
      await call(server.app, 'GET', '/api/api-keys', { cookie: keyOwner.cookie }),
    );
    expect(keys.apiKeys.map(({ organizationIds }) => organizationIds)).toEqual([[homeId]]);

    // Back in the organization, the old key does not quietly regain access to it.
    const rejoinedId = await addMember(server, owner, organizationId, keyOwner, 'member');
    expect((await getWithKey(organizationId)).status).toBe(403);

    // Removed by an admin: the same.
    const newToken = await createApiKey(server, keyOwner, {
      permissions: ['organizations:read'],
      organizationIds: [organizationId],
    });
    expect(
      (await call(server.app, 'GET', `/api/organizations/${organizationId}`, { token: newToken })).status,
    ).toBe(200);
    const removed = await call(
      server.app,
      'DELETE',
      `/api/organizations/${organizationId}/members/${rejoinedId}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(removed.status).toBe(204);
    expect(
      (await call(server.app, 'GET', `/api/organizations/${organizationId}`, { token: newToken })).status,
    ).toBe(403);
  });

  it('refuses API keys and anonymous callers on members routes', async () => {
    const { token } = await readJson<{ token: string }>(
      await call(server.app, 'POST', '/api/api-keys', {
        cookie: owner.cookie,
        body: {
          name: 'all',
          permissions: ['organizations:read', 'organizations:update'],
          organizationIds: [],
          allOrganizations: true,
        },
      }),
    );
    for (const [method, path] of [
      ['GET', `/api/organizations/${organizationId}/members`],
      ['GET', `/api/organizations/${organizationId}/members/me`],
      ['PATCH', `/api/organizations/${organizationId}/members/${ids.member2}`],
      ['DELETE', `/api/organizations/${organizationId}/members/${ids.member2}`],
    ] as const) {
      const response = await call(server.app, method, path, {
        token,
        body: method === 'PATCH' ? { role: 'admin' } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect((await call(server.app, method, path)).status).toBe(401);
    }
    expect(await roleOf(ids.member2)).toBe('member');
  });
});

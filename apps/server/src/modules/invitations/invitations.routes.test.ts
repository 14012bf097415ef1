import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  addMember,
  call,
  createOrganization,
  DAY_MS,
  type InvitationBody,
  invite,
  listMembers,
  type TestUser,
} from '../organizations/organizations.test-helpers';

describe.each(testDialects)('invitations on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date());
  const { server, smtp, serverWith, createUser, createUserOn } = useApiTestServer(testDatabase, { clock });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let invitee: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    owner = await createUser('owner@example.com', 'Olivia Owner');
    admin = await createUser('admin@example.com', 'Adam Admin');
    member = await createUser('member@example.com', 'Mia Member');
    stranger = await createUser('stranger@example.com', 'Sam Stranger');
    invitee = await createUser('invitee@example.com', 'Ivy Invitee');
    organizationId = (await createOrganization(server, owner, 'Team archive')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
    await addMember(server, owner, organizationId, member, 'member');
  });

  const invitationsPath = (orgId = organizationId) => `/api/organizations/${orgId}/members/invitations`;
  const post = (user: TestUser, body: unknown, orgId = organizationId) =>
    call(server.app, 'POST', invitationsPath(orgId), { cookie: user.cookie, body });
  const act = (user: TestUser, invitationId: string, action: 'accept' | 'reject' | 'cancel' | 'resend') =>
    call(server.app, 'POST', `/api/invitations/${invitationId}/${action}`, { cookie: user.cookie });
  const statusOf = async (invitationId: string) =>
    (
      await testDatabase.db
        .selectFrom('organization_invitations')
        .select('status')
        .where('id', '=', invitationId)
        .executeTakeFirst()
    )?.status;
  const mailsTo = async (email: string) => {
    await server.jobQueue.runDueJobs();
    return smtp.received.filter((message) => message.envelope.to.includes(email));
  };
  const emailJobsCount = async () =>
    Number(
      (
        await testDatabase.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('type', '=', 'emails.send')
          .executeTakeFirst()
      )?.count,
    );
  const organizationInvitations = async (user: TestUser, orgId = organizationId) =>
    (
      await readJson<{ invitations: InvitationBody[] }>(
        await call(server.app, 'GET', invitationsPath(orgId), { cookie: user.cookie }),
      )
    ).invitations;
  const receivedInvitations = async (user: TestUser) =>
    (
      await readJson<{ invitations: InvitationBody[] }>(
        await call(server.app, 'GET', '/api/invitations', { cookie: user.cookie }),
      )
    ).invitations;
  const pendingCount = async (user: TestUser) =>
    (
      await readJson<{ pendingInvitationsCount: number }>(
        await call(server.app, 'GET', '/api/invitations/count', { cookie: user.cookie }),
      )
    ).pendingInvitationsCount;
  const expectError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect((await readError(response)).error.code).toBe(code);
  };

  it('lets the owner and admins invite, sends the e-mail with a link to /invitations, and refuses members and strangers', async () => {
    const response = await post(owner, { email: '  New.Person@Example.COM ' });
    expect(response.status).toBe(201);
    const { invitation } = await readJson<{ invitation: InvitationBody }>(response);
    expect(invitation).toEqual({
      id: expect.stringMatching(/^inv_[a-z0-9]{24}$/),
      email: 'new.person@example.com',
      role: 'member',
      status: 'pending',
      organizationId,
      organization: { id: organizationId, name: 'Team archive' },
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    const [mail] = await mailsTo('new.person@example.com');
    expect(mail?.parsed.subject).toContain('Team archive');
    expect(mail?.parsed.text).toContain('http://localhost:8080/invitations');
    expect(mail?.parsed.text).toContain('Olivia Owner');

    const byAdmin = await post(admin, { email: 'by-admin@example.com', role: 'admin' });
    expect(byAdmin.status).toBe(201);
    expect((await readJson<{ invitation: InvitationBody }>(byAdmin)).invitation.role).toBe('admin');

    const jobsBefore = await emailJobsCount();
    await expectError(await post(member, { email: 'by-member@example.com' }), 403, 'auth.forbidden');
    await expectError(await post(stranger, { email: 'by-stranger@example.com' }), 403, 'auth.forbidden');
    expect(await emailJobsCount()).toBe(jobsBefore);
    expect(
      await testDatabase.db
        .selectFrom('organization_invitations')
        .select('id')
        .where('email', 'in', ['by-member@example.com', 'by-stranger@example.com'])
        .execute(),
    ).toEqual([]);
  });

  it('validates the e-mail and the role', async () => {
    for (const body of [
      { email: 'not an email' },
      { email: '' },
      {},
      { email: 'ok@example.com', role: 'owner' },
      { email: 'ok@example.com', role: 'boss' },
    ]) {
      const response = await post(owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
    expect(
      await testDatabase.db
        .selectFrom('organization_invitations')
        .select('id')
        .where('email', '=', 'ok@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('refuses e-mail addresses past 254 characters or with a local part past 64, and accepts the longest valid one', async () => {
    // 64 + 1 + 185 + 4 = 254 characters: the longest address allowed.
    const longest = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    const tooLong = [
      `${'a'.repeat(64)}@${'b'.repeat(186)}.com`, // 255 characters
      `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(69)}.com`, // 262 characters
      `${'a'.repeat(65)}@example.com`, // local part of 65
    ];
    expect([longest.length, tooLong[0]!.length, tooLong[1]!.length]).toEqual([254, 255, 262]);
    for (const email of tooLong) {
      const response = await post(owner, { email });
      expect(response.status, email).toBe(400);
      const { error } = await readError(response);
      expect(error.code).toBe('api.validation_error');
      expect(error.details).toEqual([expect.objectContaining({ path: 'email' })]);
    }
    expect(
      await testDatabase.db
        .selectFrom('organization_invitations')
        .select('id')
        .where('email', 'in', tooLong)
        .execute(),
    ).toEqual([]);
    expect((await post(owner, { email: longest })).status).toBe(201);
  });

  it('refuses a second pending invitation for the same e-mail, and inviting a member', async () => {
    await invite(server, owner, organizationId, 'twice@example.com');
    const jobsBefore = await emailJobsCount();
    await expectError(
      await post(admin, { email: 'TWICE@example.com' }),
      409,
      'organization.invitation_already_exists',
    );
    await expectError(
      await post(owner, { email: 'MEMBER@example.com' }),
      409,
      'user.already_in_organization',
    );
    await expectError(await post(owner, { email: 'owner@example.com' }), 409, 'user.already_in_organization');
    expect(await emailJobsCount()).toBe(jobsBefore);
    // The same e-mail may be pending in another organization.
    const elsewhere = await createOrganization(server, stranger, 'Elsewhere');
    expect((await post(stranger, { email: 'twice@example.com' }, elsewhere.id)).status).toBe(201);
  });

  it("writes the e-mail in the invitee's language when they have an account, otherwise the inviter's", async () => {
    await testDatabase.db.updateTable('users').set({ locale: 'de' }).where('id', '=', owner.userId).execute();
    await testDatabase.db
      .updateTable('users')
      .set({ locale: 'es' })
      .where('id', '=', stranger.userId)
      .execute();
    const second = await createOrganization(server, owner, 'Second archive');
    await invite(server, owner, second.id, 'nobody-yet@example.com');
    await invite(server, owner, second.id, 'stranger@example.com');
    expect((await mailsTo('nobody-yet@example.com'))[0]?.parsed.html).toContain('lang="de"');
    expect((await mailsTo('stranger@example.com')).at(-1)?.parsed.html).toContain('lang="es"');
  });

  it('lets the invitee see, count and accept an invitation; the membership has the invited role', async () => {
    const invitation = await invite(server, admin, organizationId, 'INVITEE@Example.com', 'admin');
    expect(await pendingCount(invitee)).toBe(1);
    const received = await receivedInvitations(invitee);
    expect(received).toEqual([
      expect.objectContaining({
        id: invitation.id,
        status: 'pending',
        role: 'admin',
        organization: { id: organizationId, name: 'Team archive' },
      }),
    ]);
    expect(await receivedInvitations(stranger)).not.toContainEqual(
      expect.objectContaining({ id: invitation.id }),
    );

    // Someone else signed in cannot accept or reject it.
    await expectError(await act(stranger, invitation.id, 'accept'), 404, 'invitations.not_found');
    await expectError(await act(owner, invitation.id, 'reject'), 404, 'invitations.not_found');
    expect(await statusOf(invitation.id)).toBe('pending');

    expect((await act(invitee, invitation.id, 'accept')).status).toBe(204);
    expect(await statusOf(invitation.id)).toBe('accepted');
    const members = await listMembers(server, invitee, organizationId);
    expect(members.find(({ user }) => user.id === invitee.userId)?.role).toBe('admin');
    expect(await pendingCount(invitee)).toBe(0);
    // Accepted invitations are hidden from the organization's list.
    expect((await organizationInvitations(owner)).map(({ id }) => id)).not.toContain(invitation.id);

    await expectError(await act(invitee, invitation.id, 'accept'), 409, 'invitations.invalid_status');
    await expectError(await act(invitee, invitation.id, 'reject'), 409, 'invitations.invalid_status');
    await expectError(
      await act(invitee, 'inv_unknownunknownunknownun', 'accept'),
      404,
      'invitations.not_found',
    );
    expect(members.filter(({ user }) => user.id === invitee.userId)).toHaveLength(1);
  });

  it('lets the invitee reject; a rejected invitation cannot be accepted', async () => {
    const organization = await createOrganization(server, admin, 'Rejected org');
    const invitation = await invite(server, admin, organization.id, 'stranger@example.com');
    expect((await act(stranger, invitation.id, 'reject')).status).toBe(204);
    expect(await statusOf(invitation.id)).toBe('rejected');
    await expectError(await act(stranger, invitation.id, 'accept'), 409, 'invitations.invalid_status');
    expect(
      (await organizationInvitations(admin, organization.id)).find(({ id }) => id === invitation.id)?.status,
    ).toBe('rejected');
    const strangerMember = await call(server.app, 'GET', `/api/organizations/${organization.id}`, {
      cookie: stranger.cookie,
    });
    expect(strangerMember.status).toBe(403);
  });

  it('lists the organization invitations for owners and admins only', async () => {
    for (const user of [owner, admin]) {
      const invitations = await organizationInvitations(user);
      expect(invitations.length).toBeGreaterThan(0);
      expect(
        invitations.every(
          ({ status, organizationId: orgId }) => status !== 'accepted' && orgId === organizationId,
        ),
      ).toBe(true);
    }
    for (const user of [member, stranger]) {
      const response = await call(server.app, 'GET', invitationsPath(), { cookie: user.cookie });
      await expectError(response, 403, 'auth.forbidden');
    }
  });

  it('cancels pending invitations for owners and admins; others are refused', async () => {
    const invitation = await invite(server, owner, organizationId, 'cancel-me@example.com');
    await expectError(await act(member, invitation.id, 'cancel'), 403, 'auth.forbidden');
    await expectError(await act(stranger, invitation.id, 'cancel'), 404, 'invitations.not_found');
    expect(await statusOf(invitation.id)).toBe('pending');
    expect((await act(admin, invitation.id, 'cancel')).status).toBe(204);
    expect(await statusOf(invitation.id)).toBe('cancelled');
    await expectError(await act(owner, invitation.id, 'cancel'), 409, 'invitations.invalid_status');

    const second = await invite(server, admin, organizationId, 'cancel-me-too@example.com');
    expect((await act(owner, second.id, 'cancel')).status).toBe(204);
    // A cancelled invitation is not offered to the invitee.
    const target = await createUser('cancel-me-too@example.com');
    expect(await receivedInvitations(target)).toEqual([]);
    await expectError(await act(target, second.id, 'accept'), 409, 'invitations.invalid_status');
    expect(await pendingCount(target)).toBe(0);
  });

  it('resends rejected, expired and cancelled invitations as pending with a new expiry and a new e-mail', async () => {
    const email = 'resend-me@example.com';
    const invitation = await invite(server, owner, organizationId, email);
    await mailsTo(email);
    await expectError(await act(owner, invitation.id, 'resend'), 409, 'invitations.invalid_status');
    for (const status of ['rejected', 'expired', 'cancelled'] as const) {
      await testDatabase.db
        .updateTable('organization_invitations')
        .set({ status })
        .where('id', '=', invitation.id)
        .execute();
      await expectError(await act(member, invitation.id, 'resend'), 403, 'auth.forbidden');
      await expectError(await act(stranger, invitation.id, 'resend'), 404, 'invitations.not_found');
      expect(await statusOf(invitation.id)).toBe(status);
      const mailsBefore = (await mailsTo(email)).length;
      clock.advance(60_000);
      expect((await act(admin, invitation.id, 'resend')).status).toBe(204);
      const row = await testDatabase.db
        .selectFrom('organization_invitations')
        .selectAll()
        .where('id', '=', invitation.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'pending',
        inviter_id: admin.userId,
        expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      });
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)?.parsed.text).toContain('Adam Admin');
    }
    // Accepted invitations cannot be resent.
    const target = await createUser(email);
    expect((await act(target, invitation.id, 'accept')).status).toBe(204);
    await expectError(await act(owner, invitation.id, 'resend'), 409, 'invitations.invalid_status');
  });

  it('refuses to resend when a new invitation is pending or the person already joined', async () => {
    const email = 'joined-meanwhile@example.com';
    const first = await invite(server, owner, organizationId, email);
    expect((await act(owner, first.id, 'cancel')).status).toBe(204);
    const second = await invite(server, owner, organizationId, email);
    await expectError(await act(owner, first.id, 'resend'), 409, 'organization.invitation_already_exists');
    const person = await createUser(email);
    expect((await act(person, second.id, 'accept')).status).toBe(204);
    await expectError(await act(owner, first.id, 'resend'), 409, 'user.already_in_organization');
    expect(await statusOf(first.id)).toBe('cancelled');
  });

  it('expires pending invitations after INVITATION_EXPIRATION_DAYS, by the periodic job', async () => {
    const invitation = await invite(server, owner, organizationId, 'late@example.com');
    const target = await createUser('late@example.com');
    clock.advance(7 * DAY_MS - 1000);
    await server.jobQueue.runDueSchedules();
    await server.jobQueue.runDueJobs();
    expect(await statusOf(invitation.id)).toBe('pending');
    expect(await pendingCount(target)).toBe(1);

    clock.advance(2000);
    // Already shown as expired and refused before the job runs.
    expect((await receivedInvitations(target))[0]?.status).toBe('expired');
    expect(await pendingCount(target)).toBe(0);
    await expectError(await act(target, invitation.id, 'accept'), 409, 'invitations.invalid_status');
    // A new invitation to the same address is possible at once.
    const renewed = await invite(server, owner, organizationId, 'late@example.com');
    expect(await statusOf(invitation.id)).toBe('expired');
    expect((await act(owner, renewed.id, 'cancel')).status).toBe(204);

    const other = await invite(server, owner, organizationId, 'later@example.com');
    clock.advance(7 * DAY_MS + 1);
    clock.advance(60 * 60 * 1000);
    await server.jobQueue.runDueSchedules();
    await server.jobQueue.runDueJobs();
    expect(await statusOf(other.id)).toBe('expired');
  });

  it('hides and refuses invitations of deleted organizations', async () => {
    const organization = await createOrganization(server, stranger, 'Soon deleted');
    const target = await createUser('orphan@example.com');
    const invitation = await invite(server, stranger, organization.id, 'orphan@example.com');
    expect(await pendingCount(target)).toBe(1);
    expect(
      (await call(server.app, 'DELETE', `/api/organizations/${organization.id}`, { cookie: stranger.cookie }))
        .status,
    ).toBe(204);
    expect(await pendingCount(target)).toBe(0);
    expect(await receivedInvitations(target)).toEqual([]);
    await expectError(await act(target, invitation.id, 'accept'), 404, 'invitations.not_found');
    await expectError(await act(stranger, invitation.id, 'cancel'), 404, 'invitations.not_found');
  });

  it('limits invitations per inviter per 24 hours (MAX_INVITATIONS_PER_DAY), creations and resends', async () => {
    const limited = serverWith({ MAX_INVITATIONS_PER_DAY: '2' });
    const inviter = await createUserOn(limited, 'busy@example.com');
    const organization = await createOrganization(limited, inviter, 'Busy org');
    const first = await invite(limited, inviter, organization.id, 'a@example.com');
    await invite(limited, inviter, organization.id, 'b@example.com');
    const refused = await call(limited.app, 'POST', invitationsPath(organization.id), {
      cookie: inviter.cookie,
      body: { email: 'c@example.com' },
    });
    await expectError(refused, 429, 'user.organization_invitation_limit_reached');
    expect(
      (await call(limited.app, 'POST', `/api/invitations/${first.id}/cancel`, { cookie: inviter.cookie }))
        .status,
    ).toBe(204);
    await expectError(
      await call(limited.app, 'POST', `/api/invitations/${first.id}/resend`, { cookie: inviter.cookie }),
      429,
      'user.organization_invitation_limit_reached',
    );
    // The limit is per inviter: another admin of the same organization may still invite.
    const helper = await createUserOn(limited, 'helper@example.com');
    await addMember(server, owner, organizationId, helper, 'admin');
    expect(
      (
        await call(limited.app, 'POST', invitationsPath(organizationId), {
          cookie: helper.cookie,
          body: { email: 'd@example.com' },
        })
      ).status,
    ).toBe(201);
    clock.advance(DAY_MS + 1);
    expect(
      (
        await call(limited.app, 'POST', invitationsPath(organization.id), {
          cookie: inviter.cookie,
          body: { email: 'c@example.com' },
        })
      ).status,
    ).toBe(201);
  });

  it('limits members plus pending invitations to the plan when subscriptions are enabled', async () => {
    const billed = serverWith({ SUBSCRIPTIONS_IS_ENABLED: 'true' });
    const boss = await createUserOn(billed, 'boss@example.com');
    const organization = await createOrganization(billed, boss, 'Free plan org');
    const path = invitationsPath(organization.id);
    const send = (email: string) => call(billed.app, 'POST', path, { cookie: boss.cookie, body: { email } });
    // Free plan: 3 members, counting the owner and pending invitations.
    const first = await readJson<{ invitation: InvitationBody }>(await send('one@example.com'));
    expect((await send('two@example.com')).status).toBe(201);
    await expectError(await send('three@example.com'), 403, 'organization.max_members_count_reached');
    expect(
      (
        await call(billed.app, 'POST', `/api/invitations/${first.invitation.id}/cancel`, {
          cookie: boss.cookie,
        })
      ).status,
    ).toBe(204);
    expect((await send('three@example.com')).status).toBe(201);
    await expectError(
      await call(billed.app, 'POST', `/api/invitations/${first.invitation.id}/resend`, {
        cookie: boss.cookie,
      }),
      403,
      'organization.max_members_count_reached',
    );
  });

  it('refuses API keys and anonymous callers on every invitations route', async () => {
    const { token } = await readJson<{ token: string }>(
      await call(server.app, 'POST', '/api/api-keys', {
        cookie: owner.cookie,
        body: { name: 'k', permissions: ['organizations:read'], organizationIds: [], allOrganizations: true },
      }),
    );
    for (const [method, path] of [
      ['GET', invitationsPath()],
      ['POST', invitationsPath()],
      ['GET', '/api/invitations'],
      ['GET', '/api/invitations/count'],
      ['POST', '/api/invitations/inv_unknownunknownunknownun/accept'],
      ['POST', '/api/invitations/inv_unknownunknownunknownun/resend'],
    ] as const) {
      const body = method === 'POST' ? { email: 'key@example.com' } : undefined;
      expect((await call(server.app, method, path, { token, body })).status, `${method} ${path}`).toBe(403);
      expect((await call(server.app, method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });
});

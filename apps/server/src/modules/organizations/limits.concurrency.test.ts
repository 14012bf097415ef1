import { describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { call, createOrganization } from './organizations.test-helpers';

/**
 * Issue #14: the per-user and per-organization limits are checked in the transaction that writes
 * the row, under a lock on the parent row, so requests fired all at once cannot overshoot them.
 */
describe.each(testDialects)('limits under concurrent requests on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { serverWith: newServer, createUserOn } = useApiTestServer(testDatabase);

  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>(
      (counts, status) => Object.assign(counts, { [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  const countRows = async (table: 'organization_invitations', column: 'inviter_id', value: string) =>
    Number(
      (
        await testDatabase.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where(column, '=', value)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('25 parallel organization creations against a limit of 10 leave exactly 10', async () => {
    const server = newServer({ MAX_ORGANIZATIONS_PER_USER: '10' });
    const user = await createUserOn(server, 'many-orgs@example.com');
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        call(server.app, 'POST', '/api/organizations', {
          cookie: user.cookie,
          body: { name: `Parallel ${index}` },
        }),
      ),
    );
    expect(statusCounts(responses.map(({ status }) => status))).toEqual({ 201: 10, 403: 15 });
    const refused = responses.find(({ status }) => status === 403);
    expect((await readError(refused!)).error.code).toBe('user.max_organization_count_reached');
    const owned = await testDatabase.db
      .selectFrom('organization_members')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('role', '=', 'owner')
      .execute();
    expect(owned).toHaveLength(10);
  });

  it('45 parallel invitations against a daily limit of 30 leave exactly 30', async () => {
    // Subscriptions off: no member limit, only the daily one.
    const server = newServer({ MAX_INVITATIONS_PER_DAY: '30', SUBSCRIPTIONS_IS_ENABLED: 'false' });
    const inviter = await createUserOn(server, 'busy-inviter@example.com');
    const organization = await createOrganization(server, inviter, 'Invitations race');
    const responses = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        call(server.app, 'POST', `/api/organizations/${organization.id}/members/invitations`, {
          cookie: inviter.cookie,
          body: { email: `guest-${index}@example.com` },
        }),
      ),
    );
    expect(statusCounts(responses.map(({ status }) => status))).toEqual({ 201: 30, 429: 15 });
    const refused = responses.find(({ status }) => status === 429);
    expect((await readError(refused!)).error.code).toBe('user.organization_invitation_limit_reached');
    expect(await countRows('organization_invitations', 'inviter_id', inviter.userId)).toBe(30);
  });

  it('parallel invitations past the seats limit leave exactly the seats', async () => {
    // The free plan has 3 seats (members + pending invitations): the owner and two invitations.
    const server = newServer({ SUBSCRIPTIONS_IS_ENABLED: 'true', MAX_INVITATIONS_PER_DAY: '100' });
    const owner = await createUserOn(server, 'seats-owner@example.com');
    const organization = await createOrganization(server, owner, 'Seats race');
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call(server.app, 'POST', `/api/organizations/${organization.id}/members/invitations`, {
          cookie: owner.cookie,
          body: { email: `seat-${index}@example.com` },
        }),
      ),
    );
    expect(statusCounts(responses.map(({ status }) => status))).toEqual({ 201: 2, 403: 10 });
    const refused = responses.find(({ status }) => status === 403);
    expect((await readError(refused!)).error.code).toBe('organization.max_members_count_reached');
    expect(await countRows('organization_invitations', 'inviter_id', owner.userId)).toBe(2);
  });
});

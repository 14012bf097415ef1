import {
  type EndpointAnswer,
  type EndpointDefinition,
  fillPath,
  isJsonAnswer,
} from '@sheaf/contracts/endpoint';
import { invitationsEndpoints } from '@sheaf/contracts/invitations';
import { membersEndpoints } from '@sheaf/contracts/members';
import { organizationsEndpoints } from '@sheaf/contracts/organizations';
import { createDemoApi, type DemoApi } from './api';
import { DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence } from './state';

/**
 * The demo answers the organizations, members and invitations endpoints as their contracts say:
 * each answer is checked against the schema of its status (the server's tests do the same for the
 * server), so a demo row that drifts from the API's shape fails here.
 */

let api: DemoApi;

beforeEach(async () => {
  api = await createDemoApi({
    persistence: createMemoryPersistence(),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
  });
});

async function callChecked<const Endpoint extends EndpointDefinition>(
  endpoint: Endpoint,
  { params = {}, body }: { params?: Record<string, string>; body?: unknown } = {},
): Promise<EndpointAnswer<Endpoint>> {
  const response = await api.fetch(`http://localhost${fillPath(endpoint.path, params)}`, {
    method: endpoint.method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  const answer = endpoint.answers[response.status as keyof typeof endpoint.answers];
  expect(answer, `${endpoint.method} ${endpoint.path} answered ${response.status}: ${text}`).toBeDefined();
  if (isJsonAnswer(answer)) {
    const result = answer.safeParse(JSON.parse(text));
    expect(result.error?.issues ?? [], `${endpoint.method} ${endpoint.path}`).toEqual([]);
    return result.data as EndpointAnswer<Endpoint>;
  }
  expect(text).toBe('');
  return undefined as EndpointAnswer<Endpoint>;
}

const organizationId = DEMO_ORGANIZATION_ID;

test('the organizations endpoints answer their contract', async () => {
  await callChecked(organizationsEndpoints.list);
  await callChecked(organizationsEndpoints.get, { params: { organizationId } });
  await callChecked(organizationsEndpoints.update, { params: { organizationId }, body: { name: 'Renamed' } });
  const created = await callChecked(organizationsEndpoints.create, { body: { name: 'Second one' } });
  const { id } = created.organization;
  await callChecked(organizationsEndpoints.delete, { params: { organizationId: id } });
  const deleted = await callChecked(organizationsEndpoints.listDeleted);
  expect(deleted.organizations).toMatchObject([{ id }]);
  await callChecked(organizationsEndpoints.restore, { params: { organizationId: id } });
});

test('the members endpoints answer their contract', async () => {
  const listed = await callChecked(membersEndpoints.list, { params: { organizationId } });
  await callChecked(membersEndpoints.me, { params: { organizationId } });
  const other = listed.members.find(({ role }) => role !== 'owner');
  if (!other) throw new Error('The seed has a member besides the owner');
  await callChecked(membersEndpoints.updateRole, {
    params: { organizationId, memberId: other.id },
    body: { role: 'admin' },
  });
  await callChecked(membersEndpoints.remove, { params: { organizationId, memberId: other.id } });
});

test('the invitations endpoints answer their contract', async () => {
  const listed = await callChecked(invitationsEndpoints.listForOrganization, { params: { organizationId } });
  await callChecked(invitationsEndpoints.listReceived);
  await callChecked(invitationsEndpoints.countPending);
  const [pending] = listed.invitations;
  if (!pending) throw new Error('The seed has a pending invitation');
  await callChecked(invitationsEndpoints.cancel, { params: { invitationId: pending.id } });
});

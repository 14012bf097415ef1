import type { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import { readJson } from '../../test/http';
import type { createTestServer } from '../../test/test-app';
import { authRequest, createVerifiedUser } from '../../test/test-auth';
import type { TestSmtpServer } from '../../test/test-smtp-server';

/**
 * Helpers for the organizations, members and invitations API tests: everything goes through
 * HTTP with real users, so memberships are made by inviting and accepting.
 */
export type TestServer = ReturnType<typeof createTestServer>;
export type TestUser = Awaited<ReturnType<typeof createVerifiedUser>> & { name: string };

/** Env for these tests: real SMTP delivery, and a sign-up rate limit that many users fit in. */
export const organizationsTestEnv = (smtp: TestSmtpServer, env: Record<string, string> = {}) => ({
  EMAILS_DRIVER: 'smtp',
  SMTP_URL: smtp.url,
  AUTH_RATE_LIMIT_MAX_REQUESTS: '1000',
  ...env,
});

export async function createUser(
  server: TestServer,
  smtp: TestSmtpServer,
  email: string,
  name = email.split('@')[0]!,
) {
  const user = await createVerifiedUser({ app: server.app, jobQueue: server.jobQueue, smtp, email, name });
  return { ...user, name } satisfies TestUser;
}

/** A JSON call as a signed-in user (cookie) or with an API key (token). */
export function call(
  app: Hono<AppEnv>,
  method: string,
  path: string,
  { cookie, token, body }: { cookie?: string; token?: string; body?: unknown } = {},
) {
  if (token !== undefined) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return app.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }
  return authRequest(app, path, {
    method,
    ...(cookie ? { cookie } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

export type OrganizationBody = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  scheduledPurgeAt: string | null;
  requiresTwoFactor: boolean;
};
export type MemberBody = {
  id: string;
  role: string;
  organizationId: string;
  user: { id: string; email: string; name: string };
  hasSecondFactor: boolean;
  createdAt: string;
};
export type InvitationBody = {
  id: string;
  email: string;
  role: string;
  status: string;
  organizationId: string;
  organization: { id: string; name: string };
  expiresAt: string;
  createdAt: string;
};

export async function createOrganization(server: TestServer, user: TestUser, name = 'Acme archive') {
  const response = await call(server.app, 'POST', '/api/organizations', {
    cookie: user.cookie,
    body: { name },
  });
  if (response.status !== 201)
    throw new Error(`create organization failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ organization: OrganizationBody }>(response)).organization;
}

export async function invite(
  server: TestServer,
  inviter: TestUser,
  organizationId: string,
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const response = await call(
    server.app,
    'POST',
    `/api/organizations/${organizationId}/members/invitations`,
    {
      cookie: inviter.cookie,
      body: { email, role },
    },
  );
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ invitation: InvitationBody }>(response)).invitation;
}

/** Invites `user` with `role` and has them accept: returns their member id. */
export async function addMember(
  server: TestServer,
  inviter: TestUser,
  organizationId: string,
  user: TestUser,
  role: 'admin' | 'member',
) {
  const invitation = await invite(server, inviter, organizationId, user.email, role);
  const accepted = await call(server.app, 'POST', `/api/invitations/${invitation.id}/accept`, {
    cookie: user.cookie,
  });
  if (accepted.status !== 204) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  return (await getMyMember(server, user, organizationId)).id;
}

/**
 * The cast many API test files start from: `owner`'s organization with an admin and two members
 * (`member`, `other`), and an `outsider` in none. E-mails are `<emailPrefix>-<role>@example.com`
 * (unique per file); the names are fixed, since tests compare them.
 */
export async function createOrganizationWithMembers(
  server: TestServer,
  smtp: TestSmtpServer,
  { emailPrefix, organizationName }: { emailPrefix: string; organizationName: string },
) {
  const user = (role: string, name: string) =>
    createUser(server, smtp, `${emailPrefix}-${role}@example.com`, name);
  const owner = await user('owner', 'Olivia Owner');
  const admin = await user('admin', 'Ada Admin');
  const member = await user('member', 'Mia Member');
  const other = await user('other', 'Oscar Other');
  const outsider = await user('outsider', 'Otto Outsider');
  const organizationId = (await createOrganization(server, owner, organizationName)).id;
  await addMember(server, owner, organizationId, admin, 'admin');
  await addMember(server, owner, organizationId, member, 'member');
  await addMember(server, owner, organizationId, other, 'member');
  return { owner, admin, member, other, outsider, organizationId };
}

export async function getMyMember(server: TestServer, user: TestUser, organizationId: string) {
  const response = await call(server.app, 'GET', `/api/organizations/${organizationId}/members/me`, {
    cookie: user.cookie,
  });
  if (response.status !== 200) throw new Error(`members/me failed: ${response.status}`);
  return (await readJson<{ member: MemberBody }>(response)).member;
}

export async function listMembers(server: TestServer, user: TestUser, organizationId: string) {
  const response = await call(server.app, 'GET', `/api/organizations/${organizationId}/members`, {
    cookie: user.cookie,
  });
  return (await readJson<{ members: MemberBody[] }>(response)).members;
}

/** An API key of `user` with the given permissions and scope; returns its token. */
export async function createApiKey(
  server: TestServer,
  user: TestUser,
  {
    permissions,
    organizationIds = [],
    allOrganizations = false,
  }: {
    permissions: string[];
    organizationIds?: string[];
    allOrganizations?: boolean;
  },
) {
  const response = await call(server.app, 'POST', '/api/api-keys', {
    cookie: user.cookie,
    body: { name: 'test key', permissions, organizationIds, allOrganizations },
  });
  if (response.status !== 201)
    throw new Error(`create key failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ token: string }>(response)).token;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { WEBHOOK_EVENTS } from '@sheaf/contracts/webhooks';
import { cookiesFrom } from '../test/test-auth';
import { createTextPdf } from '../test/test-files';
import type { TestSmtpServer } from '../test/test-smtp-server';
import { encodeMultipart } from './requests';

/**
 * The fuzzer's fixture, made through the API as a user would: a verified owner signed in, an
 * organization with tags, documents (text and PDF, extracted), properties with a value, a note, a
 * tagging rule, a webhook with a delivery, an intake address, a member who accepted an invitation, a pending invitation, a
 * trashed document, and an API key with every permission in all organizations.
 */
export type Account = { email: string; password: string; cookie: string; userId: string };

export type Fixture = {
  base: string;
  owner: Account;
  /**
   * A second user, member (role `member`) of the organization: for the roles check. Its
   * membership is protected from a fuzzed DELETE, and its role put back after each endpoint.
   */
  member?: Account;
  organizationId: string;
  apiKey?: { id: string; token: string };
  /** The intake address made for the organization, when intake is on. */
  intakeAddress?: string;
  /** Ids a fuzzed DELETE must not take away (the fixture's users, organization, memberships and key). */
  protectedIds: Set<string>;
  /** What could not be made (an endpoint that is not there yet): said once, not fatal. */
  notes: string[];
};

const PASSWORD = 'fuzz-password-correct-horse';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CallOptions = {
  method?: string;
  body?: unknown;
  cookie?: string;
  token?: string;
  raw?: Buffer;
  contentType?: string;
};

export function createCaller(base: string) {
  return async function call(
    path: string,
    { method = 'GET', body, cookie, token, raw, contentType }: CallOptions = {},
  ) {
    const headers: Record<string, string> = { origin: base };
    if (cookie) headers.cookie = cookie;
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | Buffer | undefined;
    if (raw) {
      payload = raw;
      headers['content-type'] = contentType ?? 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { response, status: response.status, text, json: json as Record<string, unknown> | undefined };
  };
}

export type Caller = ReturnType<typeof createCaller>;

async function waitForLink(smtp: TestSmtpServer, to: string, contains: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const message of smtp.received) {
      if (!message.envelope.to.includes(to)) continue;
      const link = (message.parsed.text?.match(/https?:\/\/\S+/g) ?? []).find((url) =>
        url.includes(contains),
      );
      if (link) return link;
    }
    await sleep(100);
  }
  throw new Error(`No e-mail with a ${contains} link reached ${to}`);
}

/** Signs up, follows the verification link of the real e-mail, signs in. */
export async function createVerifiedAccount(call: Caller, smtp: TestSmtpServer, email: string, name: string) {
  const signUp = await call('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password: PASSWORD, name },
  });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}: ${signUp.text}`);
  const link = await waitForLink(smtp, email, '/api/auth/verify-email');
  const url = new URL(link);
  await call(`${url.pathname}${url.search}`);
  return signIn(call, email);
}

export async function signIn(call: Caller, email: string): Promise<Account> {
  const signedIn = await call('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  if (signedIn.status !== 200) throw new Error(`Sign-in answered ${signedIn.status}: ${signedIn.text}`);
  const cookie = cookiesFrom(signedIn.response);
  const me = await call('/api/users/me', { cookie });
  const userId = (me.json?.user as { id?: string } | undefined)?.id;
  if (!userId) throw new Error(`GET /api/users/me answered ${me.status}: ${me.text}`);
  return { email, password: PASSWORD, cookie, userId };
}

/** Creates an API key with every permission in all organizations. */
export async function createFullApiKey(call: Caller, cookie: string) {
  const created = await call('/api/api-keys', {
    method: 'POST',
    cookie,
    body: { name: 'Fuzz key', permissions: [...API_KEY_PERMISSIONS], allOrganizations: true },
  });
  const id = (created.json?.apiKey as { id?: string } | undefined)?.id;
  const token = created.json?.token;
  if (created.status !== 201 || !id || typeof token !== 'string')
    throw new Error(`POST /api/api-keys answered ${created.status}: ${created.text.slice(0, 300)}`);
  return { id, token };
}

export async function uploadDocument(
  call: Caller,
  {
    organizationId,
    cookie,
    name,
    type,
    data,
  }: { organizationId: string; cookie: string; name: string; type: string; data: Buffer },
) {
  const { body, contentType } = encodeMultipart([{ name: 'file', file: { name, type, data } }]);
  const uploaded = await call(`/api/organizations/${organizationId}/documents`, {
    method: 'POST',
    cookie,
    raw: body,
    contentType,
  });
  const id = (uploaded.json?.document as { id?: string } | undefined)?.id;
  if (!id) throw new Error(`Upload answered ${uploaded.status}: ${uploaded.text.slice(0, 300)}`);
  return id;
}

/**
 * Builds the fixture on a server whose jobs run (e-mails, extraction, webhook deliveries, rules);
 * `webhookTarget` is a loopback URL that answers 204.
 */
export async function createFixture({
  base,
  smtp,
  webhookTarget,
}: {
  base: string;
  smtp: TestSmtpServer;
  webhookTarget: string;
}): Promise<Fixture> {
  const call = createCaller(base);
  const notes: string[] = [];
  // A step that fails (an endpoint not there yet) is noted; the fuzz goes on without what it made.
  const attempt = async <T>(what: string, step: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await step();
    } catch (error) {
      notes.push(`${what}: ${(error as Error).message.slice(0, 300)}`);
      return undefined;
    }
  };
  const expect = (what: string, result: Awaited<ReturnType<Caller>>, status: number) => {
    if (result.status !== status)
      throw new Error(`${what} answered ${result.status}: ${result.text.slice(0, 300)}`);
    return result.json ?? {};
  };

  const owner = await createVerifiedAccount(call, smtp, 'owner@fuzz.example', 'Fuzz Owner');
  const { cookie } = owner;
  const createdOrganization = expect(
    'POST /api/organizations',
    await call('/api/organizations', { method: 'POST', cookie, body: { name: 'Fuzz organization' } }),
    201,
  );
  const organizationId = (createdOrganization.organization as { id: string }).id;
  const org = `/api/organizations/${organizationId}`;

  const tagIds: string[] = [];
  for (const [name, color] of [
    ['Invoices', '#d8ff75'],
    ['Receipts', '#7cc7ff'],
    ['Contracts', '#ff5c5c'],
  ] as const) {
    const tag = await attempt(`tag ${name}`, async () =>
      expect('POST tags', await call(`${org}/tags`, { method: 'POST', cookie, body: { name, color } }), 201),
    );
    const id = (tag?.tag as { id?: string } | undefined)?.id;
    if (id) tagIds.push(id);
  }

  await attempt('tagging rule', async () =>
    expect(
      'POST tagging-rules',
      await call(`${org}/tagging-rules`, {
        method: 'POST',
        cookie,
        body: {
          name: 'Invoices by name',
          conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
          tagIds: tagIds.slice(0, 1),
        },
      }),
      201,
    ),
  );

  const webhook = await attempt('webhook', async () =>
    expect(
      'POST webhooks',
      await call(`${org}/webhooks`, {
        method: 'POST',
        cookie,
        body: {
          name: 'Fuzz receiver',
          url: webhookTarget,
          events: [...WEBHOOK_EVENTS],
          secret: 'fuzz-webhook-secret',
        },
      }),
      201,
    ),
  );
  const webhookId = (webhook?.webhook as { id?: string } | undefined)?.id;
  if (webhookId)
    await attempt('webhook test', async () =>
      call(`${org}/webhooks/${webhookId}/test`, { method: 'POST', cookie }),
    );

  const documents: Array<{ name: string; type: string; data: Buffer }> = [
    {
      name: 'invoice-2026-001.txt',
      type: 'text/plain',
      data: Buffer.from('Invoice 2026-001\nTotal: 42.00 EUR\nHarbour supplies'),
    },
    {
      name: 'Contract lease.pdf',
      type: 'application/pdf',
      data: createTextPdf([
        ['Lease contract', 'Between the parties', 'Rent: 1200 EUR a month'],
        ['Signed in Lisbon'],
      ]),
    },
    {
      name: 'notes.md',
      type: 'text/markdown',
      data: Buffer.from('# Notes\n\nCafé, naïve, ﬁnance — ligatures and accents.'),
    },
    { name: 'receipt-scan.txt', type: 'text/plain', data: Buffer.from('Receipt 77 — paid in cash') },
  ];
  const documentIds: string[] = [];
  for (const document of documents) {
    const id = await attempt(`upload ${document.name}`, () =>
      uploadDocument(call, { organizationId, cookie, ...document }),
    );
    if (id) documentIds.push(id);
  }
  if (documentIds[0] && tagIds[1])
    await attempt('tag a document', async () =>
      call(`${org}/documents/${documentIds[0]}/tags`, { method: 'POST', cookie, body: { tagId: tagIds[1] } }),
    );
  // A property of each kind the fuzzer's values hit most (free text, a select), a value and a note.
  const status = await attempt('property', async () =>
    expect(
      'POST properties',
      await call(`${org}/properties`, {
        method: 'POST',
        cookie,
        body: {
          name: 'Status',
          type: 'select',
          options: [
            { name: 'Open', color: '#d8ff75' },
            { name: 'Paid', color: '#7fd962' },
          ],
        },
      }),
      201,
    ),
  );
  const statusProperty = status?.property as { id?: string; options?: Array<{ id: string }> } | undefined;
  await attempt('text property', async () =>
    expect(
      'POST properties',
      await call(`${org}/properties`, { method: 'POST', cookie, body: { name: 'Reference', type: 'text' } }),
      201,
    ),
  );
  if (documentIds[0] && statusProperty?.id && statusProperty.options?.[0])
    await attempt('property value', async () =>
      expect(
        'PUT property value',
        await call(`${org}/documents/${documentIds[0]}/properties/${statusProperty.id}`, {
          method: 'PUT',
          cookie,
          body: { value: statusProperty.options?.[0]?.id },
        }),
        200,
      ),
    );
  if (documentIds[0])
    await attempt('note', async () =>
      expect(
        'POST notes',
        await call(`${org}/documents/${documentIds[0]}/notes`, {
          method: 'POST',
          cookie,
          body: { content: 'Paid by transfer, see https://bank.example/42' },
        }),
        201,
      ),
    );
  if (documentIds[3])
    await attempt('trash a document', async () =>
      expect(
        'DELETE document',
        await call(`${org}/documents/${documentIds[3]}`, { method: 'DELETE', cookie }),
        204,
      ),
    );

  const intakeEmail = await attempt('intake address', async () =>
    expect('POST intake-emails', await call(`${org}/intake-emails`, { method: 'POST', cookie }), 201),
  );
  const intake = intakeEmail?.intakeEmail as { id?: string; emailAddress?: string } | undefined;
  if (intake?.id)
    await attempt('intake allowed sender', async () =>
      call(`${org}/intake-emails/${intake.id}`, {
        method: 'PUT',
        cookie,
        body: { isEnabled: true, allowedOrigins: ['scanner@fuzz.example'] },
      }),
    );

  const apiKey = await attempt('API key', () => createFullApiKey(call, cookie));

  const member = await attempt('member', async () => {
    const invited = expect(
      'POST invitations',
      await call(`${org}/members/invitations`, {
        method: 'POST',
        cookie,
        body: { email: 'member@fuzz.example', role: 'member' },
      }),
      201,
    );
    const account = await createVerifiedAccount(call, smtp, 'member@fuzz.example', 'Fuzz Member');
    const invitationId = (invited.invitation as { id: string }).id;
    const accepted = await call(`/api/invitations/${invitationId}/accept`, {
      method: 'POST',
      cookie: account.cookie,
    });
    if (accepted.status >= 300)
      throw new Error(`accept answered ${accepted.status}: ${accepted.text.slice(0, 300)}`);
    return account;
  });
  await attempt('pending invitation', async () =>
    expect(
      'POST invitations',
      await call(`${org}/members/invitations`, {
        method: 'POST',
        cookie,
        body: { email: 'invitee@fuzz.example', role: 'admin' },
      }),
      201,
    ),
  );

  const protectedIds = new Set([organizationId, owner.userId]);
  if (apiKey) protectedIds.add(apiKey.id);
  const members = await call(`${org}/members`, { cookie });
  for (const entry of (members.json?.members as Array<{
    id: string;
    userId?: string;
    user?: { id: string };
  }>) ?? [])
    if ([owner.userId, member?.userId].includes(entry.userId ?? entry.user?.id)) protectedIds.add(entry.id);

  return {
    base,
    owner,
    ...(member ? { member } : {}),
    organizationId,
    ...(apiKey ? { apiKey } : {}),
    ...(intake?.emailAddress ? { intakeAddress: intake.emailAddress } : {}),
    protectedIds,
    notes,
  };
}

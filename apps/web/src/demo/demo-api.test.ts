import { createDemoApi, type DemoApi } from './api';
import { readBytes } from './context';
import { callDemo, type DemoAnswerBody } from './demo-test-helpers';
import { DEMO_ORGANIZATION_ID, DEMO_USER } from './seed';
import { createMemoryPersistence, type DemoPersistence } from './state';

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const UNKNOWN_ORG = '/api/organizations/org_000000000000000000000000';
const SEED_DOCUMENT = 'doc_demo00000000000000000001';
const SEED_TAG = 'tag_demo00000000000000000001';

let api: DemoApi;
let persistence: DemoPersistence;

beforeEach(async () => {
  persistence = createMemoryPersistence();
  api = await createDemoApi({
    persistence,
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
    extractText: async (file, mimeType) =>
      mimeType.startsWith('text/') ? new TextDecoder().decode(await readBytes(file)) : 'extracted words',
  });
});

type Body = DemoAnswerBody;

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);

const errorCode = (body: Body) => (body.error as { code?: string } | undefined)?.code;

/**
 * Error answers of the demo API, each the server's status and code for the same input (spec §6–§8:
 * unknown organization 403, unknown item 404, invitations 501 `demo.not_available`).
 */
const ERROR_CASES: {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  status: number;
  code: string;
}[] = [
  {
    name: 'an unknown organization',
    method: 'GET',
    path: `${UNKNOWN_ORG}/documents`,
    status: 403,
    code: 'auth.forbidden',
  },
  {
    name: 'an unknown document',
    method: 'GET',
    path: `${ORG}/documents/doc_000000000000000000000000`,
    status: 404,
    code: 'documents.not_found',
  },
  {
    name: 'an unknown tag',
    method: 'PUT',
    path: `${ORG}/tags/tag_000000000000000000000000`,
    body: { name: 'X', color: '#fff' },
    status: 404,
    code: 'tags.not_found',
  },
  {
    name: 'an unknown tagging rule',
    method: 'GET',
    path: `${ORG}/tagging-rules/tr_000000000000000000000000`,
    status: 404,
    code: 'tagging_rules.not_found',
  },
  {
    name: 'an unknown webhook',
    method: 'GET',
    path: `${ORG}/webhooks/wbh_000000000000000000000000`,
    status: 404,
    code: 'webhooks.not_found',
  },
  {
    name: 'an unknown member',
    method: 'DELETE',
    path: `${ORG}/members/mem_000000000000000000000000`,
    status: 404,
    code: 'members.not_found',
  },
  {
    name: 'an unknown API key',
    method: 'DELETE',
    path: '/api/api-keys/ak_000000000000000000000000',
    status: 404,
    code: 'api_keys.not_found',
  },
  { name: 'an unknown route', method: 'GET', path: '/api/nothing-here', status: 404, code: 'api.not_found' },
  {
    name: 'an invitation',
    method: 'POST',
    path: `${ORG}/members/invitations`,
    body: { email: 'friend@example.com', role: 'member' },
    status: 501,
    code: 'demo.not_available',
  },
  {
    name: 'an invalid invitation',
    method: 'POST',
    path: `${ORG}/members/invitations`,
    body: { email: 'not an e-mail' },
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'the customer portal',
    method: 'GET',
    path: `${ORG}/customer-portal`,
    status: 501,
    code: 'demo.not_available',
  },
  {
    name: 'a tag with a taken name (any case)',
    method: 'POST',
    path: `${ORG}/tags`,
    body: { name: 'INVOICES', color: '#ff0000' },
    status: 409,
    code: 'tags.already_exists',
  },
  {
    name: 'a tag with a bad colour',
    method: 'POST',
    path: `${ORG}/tags`,
    body: { name: 'New', color: 'red' },
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'a one-character search',
    method: 'GET',
    path: `${ORG}/documents/search?searchQuery=a`,
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'a second intake address on the demo plan',
    method: 'POST',
    path: `${ORG}/intake-emails`,
    status: 403,
    code: 'intake_email.limit_reached',
  },
  {
    name: 'an organization name of two characters',
    method: 'POST',
    path: '/api/organizations',
    body: { name: 'ab' },
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'a webhook without events',
    method: 'POST',
    path: `${ORG}/webhooks`,
    body: { name: 'Hook', url: 'https://example.com', events: [] },
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'an API key without permissions',
    method: 'POST',
    path: '/api/api-keys',
    body: { name: 'Key', permissions: [] },
    status: 400,
    code: 'api.validation_error',
  },
  {
    name: 'a tagging rule with a foreign tag',
    method: 'POST',
    path: `${ORG}/tagging-rules`,
    body: { name: 'Rule', tagIds: ['tag_000000000000000000000000'] },
    status: 404,
    code: 'tags.not_found',
  },
  {
    name: 'a body that is not JSON',
    method: 'PUT',
    path: '/api/users/me',
    body: undefined,
    status: 415,
    code: 'api.unsupported_media_type',
  },
];

describe('the demo API answers errors as the server does', () => {
  test.each(ERROR_CASES)(
    'it answers $status $code for $name',
    async ({ method, path, body, status, code }) => {
      const answer = await call(method, path, body);
      expect({ status: answer.status, code: errorCode(answer.body) }).toEqual({ status, code });
    },
  );
});

describe('the demo API', () => {
  test('it answers the demo configuration and a signed-in owner', async () => {
    expect((await call('GET', '/api/config')).body.config).toMatchObject({ isDemoMode: true });
    const session = await call('GET', '/api/auth/get-session');
    expect(session.body.user).toMatchObject({ name: 'Demo user', email: DEMO_USER.email });
    const member = await call('GET', `${ORG}/members/me`);
    expect(member.body.member).toMatchObject({ role: 'owner' });
  });

  test('the seed has an organization with at least 12 documents of mixed types, tags, a rule, a member, an invitation, an intake address and a webhook', async () => {
    const documents = await call('GET', `${ORG}/documents?pageSize=100`);
    const list = documents.body.documents as { mimeType: string }[];
    expect(documents.body.documentsCount).toBeGreaterThanOrEqual(12);
    expect(new Set(list.map(({ mimeType }) => mimeType))).toEqual(
      new Set(['application/pdf', 'image/png', 'text/plain']),
    );
    expect(((await call('GET', `${ORG}/tags`)).body.tags as unknown[]).length).toBeGreaterThanOrEqual(5);
    expect((await call('GET', `${ORG}/tagging-rules`)).body.taggingRules).toHaveLength(1);
    expect((await call('GET', `${ORG}/members`)).body.members).toHaveLength(2);
    expect((await call('GET', `${ORG}/members/invitations`)).body.invitations).toMatchObject([
      { status: 'pending' },
    ]);
    expect((await call('GET', `${ORG}/intake-emails`)).body.intakeEmails).toHaveLength(1);
    expect((await call('GET', `${ORG}/webhooks`)).body.webhooks).toHaveLength(1);
    const activity = await call('GET', `${ORG}/documents/${SEED_DOCUMENT}/activity`);
    expect((activity.body.activities as unknown[]).length).toBeGreaterThan(0);
  });

  test('documents are listed 10 a page by default, the demo page size', async () => {
    const answer = await call('GET', `${ORG}/documents`);
    expect(answer.body.documents).toHaveLength(10);
  });

  test('search finds a document by a word of its content, ignoring case and accents, 5 a page by default', async () => {
    const plumbing = await call('GET', `${ORG}/documents/search?searchQuery=THERMOSTATIC`);
    expect(plumbing.body.documents).toMatchObject([{ name: 'Invoice 2025-0117 - Northwind Plumbing.pdf' }]);
    const hit = (
      plumbing.body.documents as { snippet: string; matches: { start: number; end: number }[] }[]
    )[0];
    expect(hit?.snippet.slice(hit.matches[0]?.start, hit.matches[0]?.end)).toBe('thermostatic');
    const cafe = await call(
      'GET',
      `${ORG}/documents/search?searchQuery=${encodeURIComponent('cafe muller')}`,
    );
    expect(cafe.body.documents).toMatchObject([{ name: 'Café Müller - catering quote.pdf' }]);
    const many = await call('GET', `${ORG}/documents/search?searchQuery=EUR`);
    expect(many.body.documents).toHaveLength(5);
    expect(many.body.documentsCount).toBeGreaterThan(5);
  });

  test('an upload is stored with its extracted text, tagged by the rules, and a second copy is refused', async () => {
    const form = new FormData();
    form.append(
      'file',
      new File(['Invoice for the zanzibar greenhouse'], 'shed invoice.txt', { type: 'text/plain' }),
    );
    const created = await call('POST', `${ORG}/documents`, form);
    expect(created.status).toBe(201);
    const document = created.body.document as {
      id: string;
      tags: { name: string }[];
      extractionStatus: string;
    };
    expect(document.extractionStatus).toBe('done');
    expect(document.tags.map(({ name }) => name)).toEqual(['Invoices']);
    const found = await call('GET', `${ORG}/documents/search?searchQuery=zanzibar`);
    expect(found.body.documents).toMatchObject([{ id: document.id }]);
    const file = await api.fetch(`http://localhost${ORG}/documents/${document.id}/file`);
    expect(await file.text()).toBe('Invoice for the zanzibar greenhouse');

    const again = new FormData();
    again.append(
      'file',
      new File(['Invoice for the zanzibar greenhouse'], 'copy.txt', { type: 'text/plain' }),
    );
    const duplicate = await call('POST', `${ORG}/documents`, again);
    expect({ status: duplicate.status, code: errorCode(duplicate.body) }).toEqual({
      status: 409,
      code: 'document.already_exists',
    });
  });

  test('an upload without a file is a validation error', async () => {
    const answer = await call('POST', `${ORG}/documents`, new FormData());
    expect({ status: answer.status, code: errorCode(answer.body) }).toEqual({
      status: 400,
      code: 'api.validation_error',
    });
  });

  test('a file is answered in part for a Range request', async () => {
    const response = await api.fetch(`http://localhost${ORG}/documents/${SEED_DOCUMENT}/file`, {
      headers: { range: 'bytes=0-7' },
    });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('%PDF-1.4');
  });

  test('tagging, trash, restore and permanent deletion change the lists', async () => {
    const attached = await call('POST', `${ORG}/documents/${SEED_DOCUMENT}/tags`, {
      tagId: 'tag_demo00000000000000000004',
    });
    expect(attached.status).toBe(201);
    expect(
      (
        await call('POST', `${ORG}/documents/${SEED_DOCUMENT}/tags`, {
          tagId: 'tag_demo00000000000000000004',
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', `${ORG}/documents/${SEED_DOCUMENT}`)).status).toBe(204);
    const trash = await call('GET', `${ORG}/documents/deleted`);
    expect(trash.body.documents).toMatchObject([{ id: SEED_DOCUMENT, isDeleted: true }]);
    expect((await call('POST', `${ORG}/documents/${SEED_DOCUMENT}/restore`)).status).toBe(200);
    expect((await call('DELETE', `${ORG}/documents/trash/${SEED_DOCUMENT}`)).status).toBe(404);
    await call('DELETE', `${ORG}/documents/${SEED_DOCUMENT}`);
    expect((await call('DELETE', `${ORG}/documents/trash`)).status).toBe(204);
    expect((await call('GET', `${ORG}/documents/${SEED_DOCUMENT}`)).status).toBe(404);
    expect(await persistence.loadFile(SEED_DOCUMENT)).toBeUndefined();
  });

  test('tags are created, renamed and deleted', async () => {
    const created = await call('POST', `${ORG}/tags`, { name: 'Travel', color: '#abc', description: '' });
    expect(created.status).toBe(201);
    expect(created.body.tag).toMatchObject({
      name: 'Travel',
      color: '#aabbcc',
      description: null,
      documentsCount: 0,
    });
    const id = (created.body.tag as { id: string }).id;
    expect(
      (await call('PUT', `${ORG}/tags/${id}`, { name: 'Trips', color: '#aabbcc' })).body.tag,
    ).toMatchObject({ name: 'Trips' });
    expect((await call('DELETE', `${ORG}/tags/${SEED_TAG}`)).status).toBe(204);
    const rules = await call('GET', `${ORG}/tagging-rules`);
    expect(rules.body.taggingRules).toMatchObject([{ actions: [] }]);
  });

  test('a state change is kept: a new API over the same storage finds it', async () => {
    await call('PUT', `${ORG}`, { name: 'Renamed household' });
    const reopened = await createDemoApi({ persistence });
    const answer = await reopened.fetch(`http://localhost${ORG}`);
    expect(await answer.json()).toMatchObject({ organization: { name: 'Renamed household' } });
  });

  test('reset brings the seed back', async () => {
    await call('DELETE', `${ORG}/documents/${SEED_DOCUMENT}`);
    await api.reset();
    expect((await call('GET', `${ORG}/documents/deleted`)).body.documentsCount).toBe(0);
    expect((await call('GET', `${ORG}/documents/${SEED_DOCUMENT}`)).status).toBe(200);
  });

  test('usage is computed from what is stored, against the demo plan', async () => {
    const usage = (await call('GET', `${ORG}/usage`)).body.usage as {
      documentsStorage: { used: number; limit: number };
      membersCount: { used: number; limit: number };
    };
    expect(usage.documentsStorage.used).toBeGreaterThan(0);
    expect(usage.documentsStorage.limit).toBe(500_000_000);
    expect(usage.membersCount).toEqual({ used: 2, limit: 3 });
    expect((await call('GET', `${ORG}/subscription`)).body.plan).toMatchObject({
      id: 'free',
      limits: { maxFileSize: 50_000_000 },
    });
  });

  test('an API key is created with a one-time token and listed without it', async () => {
    const created = await call('POST', '/api/api-keys', {
      name: 'Scripts',
      permissions: ['documents:read'],
      organizationIds: [],
      allOrganizations: false,
      expiresAt: null,
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^sheaf_[a-z0-9]{64}$/);
    expect((await call('GET', '/api/api-keys')).body.apiKeys).toMatchObject([
      { name: 'Scripts', prefix: token.slice(0, 11) },
    ]);
  });

  test('the seed is made well within 500 ms', async () => {
    const startedAt = performance.now();
    await createDemoApi({ persistence: createMemoryPersistence() });
    expect(performance.now() - startedAt).toBeLessThan(500);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { listDocuments, request, uploadFile } from './documents.test-helpers';

describe.each(testDialects)('per-user rate limits on uploads and search on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: {
      UPLOADS_RATE_LIMIT_PER_MINUTE: '3',
      SEARCHES_RATE_LIMIT_PER_MINUTE: '2',
    },
  });
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    owner = await createUser(`limited-${dialect}@example.com`);
    other = await createUser(`unlimited-${dialect}@example.com`);
  });

  it('refuses the upload past the limit with 429, Retry-After and the error shape, and stores nothing', async () => {
    const organizationId = (await createOrganization(server, owner, 'Uploads')).id;
    const token = await createApiKey(server, owner, {
      permissions: ['documents:create', 'documents:read'],
      organizationIds: [organizationId],
    });
    const upload = (index: number, credentials: { cookie?: string; token?: string }) =>
      uploadFile(server, credentials, organizationId, { name: `note-${index}.txt`, data: `note ${index}` });

    expect((await upload(1, { cookie: owner.cookie })).status).toBe(201);
    expect((await upload(2, { cookie: owner.cookie })).status).toBe(201);
    // The user's API key draws from the same allowance as their session.
    expect((await upload(3, { token })).status).toBe(201);
    const refused = await upload(4, { cookie: owner.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await readError(refused)).error.code).toBe('api.rate_limited');
    expect((await upload(5, { token })).status).toBe(429);

    const listed = await listDocuments(server, { cookie: owner.cookie }, organizationId);
    expect(listed.documents.map((document) => document.name).sort()).toEqual([
      'note-1.txt',
      'note-2.txt',
      'note-3.txt',
    ]);
  });

  it('counts each user apart, so one user at the limit does not slow another', async () => {
    const organizationId = (await createOrganization(server, other, 'Other uploads')).id;
    const response = await uploadFile(server, { cookie: other.cookie }, organizationId, {
      name: 'mine.txt',
      data: 'mine',
    });
    expect(response.status).toBe(201);
  });

  it('refuses searches past the limit with 429 while other reads still answer', async () => {
    const organizationId = (await createOrganization(server, owner, 'Searches')).id;
    const search = () =>
      request(server, 'GET', `/api/organizations/${organizationId}/documents/search?searchQuery=note`, {
        cookie: owner.cookie,
      });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await readError(refused)).error.code).toBe('api.rate_limited');
    // Listing is not a search.
    const listed = await request(server, 'GET', `/api/organizations/${organizationId}/documents`, {
      cookie: owner.cookie,
    });
    expect(listed.status).toBe(200);
  });
});

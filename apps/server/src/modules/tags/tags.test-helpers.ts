import type { TagDto } from '@sheaf/contracts/tags';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

/** POST …/tags and expects 201: answers the tag. */
export async function createTag(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: { name: string; color?: string; description?: string | null },
) {
  const response = await request(server, 'POST', `/api/organizations/${organizationId}/tags`, credentials, {
    body: { color: '#d8ff75', ...body },
  });
  if (response.status !== 201)
    throw new Error(`create tag failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ tag: TagDto }>(response)).tag;
}

export async function listTags(server: TestServer, credentials: Credentials, organizationId: string) {
  const response = await request(server, 'GET', `/api/organizations/${organizationId}/tags`, credentials);
  if (response.status !== 200) throw new Error(`list tags failed: ${response.status}`);
  return (await readJson<{ tags: TagDto[] }>(response)).tags;
}

export function attachTag(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  tagId: string,
) {
  return request(
    server,
    'POST',
    `/api/organizations/${organizationId}/documents/${documentId}/tags`,
    credentials,
    { body: { tagId } },
  );
}

export function detachTag(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  tagId: string,
) {
  return request(
    server,
    'DELETE',
    `/api/organizations/${organizationId}/documents/${documentId}/tags/${tagId}`,
    credentials,
  );
}

import type { CreateSavedViewInput, SavedViewDto, UpdateSavedViewInput } from '@sheaf/contracts/saved-views';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

export const savedViewsPath = (organizationId: string, savedViewId?: string) =>
  `/api/organizations/${organizationId}/saved-views${savedViewId ? `/${savedViewId}` : ''}`;

/** POST …/saved-views and expects 201: answers the view. */
export async function createSavedView(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: CreateSavedViewInput,
) {
  const response = await request(server, 'POST', savedViewsPath(organizationId), credentials, { body });
  if (response.status !== 201)
    throw new Error(`create saved view failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ savedView: SavedViewDto }>(response)).savedView;
}

/** PATCH …/saved-views/:savedViewId and expects 200: answers the view. */
export async function updateSavedView(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  savedViewId: string,
  body: UpdateSavedViewInput,
) {
  const response = await request(server, 'PATCH', savedViewsPath(organizationId, savedViewId), credentials, {
    body,
  });
  if (response.status !== 200)
    throw new Error(`update saved view failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ savedView: SavedViewDto }>(response)).savedView;
}

export async function listSavedViews(server: TestServer, credentials: Credentials, organizationId: string) {
  const response = await request(server, 'GET', savedViewsPath(organizationId), credentials);
  if (response.status !== 200) throw new Error(`list saved views failed: ${response.status}`);
  return (await readJson<{ savedViews: SavedViewDto[] }>(response)).savedViews;
}

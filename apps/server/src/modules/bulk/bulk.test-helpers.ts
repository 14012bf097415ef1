import type { BulkRequest, BulkResultDto, TaskDto } from '@sheaf/contracts/bulk';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

export const bulkPath = (organizationId: string) => `/api/organizations/${organizationId}/documents/bulk`;
export const taskPath = (organizationId: string, taskId: string) =>
  `/api/organizations/${organizationId}/tasks/${taskId}`;

export const postBulk = (
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: unknown,
) => request(server, 'POST', bulkPath(organizationId), credentials, { body });

/** A bulk request by ids, expected to answer 200: its result. */
export async function runBulk(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: BulkRequest,
): Promise<BulkResultDto> {
  const response = await postBulk(server, credentials, organizationId, body);
  if (response.status !== 200) throw new Error(`bulk failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ result: BulkResultDto }>(response)).result;
}

/** A bulk request by filter: queued (202), then run by the queue; answers the finished task. */
export async function runBulkTask(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: BulkRequest,
): Promise<TaskDto> {
  const response = await postBulk(server, credentials, organizationId, body);
  if (response.status !== 202)
    throw new Error(`bulk task failed: ${response.status} ${await response.text()}`);
  const { task } = await readJson<{ task: TaskDto }>(response);
  await server.jobQueue.runDueJobs();
  return getTask(server, credentials, organizationId, task.id);
}

export async function getTask(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  taskId: string,
) {
  const response = await request(server, 'GET', taskPath(organizationId, taskId), credentials);
  if (response.status !== 200)
    throw new Error(`get task failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ task: TaskDto }>(response)).task;
}

import { Readable } from 'node:stream';
import { BULK_ACTION_PERMISSIONS, bulkEndpoints } from '@sheaf/contracts/bulk';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { createForbiddenError } from '../auth/auth.errors.http';
import { getMembership } from '../organizations/organizations.middleware';
import type { BulkUsecases } from './bulk.usecases';

/**
 * The endpoint lets any member (or API key reading documents) in; the action's own permission is
 * checked here, before anything runs: an API key that may only read cannot trash by the bulk route.
 */
export function createBulkRoutes({ bulk, routes }: { bulk: BulkUsecases; routes: EndpointRoutesFactory }) {
  return routes()
    .on(bulkEndpoints.run, async ({ c, body }) => {
      const { organizationId, userId } = getMembership(c);
      const actor = c.get('actor');
      const permission = BULK_ACTION_PERMISSIONS[body.action];
      if (actor.kind === 'api-key' && !actor.apiKey.permissions.includes(permission))
        throw createForbiddenError(`This API key lacks the permission ${permission}.`);
      const answer = await bulk.run({ actor: { organizationId, userId }, request: body });
      if (answer.kind === 'result') return { status: 200, body: { result: answer.result } };
      if (answer.task.action === 'download_zip') return { status: 201, body: { task: answer.task } };
      return { status: 202, body: { task: answer.task } };
    })
    .on(bulkEndpoints.listTasks, async ({ c, query }) => ({
      status: 200,
      body: await bulk.listTasks({
        organizationId: getMembership(c).organizationId,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      }),
    }))
    .on(bulkEndpoints.getTask, async ({ c, params }) => ({
      status: 200,
      body: {
        task: await bulk.getTask({ organizationId: getMembership(c).organizationId, taskId: params.taskId }),
      },
    }))
    .on(bulkEndpoints.undoTask, async ({ c, params }) => {
      const { organizationId, userId } = getMembership(c);
      const actor = c.get('actor');
      // The permission of the action undone (the inverse needs the same one).
      const task = await bulk.getTask({ organizationId, taskId: params.taskId });
      const permission = BULK_ACTION_PERMISSIONS[task.action];
      if (actor.kind === 'api-key' && !actor.apiKey.permissions.includes(permission))
        throw createForbiddenError(`This API key lacks the permission ${permission}.`);
      return {
        status: 202,
        body: { task: await bulk.undoTask({ actor: { organizationId, userId }, taskId: params.taskId }) },
      };
    })
    .on(bulkEndpoints.downloadTask, async ({ c, params }) => {
      const { stream, fileName } = await bulk.openDownload({
        organizationId: getMembership(c).organizationId,
        taskId: params.taskId,
      });
      return new Response(Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${fileName}"`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    }).router;
}

import { canManageWebhooks } from '@sheaf/contracts/webhooks';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { myMemberQueryOptions } from '../members/api';

/** Webhook pages are for owners and admins (the API answers 403 to members): others go to the general settings. */
export async function requireWebhooksManager(
  queryClient: QueryClient,
  organizationId: string,
): Promise<void> {
  const me = await queryClient.ensureQueryData(myMemberQueryOptions(organizationId));
  if (!canManageWebhooks(me.role)) {
    throw redirect({
      to: '/organizations/$organizationId/settings',
      params: { organizationId },
      replace: true,
    });
  }
}

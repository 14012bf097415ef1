import { shareLinksEndpoints } from '@sheaf/contracts/share-links';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { ShareLinksUsecases } from './share-links.usecases';

/** The organization's API of share links; the public pages are share-links.public.ts. */
export function createShareLinksRoutes({
  shareLinks,
  routes,
}: {
  shareLinks: ShareLinksUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(shareLinksEndpoints.create, async ({ c, params, body }) => {
      const { organizationId, userId } = getMembership(c);
      const created = await shareLinks.createShareLink({
        organizationId,
        documentId: params.documentId,
        userId,
        expiresIn: body.expiresIn,
        password: body.password,
        allowDownload: body.allowDownload,
      });
      return { status: 201, body: created };
    })
    .on(shareLinksEndpoints.listForDocument, async ({ c, params }) => ({
      status: 200,
      body: {
        shareLinks: await shareLinks.listDocumentShareLinks({
          organizationId: getMembership(c).organizationId,
          documentId: params.documentId,
        }),
      },
    }))
    .on(shareLinksEndpoints.list, async ({ c, query }) => ({
      status: 200,
      body: await shareLinks.listShareLinks({
        organizationId: getMembership(c).organizationId,
        pageIndex: query.pageIndex,
        pageSize: query.pageSize,
      }),
    }))
    .on(shareLinksEndpoints.revokeAll, async ({ c }) => {
      const { organizationId, userId } = getMembership(c);
      return {
        status: 200,
        body: { revokedCount: await shareLinks.revokeAllShareLinks({ organizationId, userId }) },
      };
    })
    .on(shareLinksEndpoints.revoke, async ({ c, params }) => {
      const { organizationId, userId, role } = getMembership(c);
      await shareLinks.revokeShareLink({
        organizationId,
        shareLinkId: params.shareLinkId,
        caller: { userId, role },
      });
      return { status: 204 };
    })
    .on(shareLinksEndpoints.getSettings, async ({ c }) => ({
      status: 200,
      body: {
        shareLinkSettings: await shareLinks.getSettings({ organizationId: getMembership(c).organizationId }),
      },
    }))
    .on(shareLinksEndpoints.updateSettings, async ({ c, body }) => ({
      status: 200,
      body: {
        shareLinkSettings: await shareLinks.updateSettings({
          organizationId: getMembership(c).organizationId,
          isEnabled: body.isEnabled,
        }),
      },
    })).router;
}

import { savedViewsEndpoints } from '@sheaf/contracts/saved-views';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { SavedViewsUsecases } from './saved-views.usecases';

/** The caller's membership decides what they see and change (an API key reads as its creator). */
export function createSavedViewsRoutes({
  savedViews,
  routes,
}: {
  savedViews: SavedViewsUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(savedViewsEndpoints.list, async ({ c }) => ({
      status: 200,
      body: { savedViews: await savedViews.listSavedViews(getMembership(c)) },
    }))
    .on(savedViewsEndpoints.create, async ({ c, body }) => ({
      status: 201,
      body: { savedView: await savedViews.createSavedView({ member: getMembership(c), input: body }) },
    }))
    .on(savedViewsEndpoints.update, async ({ c, params, body }) => ({
      status: 200,
      body: {
        savedView: await savedViews.updateSavedView({
          member: getMembership(c),
          savedViewId: params.savedViewId,
          input: body,
        }),
      },
    }))
    .on(savedViewsEndpoints.delete, async ({ c, params }) => {
      await savedViews.deleteSavedView({ member: getMembership(c), savedViewId: params.savedViewId });
      return { status: 204 };
    }).router;
}

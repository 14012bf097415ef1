import {
  type CreateSavedViewInput,
  type SavedViewDto,
  savedViewsEndpoints,
  type UpdateSavedViewInput,
} from '@sheaf/contracts/saved-views';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** Under the organization's key, so one invalidation of the organization refreshes them too. */
export function savedViewsQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'saved-views'] as const;
}

/** GET /saved-views: the member's personal views and the shared ones, by name. */
export function savedViewsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: savedViewsQueryKey(organizationId),
    queryFn: async () => (await call(savedViewsEndpoints.list, { params: { organizationId } })).savedViews,
  });
}

/** After a change the list is refreshed; the changed view is put in the cache at once. */
function useStoreView(organizationId: string) {
  const queryClient = useQueryClient();
  return (view: SavedViewDto | null, removedId?: string) => {
    queryClient.setQueryData<SavedViewDto[]>(savedViewsQueryKey(organizationId), (views) => {
      if (!views) return views;
      const others = views.filter(({ id }) => id !== (view?.id ?? removedId));
      // One default per member: a new default unsets the others in the cache too.
      const rest = view?.isDefault ? others.map((other) => ({ ...other, isDefault: false })) : others;
      return view ? [...rest, view] : rest;
    });
    return queryClient.invalidateQueries({ queryKey: savedViewsQueryKey(organizationId) });
  };
}

export function useCreateSavedView(organizationId: string) {
  const store = useStoreView(organizationId);
  return useMutation({
    mutationFn: async (input: CreateSavedViewInput) =>
      (await call(savedViewsEndpoints.create, { params: { organizationId }, body: input })).savedView,
    onSuccess: (view) => store(view),
  });
}

export function useUpdateSavedView(organizationId: string) {
  const store = useStoreView(organizationId);
  return useMutation({
    mutationFn: async ({ savedViewId, input }: { savedViewId: string; input: UpdateSavedViewInput }) =>
      (await call(savedViewsEndpoints.update, { params: { organizationId, savedViewId }, body: input }))
        .savedView,
    onSuccess: (view) => store(view),
  });
}

export function useDeleteSavedView(organizationId: string) {
  const store = useStoreView(organizationId);
  return useMutation({
    mutationFn: (savedViewId: string) =>
      call(savedViewsEndpoints.delete, { params: { organizationId, savedViewId } }),
    onSuccess: (_, savedViewId) => store(null, savedViewId),
  });
}

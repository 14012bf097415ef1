import type { DocumentDto } from '@sheaf/contracts/documents';
import type { MemberRole } from '@sheaf/contracts/permissions';
import {
  type CreatePropertyDefinitionInput,
  type PropertyValue,
  propertiesEndpoints,
  type UpdatePropertyDefinitionInput,
} from '@sheaf/contracts/properties';
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { organizationQueryKey } from '../organizations/api';

/** The organization's property definitions live under its key, so one invalidation refreshes them too. */
export function propertiesQueryKey(organizationId: string) {
  return [...organizationQueryKey(organizationId), 'properties'] as const;
}

/** GET /properties: every definition, by name, each with the number of documents carrying a value. */
export function propertiesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: propertiesQueryKey(organizationId),
    queryFn: async () => (await call(propertiesEndpoints.list, { params: { organizationId } })).properties,
  });
}

/** Who manages definitions: the roles the endpoint allows (members only read them). */
export function canManageProperties(role: MemberRole): boolean {
  const roles: readonly MemberRole[] = propertiesEndpoints.create.roles;
  return roles.includes(role);
}

/** After a change the organization's cached queries (definitions, documents and their lists) are refreshed. */
function useRefreshOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
}

export function useCreateProperty(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async (input: CreatePropertyDefinitionInput) =>
      (await call(propertiesEndpoints.create, { params: { organizationId }, body: input })).property,
    onSuccess: refresh,
  });
}

export function useUpdateProperty(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async ({ propertyId, input }: { propertyId: string; input: UpdatePropertyDefinitionInput }) =>
      (await call(propertiesEndpoints.update, { params: { organizationId, propertyId }, body: input }))
        .property,
    onSuccess: refresh,
  });
}

export function useDeleteProperty(organizationId: string) {
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: (propertyId: string) =>
      call(propertiesEndpoints.delete, { params: { organizationId, propertyId } }),
    onSuccess: refresh,
  });
}

/** The document's values with one property's replaced (null: removed), as the cache shows it at once. */
function withValue(document: DocumentDto, propertyId: string, value: PropertyValue | null): DocumentDto {
  const others = document.properties.filter((entry) => entry.propertyId !== propertyId);
  return { ...document, properties: value === null ? others : [...others, { propertyId, value }] };
}

/**
 * PUT /documents/{documentId}/properties/{propertyId} (value given) or DELETE (value null). The
 * document shown (its query, `documentQueryKey`: documents' own key, given by the page so this
 * module does not reach into documents) takes the answer at once; the rest of the organization
 * (lists, counts) refreshes.
 */
export function useSetDocumentPropertyValue(
  organizationId: string,
  { documentQueryKey }: { documentQueryKey?: QueryKey } = {},
) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrganization(organizationId);
  return useMutation({
    mutationFn: async ({
      documentId,
      propertyId,
      value,
    }: {
      documentId: string;
      propertyId: string;
      value: PropertyValue | null;
    }) => {
      const params = { organizationId, documentId, propertyId };
      if (value === null) {
        await call(propertiesEndpoints.clearDocumentValue, { params });
        return { propertyId, value: null };
      }
      const { property } = await call(propertiesEndpoints.setDocumentValue, { params, body: { value } });
      return { propertyId, value: property.value };
    },
    onSuccess: async ({ propertyId, value }) => {
      if (documentQueryKey) {
        queryClient.setQueryData<DocumentDto>(documentQueryKey, (document) =>
          document ? withValue(document, propertyId, value) : document,
        );
      }
      await refresh();
    },
  });
}

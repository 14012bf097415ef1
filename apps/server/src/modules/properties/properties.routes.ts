import { propertiesEndpoints } from '@sheaf/contracts/properties';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import type { PropertiesUsecases } from './properties.usecases';

export function createPropertiesRoutes({
  properties,
  routes,
}: {
  properties: PropertiesUsecases;
  routes: EndpointRoutesFactory;
}) {
  return routes()
    .on(propertiesEndpoints.list, async ({ c }) => ({
      status: 200,
      body: {
        properties: await properties.listPropertyDefinitions({
          organizationId: getMembership(c).organizationId,
        }),
      },
    }))
    .on(propertiesEndpoints.create, async ({ c, body }) => {
      const property = await properties.createPropertyDefinition({
        organizationId: getMembership(c).organizationId,
        fields: body,
      });
      return { status: 201, body: { property } };
    })
    .on(propertiesEndpoints.update, async ({ c, params, body }) => {
      const property = await properties.updatePropertyDefinition({
        organizationId: getMembership(c).organizationId,
        propertyId: params.propertyId,
        changes: body,
      });
      return { status: 200, body: { property } };
    })
    .on(propertiesEndpoints.delete, async ({ c, params }) => {
      await properties.deletePropertyDefinition({
        organizationId: getMembership(c).organizationId,
        propertyId: params.propertyId,
      });
      return { status: 204 };
    })
    .on(propertiesEndpoints.setDocumentValue, async ({ c, params, body }) => {
      const { organizationId, userId } = getMembership(c);
      const { property } = await properties.setDocumentPropertyValue({
        organizationId,
        documentId: params.documentId,
        propertyId: params.propertyId,
        value: body.value,
        userId,
      });
      return { status: 200, body: { property } };
    })
    .on(propertiesEndpoints.clearDocumentValue, async ({ c, params }) => {
      const { organizationId, userId } = getMembership(c);
      await properties.clearDocumentPropertyValue({
        organizationId,
        documentId: params.documentId,
        propertyId: params.propertyId,
        userId,
      });
      return { status: 204 };
    }).router;
}

import type {
  CreatePropertyDefinitionInput,
  DocumentPropertyValueDto,
  PropertyDefinitionDto,
  UpdatePropertyDefinitionInput,
} from '@sheaf/contracts/properties';
import { readJson } from '../../test/http';
import { type Credentials, request } from '../documents/documents.test-helpers';
import type { TestServer } from '../organizations/organizations.test-helpers';

export const propertiesPath = (organizationId: string) => `/api/organizations/${organizationId}/properties`;

export const documentPropertyPath = (organizationId: string, documentId: string, propertyId: string) =>
  `/api/organizations/${organizationId}/documents/${documentId}/properties/${propertyId}`;

/** POST …/properties and expects 201: answers the definition. */
export async function createProperty(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  body: CreatePropertyDefinitionInput,
) {
  const response = await request(server, 'POST', propertiesPath(organizationId), credentials, { body });
  if (response.status !== 201)
    throw new Error(`create property failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ property: PropertyDefinitionDto }>(response)).property;
}

/** PATCH …/properties/:propertyId and expects 200: answers the definition. */
export async function updateProperty(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  propertyId: string,
  body: UpdatePropertyDefinitionInput,
) {
  const response = await request(
    server,
    'PATCH',
    `${propertiesPath(organizationId)}/${propertyId}`,
    credentials,
    { body },
  );
  if (response.status !== 200)
    throw new Error(`update property failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ property: PropertyDefinitionDto }>(response)).property;
}

export async function listProperties(server: TestServer, credentials: Credentials, organizationId: string) {
  const response = await request(server, 'GET', propertiesPath(organizationId), credentials);
  if (response.status !== 200) throw new Error(`list properties failed: ${response.status}`);
  return (await readJson<{ properties: PropertyDefinitionDto[] }>(response)).properties;
}

/** PUT …/documents/:documentId/properties/:propertyId: the raw answer. */
export async function putPropertyValue(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  propertyId: string,
  value: unknown,
) {
  return request(server, 'PUT', documentPropertyPath(organizationId, documentId, propertyId), credentials, {
    body: { value },
  });
}

/** The same, expecting 200: answers the value as stored. */
export async function setPropertyValue(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  propertyId: string,
  value: unknown,
) {
  const response = await putPropertyValue(server, credentials, organizationId, documentId, propertyId, value);
  if (response.status !== 200)
    throw new Error(`set property value failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ property: DocumentPropertyValueDto }>(response)).property;
}

/** DELETE …/documents/:documentId/properties/:propertyId: the raw answer. */
export async function clearPropertyValue(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  documentId: string,
  propertyId: string,
) {
  return request(server, 'DELETE', documentPropertyPath(organizationId, documentId, propertyId), credentials);
}

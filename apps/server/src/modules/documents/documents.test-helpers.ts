import type { DocumentActivityDto, DocumentDto, DocumentListItemDto } from '@sheaf/contracts/documents';
import type { PropertyOptionDto, PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.types';
import { generateId } from '../../shared/ids';
import { readJson } from '../../test/http';
import { TEST_ORIGIN } from '../../test/test-auth';
import type { TestServer } from '../organizations/organizations.test-helpers';
import { propertyValueToRows } from './documents.property-values';

/** Who calls: a signed-in user's cookie or an API key's token. */
export type Credentials = { cookie?: string; token?: string };

export type MultipartPart = { name: string; filename?: string; type?: string; data: Buffer | string };

const BOUNDARY = '----sheaf-test-boundary-7d9f1a';

/** A multipart/form-data body written by hand, so tests control every byte (names, several files…). */
export function multipartBody(parts: MultipartPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${
      part.filename !== undefined ? `; filename="${part.filename.replace(/"/g, '%22')}"` : ''
    }`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.type) headers.push(`Content-Type: ${part.type}`);
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export function authHeaders({ cookie, token }: Credentials): Record<string, string> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (token) headers.authorization = `Bearer ${token}`;
  else if (cookie) headers.cookie = cookie;
  return headers;
}

/** POST …/documents with the given parts (default: one file in the field `file`). */
export function uploadParts(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  parts: MultipartPart[],
) {
  return server.app.request(`/api/organizations/${organizationId}/documents`, {
    method: 'POST',
    headers: { ...authHeaders(credentials), 'content-type': MULTIPART_CONTENT_TYPE },
    body: multipartBody(parts),
  });
}

export function uploadFile(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  file: { name: string; data: Buffer | string; type?: string },
) {
  return uploadParts(server, credentials, organizationId, [
    { name: 'file', filename: file.name, type: file.type ?? 'application/octet-stream', data: file.data },
  ]);
}

/** Uploads and expects 201: answers the document. */
export async function createDocument(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  file: { name: string; data: Buffer | string; type?: string },
) {
  const response = await uploadFile(server, credentials, organizationId, file);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ document: DocumentDto }>(response)).document;
}

export function request(
  server: TestServer,
  method: string,
  path: string,
  credentials: Credentials,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return server.app.request(path, {
    method,
    headers: {
      ...authHeaders(credentials),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

export async function listDocuments(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  query = '',
) {
  const response = await request(
    server,
    'GET',
    `/api/organizations/${organizationId}/documents${query}`,
    credentials,
  );
  if (response.status !== 200) throw new Error(`list failed: ${response.status} ${await response.text()}`);
  return readJson<{ documents: DocumentListItemDto[]; documentsCount: number }>(response);
}

export async function getDocument(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  id: string,
) {
  const response = await request(
    server,
    'GET',
    `/api/organizations/${organizationId}/documents/${id}`,
    credentials,
  );
  if (response.status !== 200) throw new Error(`get failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ document: DocumentDto }>(response)).document;
}

export async function listActivities(
  server: TestServer,
  credentials: Credentials,
  organizationId: string,
  id: string,
  query = '',
) {
  const response = await request(
    server,
    'GET',
    `/api/organizations/${organizationId}/documents/${id}/activity${query}`,
    credentials,
  );
  if (response.status !== 200)
    throw new Error(`activity failed: ${response.status} ${await response.text()}`);
  return (await readJson<{ activities: DocumentActivityDto[] }>(response)).activities;
}

// ---------------------------------------------------------------------------------------------
// Rows of other modules' tables (properties, notes), inserted straight: the list and the document
// answer read them whatever made them.

const TEST_TIMESTAMP = '2026-01-01T00:00:00.000Z';

/** A property definition of the organization; a select's options get ids (`opt_…`) in the order given. */
export async function insertPropertyDefinition(
  db: Kysely<Database>,
  {
    organizationId,
    name,
    type,
    options = [],
    currency = null,
  }: {
    organizationId: string;
    name: string;
    type: PropertyType;
    options?: string[];
    currency?: string | null;
  },
) {
  const id = generateId('prop');
  const withIds: PropertyOptionDto[] = options.map((option) => ({
    id: generateId('opt'),
    name: option,
    color: '#d8ff75',
  }));
  await db
    .insertInto('property_definitions')
    .values({
      id,
      organization_id: organizationId,
      name,
      name_key: name.toLowerCase(),
      type,
      description: null,
      options: JSON.stringify(withIds),
      currency,
      created_at: TEST_TIMESTAMP,
      updated_at: TEST_TIMESTAMP,
    })
    .execute();
  return { id, type, options: withIds };
}

/** A document's value of a property (replacing any), stored as the properties module does. */
export async function insertPropertyValue(
  db: Kysely<Database>,
  {
    organizationId,
    documentId,
    property,
    value,
    createdAt = TEST_TIMESTAMP,
  }: {
    organizationId: string;
    documentId: string;
    property: { id: string; type: PropertyType };
    value: PropertyValue;
    createdAt?: string;
  },
) {
  await db
    .deleteFrom('document_property_values')
    .where('document_id', '=', documentId)
    .where('property_id', '=', property.id)
    .execute();
  const rows = propertyValueToRows(property.type, value).map((columns) => ({
    ...columns,
    document_id: documentId,
    property_id: property.id,
    organization_id: organizationId,
    created_at: createdAt,
    updated_at: createdAt,
  }));
  await db.insertInto('document_property_values').values(rows).execute();
}

/** A note on a document; answers its id. */
export async function insertNote(
  db: Kysely<Database>,
  {
    organizationId,
    documentId,
    authorId = null,
    content = 'A note',
  }: { organizationId: string; documentId: string; authorId?: string | null; content?: string },
) {
  const id = generateId('note');
  await db
    .insertInto('document_notes')
    .values({
      id,
      organization_id: organizationId,
      document_id: documentId,
      author_id: authorId,
      content,
      created_at: TEST_TIMESTAMP,
      updated_at: null,
    })
    .execute();
  return id;
}

import { Validator } from '@seriousme/openapi-schema-validator';
import { isJsonAnswer } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import { toOpenApiPath } from './openapi';

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
};

describe('the API description', () => {
  const testDatabase = useTestDatabase('sqlite');
  let server: ReturnType<typeof createTestServer>;
  let document: OpenApiDocument;

  beforeAll(async () => {
    // Every optional part on, so that every route is registered.
    server = createTestServer({
      database: testDatabase.database,
      env: { INTAKE_EMAILS_IS_ENABLED: 'true', INTAKE_EMAILS_DOMAIN: 'intake.example.com' },
    });
    const response = await server.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await server?.services.extractionPool.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the app registers', () => {
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const registered = new Set(
      server.app.routes
        .filter(({ method, path }) => method !== 'ALL' && path.startsWith('/api/') && !path.endsWith('*'))
        // The description and its reference page describe the others.
        .filter(({ path }) => !['/api/openapi.json', '/api/docs', '/api/docs/scalar.js'].includes(path))
        .map(({ method, path }) => `${method} ${toOpenApiPath(path)}`),
    );
    expect([...registered].filter((route) => !described.has(route))).toEqual([]);
    expect(registered.size).toBeGreaterThan(50);
  });

  it('describes every JSON answer by its schema, never as a bare object, and lists the 404 of every path parameter', () => {
    const bare: string[] = [];
    const without404: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = (
          operation as {
            responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
          }
        ).responses;
        for (const [status, response] of Object.entries(responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (!status.startsWith('2') || !schema) continue;
          const isBare =
            schema.type === 'object' && !schema.properties && !schema.anyOf && !schema.oneOf && !schema.allOf;
          if (isBare) bare.push(`${method.toUpperCase()} ${path} ${status}`);
        }
        const hasIdParameter = /\{(?!organizationId\})[A-Za-z]+\}/.test(path);
        if (hasIdParameter && !responses['404']) without404.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(bare).toEqual([]);
    expect(without404).toEqual([]);
  });

  it('gives request bodies the schemas the routes validate with, strict and with their limits', () => {
    const body = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as
        | {
            properties: Record<string, { maxLength?: number; enum?: string[] }>;
            additionalProperties?: boolean;
            required?: string[];
          }
        | undefined;
    const tag = body('/api/organizations/{organizationId}/tags', 'post');
    expect(tag?.required).toEqual(expect.arrayContaining(['name']));
    expect(tag?.properties.name?.maxLength).toBeGreaterThan(0);
    expect(tag?.additionalProperties).toBe(false);
    const rule = body('/api/organizations/{organizationId}/tagging-rules', 'post');
    expect(rule?.properties.conditionMatchMode?.enum).toEqual(['all', 'any']);
  });

  it('says what the fuzzing of the old description found unsaid: the upload field, files, null sessions, control characters', () => {
    type Operation = {
      requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
      responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
    };
    const operation = (path: string, method: string) =>
      document.paths[path]?.[method] as unknown as Operation;
    const upload = operation('/api/organizations/{organizationId}/documents', 'post');
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    const file = operation('/api/organizations/{organizationId}/documents/{documentId}/file', 'get');
    expect(Object.keys(file.responses['200']?.content ?? {})).toEqual(
      expect.arrayContaining(['application/octet-stream', 'application/pdf']),
    );
    const session = JSON.stringify(operation('/api/auth/get-session', 'get').responses['200']?.content);
    expect(session).toContain('"type":"null"');
    expect(
      operation('/api/auth/sign-up/email', 'post').requestBody?.content['application/json'],
    ).toBeDefined();
    const tagBody = operation('/api/organizations/{organizationId}/tags', 'post').requestBody?.content[
      'application/json'
    ]?.schema as { properties?: Record<string, { pattern?: string }> } | undefined;
    const tagName = tagBody?.properties?.name;
    const namePattern = new RegExp(tagName?.pattern ?? '', 'u');
    expect(namePattern.test('Invoices')).toBe(true);
    expect(namePattern.test('In\u0000voices')).toBe(false);
  });

  it('shows an example of every JSON answer, each one valid against its schemas', () => {
    const problems: string[] = [];
    for (const endpoint of allEndpoints) {
      const name = `${endpoint.method} ${endpoint.path}`;
      const jsonAnswers = Object.values(endpoint.answers).filter(isJsonAnswer);
      if (jsonAnswers.length === 0) continue;
      if (endpoint.example?.answer === undefined) {
        problems.push(`${name}: no example answer`);
        continue;
      }
      if (!jsonAnswers.some((schema) => schema.safeParse(endpoint.example?.answer).success))
        problems.push(`${name}: the example answer does not match`);
      if (
        endpoint.example.body !== undefined &&
        endpoint.body &&
        !endpoint.body.safeParse(endpoint.example.body).success
      )
        problems.push(`${name}: the example body does not match`);
    }
    expect(problems).toEqual([]);
  });

  it('serves a reference page that loads its script from this origin only', async () => {
    const page = await server.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).toContain('<script src="/api/docs/scalar.js">');
    const script = await server.app.request('/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});

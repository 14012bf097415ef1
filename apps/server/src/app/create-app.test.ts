import type { PublicConfig } from '@sheaf/contracts/config';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDatabase } from '../db/database';
import type { AppEnv } from '../shared/app.types';
import { parseJsonBody } from '../shared/validation';
import { readError, readJson } from '../test/http';
import { createTestApp, silentLogger } from '../test/test-app';
import { testDialects, useTestDatabase } from '../test/test-database';
import { handleError } from './error-handler';

describe.each(testDialects)('the HTTP app on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);

  it('answers the runtime configuration with the spec defaults', async () => {
    const app = createTestApp({ database: testDatabase.database });
    const response = await app.request('/api/config');
    expect(response.status).toBe(200);
    const body = await readJson<{ config: PublicConfig }>(response);
    expect(body.config.baseUrl).toBe('http://localhost:8080');
    expect(body.config.auth.providers.email).toEqual({ isEnabled: true });
    expect(body.config.documents.deletedDocumentsRetentionDays).toBe(30);
    expect(body.config.isDemoMode).toBe(false);
  });

  it('reflects configured flags in the runtime configuration', async () => {
    const app = createTestApp({
      database: testDatabase.database,
      env: {
        AUTH_IS_REGISTRATION_ENABLED: 'false',
        DOCUMENTS_DELETED_RETENTION_DAYS: '7',
        ORGANIZATIONS_PURGE_DAYS: '14',
        SUBSCRIPTIONS_IS_ENABLED: 'true',
      },
    });
    const { config } = await readJson<{ config: PublicConfig }>(await app.request('/api/config'));
    expect(config.auth.isRegistrationEnabled).toBe(false);
    expect(config.documents.deletedDocumentsRetentionDays).toBe(7);
    expect(config.organizations.deletedOrganizationsPurgeDaysDelay).toBe(14);
    expect(config.isSubscriptionsEnabled).toBe(true);
  });

  it('reports a healthy database', async () => {
    const app = createTestApp({ database: testDatabase.database });
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('reports 503 when the database cannot be reached', async () => {
    const connection = testDatabase.openConnection();
    await checkDatabase(connection.db);
    await connection.destroy();
    const app = createTestApp({ database: connection });
    const response = await app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
  });

  it('answers 404 api.not_found for an unknown API route', async () => {
    const app = createTestApp({ database: testDatabase.database });
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/config/more'],
      ['DELETE', '/api'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'api.not_found', message: 'This API route does not exist.' },
      });
    }
  });

  it('answers 405 with Allow for a method a path of the API does not take', async () => {
    const app = createTestApp({ database: testDatabase.database });
    const response = await app.request('/api/organizations/org_x/tags/tag_y', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('DELETE, PUT');
    expect((await readError(response)).error.code).toBe('api.method_not_allowed');
    const list = await app.request('/api/organizations/org_x/tags', { method: 'PATCH' });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('refuses an unknown query parameter, __proto__ included, on an endpoint that reads no query', async () => {
    const app = createTestApp({ database: testDatabase.database });
    for (const query of ['key=x', '__proto__=x', '__proto__=a&__proto__=b']) {
      const response = await app.request(`/api/config?${query}`);
      expect(response.status, query).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
  });

  it('refuses a path id holding a control character before anything looks it up (PostgreSQL refuses NUL)', async () => {
    const app = createTestApp({ database: testDatabase.database });
    for (const path of ['/api/organizations/org%00x/tags', '/api/invitations/inv%00x/accept']) {
      const response = await app.request(path, {
        method: path.endsWith('accept') ? 'POST' : 'GET',
        headers: { origin: 'http://localhost:8080' },
      });
      expect(response.status, path).toBe(400);
      expect((await readError(response)).error.details).toEqual([
        expect.objectContaining({ message: 'Control characters are not allowed' }),
      ]);
    }
  });

  it('sends a request id and security headers with every answer', async () => {
    const app = createTestApp({ database: testDatabase.database });
    const response = await app.request('/api/config');
    expect(response.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets the browser reach only its own origin, and the PostHog host too when analytics is on', async () => {
    const connectSources = async (env: Record<string, string>) => {
      const response = await createTestApp({ database: testDatabase.database, env }).request('/api/config');
      const policy = response.headers.get('content-security-policy') ?? '';
      return policy
        .split(';')
        .find((directive) => directive.trim().startsWith('connect-src'))
        ?.trim();
    };

    expect(await connectSources({})).toBe("connect-src 'self'");
    expect(
      await connectSources({
        ANALYTICS_IS_ENABLED: 'true',
        POSTHOG_API_KEY: 'phc_test',
        POSTHOG_HOST: 'https://eu.i.posthog.com/',
      }),
    ).toBe("connect-src 'self' https://eu.i.posthog.com");
  });
});

describe('the error handler', () => {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('logger', silentLogger);
    await next();
  });
  app.post('/echo', async (c) => {
    const body = await parseJsonBody(c, z.object({ name: z.string().trim().min(3) }));
    return c.json({ name: body.name });
  });
  app.get('/boom', () => {
    throw new Error('secret database password in stack');
  });
  app.onError(handleError);

  it('answers 400 api.validation_error with the details of each issue', async () => {
    const response = await app.request('/echo', {
      method: 'POST',
      body: JSON.stringify({ name: ' a ' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    const body = await readError(response);
    expect(body.error.code).toBe('api.validation_error');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'name', code: 'too_small' })]);
  });

  it('answers 400 api.invalid_json for a body that is not JSON', async () => {
    const response = await app.request('/echo', { method: 'POST', body: '{nope' });
    expect(response.status).toBe(400);
    expect((await readError(response)).error.code).toBe('api.invalid_json');
  });

  it('answers 500 internal.error without leaking the cause', async () => {
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal.error', message: 'An error occurred, try again later.' },
    });
    expect(text).not.toContain('secret');
  });
});

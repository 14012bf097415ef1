import { describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { ApiError, getErrorCode } from './api-error';
import { buildUrl, createHttpClient, resolveApiBaseUrl } from './http-client';

function setup(...responses: (Response | Error)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) {
    if (response instanceof Error) {
      fetchMock.mockRejectedValueOnce(response);
    } else {
      fetchMock.mockResolvedValueOnce(response);
    }
  }
  const onUnauthorized = vi.fn();
  const client = createHttpClient({ baseUrl: 'https://sheaf.example', fetch: fetchMock, onUnauthorized });
  return { client, fetchMock, onUnauthorized };
}

describe('http client', () => {
  test('a successful JSON answer is returned parsed, with credentials included', async () => {
    const { client, fetchMock } = setup(jsonResponse({ organizations: [] }));

    await expect(client.request('/api/organizations')).resolves.toEqual({ organizations: [] });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://sheaf.example/api/organizations');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
  });

  test('a plain body is sent as JSON with a JSON content type', async () => {
    const { client, fetchMock } = setup(jsonResponse({ organization: { id: 'org_1' } }, { status: 201 }));

    await client.request('/api/organizations', { method: 'POST', body: { name: 'Acme' } });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"name":"Acme"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  test('query parameters are appended, arrays repeated and empty values skipped', () => {
    expect(buildUrl('https://s.example', '/api/x', { a: 1, b: ['t1', 't2'], c: undefined, d: null })).toBe(
      'https://s.example/api/x?a=1&b=t1&b=t2',
    );
  });

  test('a 4xx answer raises an ApiError carrying status, status text, body and code', async () => {
    const body = { error: { code: 'tags.already_exists', message: 'Tag exists' } };
    const { client } = setup(jsonResponse(body, { status: 409, statusText: 'Conflict' }));

    const error = await client
      .request('/api/x', { method: 'POST', body: {} })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      statusText: 'Conflict',
      data: body,
      code: 'tags.already_exists',
      message: 'Tag exists',
    });
  });

  test('a 429 carries the seconds of its Retry-After header; an HTTP date or none gives none', async () => {
    const limited = (retryAfter?: string) =>
      jsonResponse(
        { error: { code: 'api.rate_limited', message: 'Too many requests' } },
        { status: 429, ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}) },
      );
    const { client } = setup(limited('7'), limited('Wed, 21 Oct 2026 07:28:00 GMT'), limited());

    await expect(client.request('/a', { method: 'POST' })).rejects.toMatchObject({
      status: 429,
      code: 'api.rate_limited',
      retryAfterSeconds: 7,
    });
    await expect(client.request('/b', { method: 'POST' })).rejects.toMatchObject({
      retryAfterSeconds: undefined,
    });
    await expect(client.request('/c', { method: 'POST' })).rejects.toMatchObject({
      retryAfterSeconds: undefined,
    });
  });

  test('the code falls back to data.code, then to the message text', async () => {
    const { client } = setup(
      jsonResponse({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }, { status: 403 }),
      jsonResponse({ message: 'Something broke' }, { status: 400 }),
      new Response('plain failure', { status: 400 }),
    );

    await expect(client.request('/a', { method: 'POST' })).rejects.toMatchObject({ code: 'INVALID_ORIGIN' });
    await expect(client.request('/b', { method: 'POST' })).rejects.toMatchObject({ code: 'Something broke' });
    await expect(client.request('/c', { method: 'POST' })).rejects.toMatchObject({ code: 'plain failure' });
  });

  test('a GET answered 503 is retried once and the second answer is used', async () => {
    const { client, fetchMock } = setup(
      jsonResponse({ error: { code: 'internal.error', message: 'down' } }, { status: 503 }),
      jsonResponse({ ok: true }),
    );

    await expect(client.request('/api/config')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a GET failing twice with a retryable status is retried only once', async () => {
    const { client, fetchMock } = setup(
      jsonResponse({}, { status: 503 }),
      jsonResponse({}, { status: 502 }),
      jsonResponse({ ok: true }),
    );

    await expect(client.request('/api/config')).rejects.toMatchObject({ status: 502 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a GET is retried once after a network failure', async () => {
    const { client, fetchMock } = setup(new TypeError('Failed to fetch'), jsonResponse({ ok: true }));

    await expect(client.request('/api/config')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('a GET answered with a non-retryable status (404) is not retried', async () => {
    const { client, fetchMock } = setup(
      jsonResponse({ error: { code: 'api.not_found', message: 'x' } }, { status: 404 }),
    );

    await expect(client.request('/api/nope')).rejects.toMatchObject({ status: 404, code: 'api.not_found' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'a %s answered 503 is never retried',
    async (method) => {
      const { client, fetchMock } = setup(jsonResponse({}, { status: 503 }), jsonResponse({ ok: true }));

      await expect(client.request('/api/x', { method })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  test('a POST is not retried after a network failure', async () => {
    const { client, fetchMock } = setup(new TypeError('Failed to fetch'), jsonResponse({ ok: true }));

    await expect(client.request('/api/x', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a 401 calls the onUnauthorized hook and still raises the error', async () => {
    const { client, onUnauthorized } = setup(
      jsonResponse({ error: { code: 'auth.unauthorized', message: 'no' } }, { status: 401 }),
    );

    await expect(client.request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('a 401 on a request marked skipUnauthorizedHook does not call the hook', async () => {
    const { client, onUnauthorized } = setup(jsonResponse({}, { status: 401 }));

    await expect(
      client.request('/api/auth/get-session', { skipUnauthorizedHook: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('an empty 204 answer resolves to undefined', async () => {
    const { client } = setup(new Response(null, { status: 204 }));

    await expect(client.request('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('api base url', () => {
  test('defaults to the page origin', () => {
    expect(resolveApiBaseUrl(undefined, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(resolveApiBaseUrl('', 'http://localhost:5173')).toBe('http://localhost:5173');
  });

  test('uses the configured base URL without its trailing slash', () => {
    expect(resolveApiBaseUrl('https://api.sheaf.example/', 'http://localhost')).toBe(
      'https://api.sheaf.example',
    );
  });

  test('an invalid configured base URL throws', () => {
    expect(() => resolveApiBaseUrl('not a url', 'http://localhost')).toThrow(/Invalid API base URL/);
    expect(() => resolveApiBaseUrl('ftp://files.example', 'http://localhost')).toThrow(
      /Invalid API base URL/,
    );
  });
});

describe('error code', () => {
  test('is read from data.error.code, then code, then message of any error-like value', () => {
    expect(getErrorCode({ data: { error: { code: 'a.b' } }, code: 'x', message: 'm' })).toBe('a.b');
    expect(getErrorCode({ code: 'EMAIL_NOT_VERIFIED', message: 'm' })).toBe('EMAIL_NOT_VERIFIED');
    expect(getErrorCode(new Error('boom'))).toBe('boom');
    expect(getErrorCode(undefined)).toBeUndefined();
  });
});

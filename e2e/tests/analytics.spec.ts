import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { freePort } from '../support/ports';
import { startSheafServer } from '../support/sheaf-server';

type CapturedEvent = { event: string; distinct_id: string; properties?: Record<string, unknown> };

/**
 * A PostHog host on loopback: answers the browser's CORS preflight and records the events of every
 * batch it is sent (gzip-compressed or not).
 */
async function startPosthogStandIn() {
  const events: CapturedEvent[] = [];
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(new URL(request.url ?? '/', 'http://stand-in').pathname);
      const raw = Buffer.concat(chunks);
      const isGzip = raw[0] === 0x1f && raw[1] === 0x8b;
      const body = JSON.parse((isGzip ? gunzipSync(raw) : raw).toString('utf8')) as {
        batch?: CapturedEvent[];
      };
      events.push(...(body.batch ?? []));
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('with analytics enabled, the browser sends its events to the PostHog host, identified by user id, and logout is recorded before the reset', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const posthog = await startPosthogStandIn();
  const port = await freePort();
  const sheaf = await startSheafServer({
    port,
    baseUrl: `http://localhost:${port}`,
    env: {
      AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
      ANALYTICS_IS_ENABLED: 'true',
      POSTHOG_API_KEY: 'phc_e2e',
      POSTHOG_HOST: posthog.url,
    },
  });
  try {
    const { context, page } = await openPage(browser, sheaf.url);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await signUpWithOrganization(page, sheaf.url, {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      password: 'correct horse battery',
    });
    const userId = await page.evaluate(async () => {
      const response = await fetch('/api/users/me');
      return ((await response.json()) as { user: { id: string } }).user.id;
    });

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    // Events leave in batches: every 20 events or every 10 s.
    await expect
      .poll(() => posthog.events.map(({ event }) => event), { timeout: 30_000 })
      .toContain('user_logged_out');
    // Only events are sent: no feature flags or remote configuration are fetched.
    expect(new Set(posthog.paths)).toEqual(new Set(['/batch/']));
    const logout = posthog.events.find(({ event }) => event === 'user_logged_out');
    expect(logout?.distinct_id).toBe(userId);
    expect(posthog.events.some(({ event }) => event === '$pageview')).toBe(true);
    // Identified by id only: nothing sent carries the user's e-mail or name.
    expect(JSON.stringify(posthog.events)).not.toMatch(/grace@example\.org|Grace Hopper/);
    expect(blocked).toEqual([]);
    await context.close();
  } finally {
    await sheaf.stop();
    await posthog.close();
  }
});

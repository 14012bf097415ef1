import type { Hono } from 'hono';
import type { AppEnv } from '../../shared/app.types';
import { readJson } from '../../test/http';
import { authRequest, pathOf, TEST_ORIGIN } from '../../test/test-auth';
import { CookieJar, completeInteraction } from '../../test/test-oidc-provider';

type TestApp = Hono<AppEnv>;

let nextClient = 0;
/** A client address of its own for each sign-in: better-auth limits sign-in starts per client. */
function nextClientAddress(): string {
  nextClient += 1;
  return `10.${Math.floor(nextClient / 250) % 250}.${nextClient % 250}.${(process.pid % 250) + 1}`;
}

/** A browser for provider sign-ins: its cookies at Sheaf and at the identity provider. */
export function createBrowser() {
  return { sheaf: new CookieJar(), provider: new CookieJar() };
}

export type Browser = ReturnType<typeof createBrowser>;

/**
 * The whole authorization-code flow as a browser runs it: "Continue with …" (or "Connect" in
 * account settings, with `link`), the provider's pages (sign in, or Cancel), then Sheaf's callback.
 * Returns where Sheaf's callback sends the browser, and the browser (now holding its session).
 */
export async function signInWithProvider(
  app: TestApp,
  {
    providerId,
    login,
    password = 'provider password',
    browser = createBrowser(),
    cancel = false,
    link = false,
  }: {
    providerId: string;
    login?: string;
    password?: string;
    browser?: Browser;
    cancel?: boolean;
    /** Connect the provider to the signed-in user (the browser holds their session). */
    link?: boolean;
  },
) {
  const start = await authRequest(app, link ? '/api/auth/link-social' : '/api/auth/sign-in/social', {
    body: link
      ? {
          provider: providerId,
          callbackURL: `${TEST_ORIGIN}/settings`,
          errorCallbackURL: `${TEST_ORIGIN}/settings`,
        }
      : { provider: providerId, callbackURL: TEST_ORIGIN },
    cookie: browser.sheaf.header(),
    ip: nextClientAddress(),
  });
  browser.sheaf.store(start);
  if (!start.ok) throw new Error(`Starting the sign-in failed: ${start.status} ${await start.text()}`);
  const { url } = await readJson<{ url: string; redirect: boolean }>(start);
  const callbackUrl = await completeInteraction({
    authorizationUrl: url,
    jar: browser.provider,
    ...(login !== undefined ? { login } : {}),
    password,
    cancel,
  });
  if (!callbackUrl.startsWith(`${TEST_ORIGIN}/api/auth/callback/${providerId}?`)) {
    throw new Error(`The provider did not send the browser back to Sheaf: ${callbackUrl}`);
  }
  const callback = await authRequest(app, pathOf(callbackUrl), {
    method: 'GET',
    cookie: browser.sheaf.header(),
  });
  browser.sheaf.store(callback);
  return { status: callback.status, location: callback.headers.get('location'), browser };
}

/** The signed-in user of a browser (or the status when there is none). */
export async function currentUser(app: TestApp, browser: Browser) {
  const response = await authRequest(app, '/api/users/me', { method: 'GET', cookie: browser.sheaf.header() });
  if (!response.ok) return { status: response.status, user: undefined };
  const { user } = await readJson<{
    user: { id: string; email: string; name: string; emailVerified: boolean };
  }>(response);
  return { status: response.status, user };
}

/**
 * Signs a browser in with e-mail and password, from a client address of its own (the sign-in rate
 * limit counts per client, and these tests sign in often).
 */
export async function signInWithPassword(
  app: TestApp,
  browser: Browser,
  { email, password }: { email: string; password: string },
) {
  const response = await authRequest(app, '/api/auth/sign-in/email', {
    body: { email, password },
    ip: nextClientAddress(),
  });
  if (!response.ok) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  browser.sheaf.store(response);
}

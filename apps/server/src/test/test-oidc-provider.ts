import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type JWK, type KoaContextWithOIDC } from 'oidc-provider';

/** A user of the test identity provider (its "accounts table"). */
export type TestOidcAccount = {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  password: string;
  /** More claims, released with the `directory` scope (for claim-mapping tests). */
  directory?: Record<string, string>;
};

export const TEST_OIDC_CLIENT = { clientId: 'sheaf', clientSecret: 'sheaf-client-secret' } as const;

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port: one confidential client
 * (client_secret_basic, PKCE required), users from a table, and small interaction pages of its own —
 * a login form that also grants consent, and a Cancel button that answers `access_denied`.
 * Drive it with a browser, or with `completeInteraction` and a cookie jar.
 */
export async function startTestOidcProvider({
  accounts,
  redirectUris,
  postLogoutRedirectUris = [],
  idTokenCarriesClaims = false,
  port = 0,
}: {
  accounts: TestOidcAccount[];
  /** Every callback URL Sheaf will send (`<APP_BASE_URL>/api/auth/callback/<providerId>`). */
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Put the scope claims (e-mail, name) in the ID token too; by default only the userinfo endpoint has them. */
  idTokenCarriesClaims?: boolean;
  port?: number;
}) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const findByLogin = (login: string) =>
    accounts.find((account) => account.email === login || account.sub === login);

  const configuration: Configuration = {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.clientId,
        client_secret: TEST_OIDC_CLIENT.clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey as JWK] },
    cookies: { keys: [randomUUID()] },
    // Explicit lifetimes (the defaults print a notice each).
    ttl: { Interaction: 3600, Grant: 3600, Session: 3600, AccessToken: 3600, IdToken: 3600 },
    pkce: { required: () => true },
    conformIdTokenClaims: !idTokenCarriesClaims,
    scopes: ['openid', 'email', 'profile', 'directory'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      directory: ['uid', 'mail', 'display_name'],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page(
            'Sign out',
            `${form}<p>Sign out of the test provider?</p><button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>`,
          );
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          ...(account.name !== undefined ? { name: account.name } : {}),
          ...account.directory,
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  const grantAll = async (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    accountId: string,
  ) => {
    const details = await provider.interactionDetails(request, response);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    return provider.interactionResult(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const handleInteraction = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const [, , uid, action] = url.pathname.split('/');
    const redirect = (location: string) => {
      response.writeHead(303, { location }).end();
    };
    if (request.method === 'GET' && uid && !action) {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'consent' && details.session?.accountId) {
        redirect(await grantAll(request, response, details.session.accountId));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(uid));
      return;
    }
    if (request.method === 'POST' && uid && action === 'login') {
      const form = new URLSearchParams(await readBody(request));
      const account = findByLogin(form.get('login') ?? '');
      if (!account || account.password !== form.get('password')) {
        response
          .writeHead(401, { 'content-type': 'text/html; charset=utf-8' })
          .end(loginPage(uid, 'Wrong e-mail or password.'));
        return;
      }
      redirect(await grantAll(request, response, account.sub));
      return;
    }
    if (request.method === 'POST' && uid && action === 'abort') {
      redirect(
        await provider.interactionResult(
          request,
          response,
          { error: 'access_denied', error_description: 'End-User aborted interaction' },
          { mergeWithLastSubmission: false },
        ),
      );
      return;
    }
    response.writeHead(404).end();
  };

  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      handleInteraction(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    void providerCallback(request, response);
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/me`,
    accounts,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startTestOidcProvider>>;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string): string {
  return page(
    'Test identity provider',
    `${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
  <label>E-mail <input name="login" type="text" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
  );
}

/** Cookies of one origin, as a browser keeps them (name → value; expired ones removed). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        return (
          (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now())
        );
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the user's part at the provider, from the authorization URL Sheaf answered: follows the
 * provider's redirects with its cookies, signs in through the login form (or presses Cancel), and
 * returns the URL the provider finally sends the browser to (Sheaf's callback, with code or error).
 */
export async function completeInteraction({
  authorizationUrl,
  jar,
  login,
  password,
  cancel = false,
}: {
  authorizationUrl: string;
  /** The browser's cookies at the provider: keep one per "browser" to see a session reused. */
  jar: CookieJar;
  login?: string;
  password?: string;
  cancel?: boolean;
}): Promise<string> {
  let url = authorizationUrl;
  const issuerOrigin = new URL(authorizationUrl).origin;
  for (let step = 0; step < 20; step++) {
    if (new URL(url).origin !== issuerOrigin) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const path = new URL(url).pathname;
    if (response.status === 200 && path.startsWith('/interaction/')) {
      const uid = path.split('/')[2];
      const body = cancel
        ? undefined
        : new URLSearchParams({ login: login ?? '', password: password ?? '' }).toString();
      const submitted = await fetch(`${issuerOrigin}/interaction/${uid}/${cancel ? 'abort' : 'login'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: body ?? '',
      });
      jar.store(submitted);
      const next = submitted.headers.get('location');
      if (!next)
        throw new Error(`The provider refused the sign-in (${submitted.status}): ${await submitted.text()}`);
      url = new URL(next, url).toString();
      continue;
    }
    throw new Error(
      `Unexpected answer from the provider at ${url}: ${response.status} ${await response.text()}`,
    );
  }
  throw new Error('Too many redirects at the provider');
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { toPublicConfig } from './config.public';

const keycloak = {
  providerId: 'keycloak',
  providerName: 'Keycloak',
  clientId: 'sheaf',
  clientSecret: 's3cret',
  discoveryUrl: 'https://sso.example.com/realms/main/.well-known/openid-configuration',
};

/** The start-up problems of AUTH_PROVIDERS_CUSTOMS, as the ConfigError lists them. */
function problemsOf(providers: unknown): string[] {
  try {
    loadConfig({ AUTH_PROVIDERS_CUSTOMS: JSON.stringify(providers) });
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems
        .filter((problem) => problem.variable === 'AUTH_PROVIDERS_CUSTOMS')
        .map((problem) => problem.message);
    }
    throw error;
  }
  return [];
}

describe('custom sign-in providers (AUTH_PROVIDERS_CUSTOMS)', () => {
  it('fills in the defaults: OIDC scopes, PKCE, client_secret_basic, not trusted for linking, standard claims', () => {
    const [provider] = loadConfig({ AUTH_PROVIDERS_CUSTOMS: JSON.stringify([keycloak]) }).env
      .AUTH_PROVIDERS_CUSTOMS;
    expect(provider).toEqual({
      ...keycloak,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      tokenEndpointAuthMethod: 'client_secret_basic',
      trustedForAccountLinking: false,
      idClaim: 'sub',
      emailClaim: 'email',
      nameClaim: 'name',
    });
  });

  it('accepts explicit endpoints instead of a discovery URL', () => {
    expect(
      problemsOf([
        {
          ...keycloak,
          discoveryUrl: undefined,
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
          userInfoUrl: 'https://auth.example.com/userinfo',
        },
      ]),
    ).toEqual([]);
  });

  it('stops start-up on a provider with neither a discovery URL nor endpoints, naming the provider and the field', () => {
    expect(problemsOf([{ ...keycloak, discoveryUrl: undefined }])).toEqual([
      'provider #1 ("keycloak"): discoveryUrl: Expected discoveryUrl, or authorizationUrl and tokenUrl (and userInfoUrl)',
    ]);
  });

  it('stops start-up on a provider with an authorization URL only, naming the missing token URL', () => {
    const problems = problemsOf([
      { ...keycloak, discoveryUrl: undefined, authorizationUrl: 'https://auth.example.com/authorize' },
    ]);
    expect(problems).toEqual([expect.stringMatching(/^provider #1 \("keycloak"\): tokenUrl: Required/)]);
  });

  it('wants a userinfo URL beside explicit endpoints unless the scopes ask for an ID token', () => {
    const endpoints = {
      ...keycloak,
      discoveryUrl: undefined,
      authorizationUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
    };
    expect(problemsOf([endpoints])).toEqual([]);
    expect(problemsOf([{ ...endpoints, scopes: ['email', 'profile'] }])).toEqual([
      expect.stringMatching(/^provider #1 \("keycloak"\): userInfoUrl: Required/),
    ]);
  });

  it('stops start-up on a provider with both a discovery URL and endpoints, naming each endpoint given', () => {
    expect(
      problemsOf([
        {
          ...keycloak,
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
        },
      ]),
    ).toEqual([
      expect.stringMatching(
        /^provider #1 \("keycloak"\): authorizationUrl: Give either discoveryUrl or the endpoints/,
      ),
      expect.stringMatching(
        /^provider #1 \("keycloak"\): tokenUrl: Give either discoveryUrl or the endpoints/,
      ),
    ]);
  });

  it('takes PKCE off, trust for linking and a claim mapping when asked, and refuses an empty claim name', () => {
    const [provider] = loadConfig({
      AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
        {
          ...keycloak,
          pkce: false,
          trustedForAccountLinking: true,
          idClaim: 'uid',
          emailClaim: 'mail',
          nameClaim: 'cn',
        },
      ]),
    }).env.AUTH_PROVIDERS_CUSTOMS;
    expect(provider).toMatchObject({
      pkce: false,
      trustedForAccountLinking: true,
      idClaim: 'uid',
      emailClaim: 'mail',
      nameClaim: 'cn',
    });
    expect(problemsOf([{ ...keycloak, idClaim: ' ' }])).toEqual([
      'provider #1 ("keycloak"): idClaim: Expected a claim name',
    ]);
  });

  it('stops start-up on duplicate provider ids', () => {
    expect(problemsOf([keycloak, { ...keycloak, providerId: 'KEYCLOAK', providerName: 'Again' }])).toEqual([
      'provider #2 ("KEYCLOAK"): providerId: "KEYCLOAK" is already used by provider #1',
    ]);
  });

  it('stops start-up on a provider id taken by a built-in provider or by password accounts', () => {
    expect(problemsOf([{ ...keycloak, providerId: 'google' }])).toEqual([
      expect.stringMatching(/^provider #1 \("google"\): providerId: "google" is a built-in provider name/),
    ]);
    expect(problemsOf([{ ...keycloak, providerId: 'credential' }])).toHaveLength(1);
  });

  it('names every bad field of every provider at once, and unknown keys (typos) too', () => {
    const problems = problemsOf([
      { ...keycloak, clientSecret: '', discoveryURL: 'https://typo.example.com' },
      {
        providerId: 'no spaces allowed',
        providerName: 'Broken',
        clientId: 'x',
        clientSecret: 'y',
        discoveryUrl: 'ftp://x',
      },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^provider #1 \("keycloak"\): clientSecret: /),
        expect.stringMatching(/^provider #1 \("keycloak"\): .*discoveryURL/),
        expect.stringMatching(/^provider #2 \("no spaces allowed"\): providerId: /),
        expect.stringMatching(
          /^provider #2 \("no spaces allowed"\): discoveryUrl: Expected an absolute http\(s\) URL/,
        ),
      ]),
    );
    expect(() =>
      loadConfig({ AUTH_PROVIDERS_CUSTOMS: JSON.stringify([{ ...keycloak, clientSecret: '' }]) }),
    ).toThrow(/AUTH_PROVIDERS_CUSTOMS: provider #1 \("keycloak"\): clientSecret/);
  });

  it('allows icons from https:, data: and Sheaf’s own origin only, which the sign-in page can show', () => {
    for (const providerIconUrl of [
      'https://sso.example.com/logo.svg',
      'data:image/svg+xml;base64,PHN2Zy8+',
      '/icons/keycloak.svg',
    ]) {
      expect(problemsOf([{ ...keycloak, providerIconUrl }]), providerIconUrl).toEqual([]);
    }
    for (const providerIconUrl of [
      'http://sso.example.com/logo.svg',
      '//cdn.example.com/logo.svg',
      'javascript:alert(1)',
    ]) {
      expect(problemsOf([{ ...keycloak, providerIconUrl }]), providerIconUrl).toEqual([
        expect.stringMatching(/^provider #1 \("keycloak"\): providerIconUrl: Expected an https: URL/),
      ]);
    }
  });

  it('refuses a value that is not a JSON array', () => {
    expect(problemsOf(keycloak)).toEqual(['Expected a JSON array of provider objects']);
  });

  it('shows only the id, name and icon of each provider in the public configuration', () => {
    const config = loadConfig({
      AUTH_PROVIDERS_CUSTOMS: JSON.stringify([{ ...keycloak, providerIconUrl: '/icons/keycloak.svg' }]),
    });
    expect(toPublicConfig(config).auth.providers.customs).toEqual([
      { providerId: 'keycloak', providerName: 'Keycloak', providerIconUrl: '/icons/keycloak.svg' },
    ]);
  });

  it('signs out at the provider only when AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER is on', () => {
    expect(loadConfig({}).env.AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER).toBe(false);
    expect(
      loadConfig({ AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER: 'true' }).env.AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER,
    ).toBe(true);
  });
});

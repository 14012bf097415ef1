import fs from 'node:fs';
import path from 'node:path';
import { publicConfigSchema } from '@sheaf/contracts/config';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { toPublicConfig } from './config.public';
import { envSchema } from './config.schema';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('configuration', () => {
  it('uses the spec defaults when nothing is configured', () => {
    const config = loadConfig({});
    expect(config.env.PORT).toBe(8080);
    expect(config.env.APP_BASE_URL).toBe('http://localhost:8080');
    expect(config.env.PROCESS_MODE).toBe('all');
    expect(config.database).toEqual({ dialect: 'sqlite', filename: path.resolve('./data/db.sqlite') });
    expect(toPublicConfig(config)).toEqual({
      baseUrl: 'http://localhost:8080',
      auth: {
        isEmailVerificationRequired: true,
        isPasswordResetEnabled: true,
        isRegistrationEnabled: true,
        showLegalLinksOnAuthPage: false,
        providers: {
          email: { isEnabled: true },
          google: { isEnabled: false },
          github: { isEnabled: false },
          customs: [],
        },
      },
      documents: { deletedDocumentsRetentionDays: 30 },
      organizations: { deletedOrganizationsPurgeDaysDelay: 30 },
      intakeEmails: { isEnabled: false },
      isSubscriptionsEnabled: false,
      analytics: { isEnabled: false, posthogApiKey: null, posthogHost: null },
      isDemoMode: false,
      supportUrl: null,
    });
  });

  it('names every invalid variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', AUTH_IS_REGISTRATION_ENABLED: 'maybe', APP_BASE_URL: 'not a url' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const { problems, message } = caught as ConfigError;
    expect(problems.map((problem) => problem.variable).sort()).toEqual([
      'APP_BASE_URL',
      'AUTH_IS_REGISTRATION_ENABLED',
      'PORT',
    ]);
    expect(message).toContain('PORT: Expected an integer between 0 and 65535, got "eighty"');
    expect(message).toContain('AUTH_IS_REGISTRATION_ENABLED: Expected true or false, got "maybe"');
  });

  it('reads booleans, a postgres url and a sqlite file url', () => {
    expect(loadConfig({ AUTH_IS_REGISTRATION_ENABLED: 'FALSE' }).env.AUTH_IS_REGISTRATION_ENABLED).toBe(
      false,
    );
    expect(loadConfig({ AUTH_SHOW_LEGAL_LINKS: '1' }).env.AUTH_SHOW_LEGAL_LINKS).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u@h:5432/db',
    });
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      filename: '/tmp/x.sqlite',
    });
  });

  it('refuses a database url of an unsupported kind', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('strips a trailing slash from the base url', () => {
    expect(loadConfig({ APP_BASE_URL: 'https://docs.example.com/' }).env.APP_BASE_URL).toBe(
      'https://docs.example.com',
    );
  });

  it('requires client credentials for an enabled google provider', () => {
    expect(() => loadConfig({ AUTH_PROVIDERS_GOOGLE_IS_ENABLED: 'true' })).toThrow(
      /AUTH_PROVIDERS_GOOGLE_CLIENT_ID: Required when AUTH_PROVIDERS_GOOGLE_IS_ENABLED is true/,
    );
  });

  it('shows custom providers without their secrets', () => {
    const config = loadConfig({
      AUTH_PROVIDERS_CUSTOMS: JSON.stringify([
        {
          providerId: 'keycloak',
          providerName: 'Keycloak',
          clientId: 'sheaf',
          clientSecret: 's3cret',
          discoveryUrl: 'https://sso.example.com/.well-known/openid-configuration',
        },
      ]),
    });
    const publicConfig = toPublicConfig(config);
    expect(publicConfig.auth.providers.customs).toEqual([
      { providerId: 'keycloak', providerName: 'Keycloak', providerIconUrl: null },
    ]);
    expect(JSON.stringify(publicConfig)).not.toContain('s3cret');
    expect(publicConfigSchema.parse(publicConfig)).toEqual(publicConfig);
  });

  it('refuses custom providers that are not valid JSON', () => {
    expect(() => loadConfig({ AUTH_PROVIDERS_CUSTOMS: '[{' })).toThrow(/AUTH_PROVIDERS_CUSTOMS/);
  });

  it('reads TRUSTED_ORIGINS as normalized origins and stops start-up on an entry that is not one', () => {
    expect(loadConfig({}).env.TRUSTED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: ' https://Admin.Example.com/ , http://localhost:5173' }).env
        .TRUSTED_ORIGINS,
    ).toEqual(['https://admin.example.com', 'http://localhost:5173']);
    for (const invalid of ['admin.example.com', 'https://example.com/app', 'ftp://example.com', '*']) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: `https://ok.example,${invalid}` }), invalid).toThrow(
        /TRUSTED_ORIGINS: Expected origins/,
      );
    }
  });

  it('caps JSON bodies at 1 MB unless API_JSON_BODY_LIMIT says otherwise', () => {
    expect(loadConfig({}).env.API_JSON_BODY_LIMIT).toBe(1_000_000);
    expect(loadConfig({ API_JSON_BODY_LIMIT: '65536' }).env.API_JSON_BODY_LIMIT).toBe(65_536);
    expect(() => loadConfig({ API_JSON_BODY_LIMIT: '1MB' })).toThrow(/API_JSON_BODY_LIMIT/);
    expect(() => loadConfig({ API_JSON_BODY_LIMIT: '0' })).toThrow(/API_JSON_BODY_LIMIT/);
  });

  it('lists every variable in .env.example with its default', () => {
    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(new Set(listed)).toEqual(new Set(Object.keys(envSchema.shape)));
  });

  it('documents every variable in the README configuration table', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const variable of Object.keys(envSchema.shape)) expect(readme).toContain(`\`${variable}\``);
  });

  it('gives each variable the same default in .env.example and the README as the schema', () => {
    const defaults = envSchema.parse({}) as Record<string, unknown>;
    // Computed when unset (from the machine), so the documents describe it in words.
    const computed = new Set(['EXTRACTION_CONCURRENCY']);
    const asText = (value: unknown) =>
      value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);

    const example = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    for (const [, variable = '', value = ''] of example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=(.*)$/gm)) {
      if (computed.has(variable)) continue;
      // A JSON list setting shows its empty list.
      const expected = variable === 'AUTH_PROVIDERS_CUSTOMS' ? '[]' : asText(defaults[variable]);
      expect(`${variable}=${value.trim()}`).toBe(`${variable}=${expected}`);
    }

    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const [, variable = '', documented = ''] of readme.matchAll(
      /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|\s*([^|]*?)\s*\|/gm,
    )) {
      if (!(variable in envSchema.shape) || computed.has(variable)) continue;
      const value = defaults[variable];
      // Without a default the README says what happens instead ("generated", "$DATA_DIR/…", "—").
      if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
      expect(`${variable}: ${documented.replaceAll('`', '')}`).toBe(`${variable}: ${asText(value)}`);
    }
  });
});

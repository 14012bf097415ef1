import { socialProviderList } from 'better-auth/social-providers';
import { z } from 'zod';

/**
 * Provider ids a custom provider may not take: better-auth's built-in social providers (their
 * callback routes and account rows would collide) and `credential`, the id of password accounts.
 */
export const RESERVED_PROVIDER_IDS: ReadonlySet<string> = new Set([
  ...socialProviderList,
  'credential',
  'email',
]);

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

const endpointUrl = z.url({ message: 'Expected an absolute http(s) URL', protocol: /^https?$/ });

const claimName = z
  .string()
  .trim()
  .min(1, 'Expected a claim name')
  .max(128, 'Expected at most 128 characters');

/**
 * Icons are shown on the sign-in page, whose Content-Security-Policy allows images from `https:`,
 * `data:` and the page's own origin (a path such as `/icons/sso.svg`).
 */
const iconUrl = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) ||
      (value.startsWith('/') && !value.startsWith('//')) ||
      (URL.canParse(value) && new URL(value).protocol === 'https:'),
    'Expected an https: URL, a data:image/… URL or a path on Sheaf’s own origin such as /icons/sso.svg (the sign-in page’s Content-Security-Policy blocks other images)',
  );

const customProviderSchema = z.strictObject({
  providerId: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9_-]{0,63}$/i,
      'Use 1 to 64 letters, digits, - and _, starting with a letter or digit',
    ),
  providerName: z.string().trim().min(1, 'Expected a name to show on the button').max(64),
  providerIconUrl: iconUrl.optional(),
  clientId: z.string().trim().min(1, 'Expected the client id registered at the provider'),
  clientSecret: z.string().min(1, 'Expected the client secret registered at the provider'),
  discoveryUrl: endpointUrl.optional(),
  authorizationUrl: endpointUrl.optional(),
  tokenUrl: endpointUrl.optional(),
  userInfoUrl: endpointUrl.optional(),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'Expected scope names without spaces or quotes'))
    .optional(),
  pkce: z.boolean().default(true),
  /** How the client authenticates at the token endpoint (OIDC's default is client_secret_basic). */
  tokenEndpointAuthMethod: z
    .enum(['client_secret_basic', 'client_secret_post'])
    .default('client_secret_basic'),
  /** Whether the provider's e-mail claims are trusted to attach it to an existing account of that address. */
  trustedForAccountLinking: z.boolean().default(false),
  /** The claim that identifies the user at the provider (immutable); `sub` for OIDC. */
  idClaim: claimName.default('sub'),
  emailClaim: claimName.default('email'),
  nameClaim: claimName.default('name'),
});

export type CustomAuthProviderConfig = Omit<z.output<typeof customProviderSchema>, 'scopes'> & {
  scopes: string[];
};

/** One provider's problems beyond single fields: which endpoints it needs. */
function endpointProblems(provider: z.output<typeof customProviderSchema>): string[] {
  if (provider.discoveryUrl) {
    // Either/or: endpoints beside a discovery URL would silently override what the provider publishes.
    return (['authorizationUrl', 'tokenUrl', 'userInfoUrl'] as const)
      .filter((field) => provider[field] !== undefined)
      .map(
        (field) =>
          `${field}: Give either discoveryUrl or the endpoints, not both (with discoveryUrl, the endpoints come from the discovery document)`,
      );
  }
  if (!provider.authorizationUrl && !provider.tokenUrl) {
    return ['discoveryUrl: Expected discoveryUrl, or authorizationUrl and tokenUrl (and userInfoUrl)'];
  }
  const problems: string[] = [];
  if (!provider.authorizationUrl)
    problems.push('authorizationUrl: Required with tokenUrl when there is no discoveryUrl');
  if (!provider.tokenUrl)
    problems.push('tokenUrl: Required with authorizationUrl when there is no discoveryUrl');
  const scopes = provider.scopes ?? DEFAULT_SCOPES;
  if (!provider.userInfoUrl && !scopes.includes('openid')) {
    problems.push(
      'userInfoUrl: Required when there is no discoveryUrl and the scopes do not include openid (no ID token would carry the claims)',
    );
  }
  return problems;
}

function describeEntry(index: number, entry: unknown): string {
  const id =
    typeof entry === 'object' &&
    entry !== null &&
    'providerId' in entry &&
    typeof entry.providerId === 'string'
      ? ` ("${entry.providerId}")`
      : '';
  return `provider #${index + 1}${id}`;
}

/**
 * `AUTH_PROVIDERS_CUSTOMS`: a JSON array of OAuth2/OIDC providers, checked at start-up. Each problem is
 * reported as `provider #n ("id"): field: message`, every problem at once.
 */
export const customProvidersFromEnv = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): CustomAuthProviderConfig[] => {
    if (value === undefined || value === '') return [];
    let entries: unknown;
    try {
      entries = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of provider objects' });
      return z.NEVER;
    }
    if (!Array.isArray(entries)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of provider objects' });
      return z.NEVER;
    }
    const problems: string[] = [];
    const providers: CustomAuthProviderConfig[] = [];
    const firstIndexById = new Map<string, number>();
    entries.forEach((entry, index) => {
      const label = describeEntry(index, entry);
      const parsed = customProviderSchema.safeParse(entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
          problems.push(`${label}: ${field}${issue.message}`);
        }
        return;
      }
      const provider = parsed.data;
      for (const problem of endpointProblems(provider)) problems.push(`${label}: ${problem}`);
      const id = provider.providerId.toLowerCase();
      if (RESERVED_PROVIDER_IDS.has(id)) {
        problems.push(
          `${label}: providerId: "${provider.providerId}" is a built-in provider name; choose another (Google and GitHub have their own variables)`,
        );
      }
      const firstIndex = firstIndexById.get(id);
      if (firstIndex !== undefined) {
        problems.push(
          `${label}: providerId: "${provider.providerId}" is already used by provider #${firstIndex + 1}`,
        );
      } else {
        firstIndexById.set(id, index);
      }
      providers.push({ ...provider, scopes: provider.scopes ?? DEFAULT_SCOPES });
    });
    if (problems.length > 0) {
      for (const message of problems) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return providers;
  });

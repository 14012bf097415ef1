import type { ErrorCode } from '@sheaf/contracts/errors';
import { getOAuthState } from 'better-auth/api';
import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import type { CustomAuthProviderConfig } from '../../config/config.auth-providers';
import type { Env } from '../../config/config.schema';

/** Longest name a user gets from a provider (the registration form allows 64 characters). */
const NAME_MAX_LENGTH = 64;

function stringClaim(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether the current OAuth callback finishes a link started from account settings (a signed-in user). */
async function isExplicitLink(): Promise<boolean> {
  try {
    return Boolean((await getOAuthState())?.link);
  } catch {
    // Outside an OAuth flow's request state.
    return false;
  }
}

/**
 * The user fields from a provider's profile (userinfo answer or ID-token claims), through the
 * provider's claim mapping. The name falls back to other usual claims, then to the e-mail's local part.
 */
export function mapProviderProfile(
  provider: Pick<CustomAuthProviderConfig, 'emailClaim' | 'nameClaim'>,
  profile: GenericOAuthUserInfo,
): { email?: string; name?: string } {
  const email = stringClaim(profile[provider.emailClaim]);
  const givenAndFamily = [stringClaim(profile.given_name), stringClaim(profile.family_name)]
    .filter((part) => part !== undefined)
    .join(' ');
  const name =
    stringClaim(profile[provider.nameClaim]) ??
    stringClaim(profile.name) ??
    stringClaim(profile.preferred_username) ??
    (givenAndFamily || undefined) ??
    email?.split('@')[0];
  return {
    ...(email !== undefined ? { email } : {}),
    ...(name !== undefined ? { name: name.slice(0, NAME_MAX_LENGTH) } : {}),
  };
}

/** The provider's immutable user id: the mapped claim (`sub` by default), from the ID token or userinfo alike. */
export function providerAccountSubject(
  provider: Pick<CustomAuthProviderConfig, 'idClaim'>,
  profile: GenericOAuthUserInfo,
): string {
  // An empty answer makes better-auth refuse the sign-in (it never falls back to another field).
  return stringClaim(profile[provider.idClaim]) ?? '';
}

/** better-auth's generic-OAuth configuration of one of our custom providers. */
export function toGenericOAuthConfig(
  provider: CustomAuthProviderConfig,
  {
    appBaseUrl,
    signOutAtProvider,
    requireEmailVerification,
  }: { appBaseUrl: string; signOutAtProvider: boolean; requireEmailVerification: boolean },
): GenericOAuthConfig {
  return {
    providerId: provider.providerId,
    name: provider.providerName,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    tokenEndpointAuth: { method: provider.tokenEndpointAuthMethod },
    discoveryUrl: provider.discoveryUrl,
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    scopes: provider.scopes,
    pkce: provider.pkce,
    accountSubject: ({ profile }) => providerAccountSubject(provider, profile),
    mapProfileToUser: async (profile) => ({
      ...mapProviderProfile(provider, profile),
      // A link started by a signed-in user attaches whatever identity they prove at the provider
      // (addresses may differ), so whether the provider verified its address does not matter there.
      // Sign-ins keep the provider's own email_verified.
      ...((await isExplicitLink()) ? { emailVerified: true } : {}),
    }),
    // With AUTH_IS_EMAIL_VERIFICATION_REQUIRED, an address the provider did not verify is verified by
    // our own e-mail first (better-auth sends it and answers email_not_verified).
    requireEmailVerification,
    disableProviderLogout: !signOutAtProvider,
    postLogoutRedirectURI: `${appBaseUrl}/login`,
  };
}

type ValidateUserInfoSource = {
  method: string;
  action: 'create-user' | 'link-account' | 'sign-in';
  oauth?: { providerId: string } | undefined;
};

/**
 * Automatic account linking — a provider sign-in whose e-mail belongs to an existing Sheaf account —
 * is allowed only for custom providers marked `trustedForAccountLinking` (and, by better-auth's own
 * rule, Google and GitHub, whose verified addresses are reliable). Anyone else gets
 * `auth.account_not_linked`: sign in another way, then connect the provider in account settings.
 * better-auth's `user.validateUserInfo` gate.
 */
export function createAccountLinkingPolicy(providers: CustomAuthProviderConfig[]) {
  const trustById = new Map(
    providers.map((provider) => [provider.providerId, provider.trustedForAccountLinking]),
  );
  return async ({
    source,
  }: {
    source: ValidateUserInfoSource;
  }): Promise<{ error: ErrorCode; errorDescription: string } | undefined> => {
    if (source.method !== 'oauth' || source.action !== 'link-account') return undefined;
    const trusted = trustById.get(source.oauth?.providerId ?? '');
    if (trusted === undefined || trusted) return undefined;
    if (await isExplicitLink()) return undefined;
    return {
      error: 'auth.account_not_linked',
      errorDescription:
        'An account with this e-mail address already exists. Sign in to it another way, then connect this provider in account settings.',
    };
  };
}

/**
 * Whether an account row (by its provider id) is still a way to sign in on this server: a password
 * while e-mail sign-in is on, Google or GitHub while enabled, a custom provider still configured.
 */
export function createSignInMethodCheck(
  env: Pick<
    Env,
    | 'AUTH_PROVIDERS_EMAIL_IS_ENABLED'
    | 'AUTH_PROVIDERS_GOOGLE_IS_ENABLED'
    | 'AUTH_PROVIDERS_GITHUB_IS_ENABLED'
    | 'AUTH_PROVIDERS_CUSTOMS'
  >,
): (providerId: string) => boolean {
  const enabled = new Set<string>(env.AUTH_PROVIDERS_CUSTOMS.map((provider) => provider.providerId));
  if (env.AUTH_PROVIDERS_EMAIL_IS_ENABLED) enabled.add('credential');
  if (env.AUTH_PROVIDERS_GOOGLE_IS_ENABLED) enabled.add('google');
  if (env.AUTH_PROVIDERS_GITHUB_IS_ENABLED) enabled.add('github');
  return (providerId) => enabled.has(providerId);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiErrorBody, ErrorCode } from '@sheaf/contracts/errors';
import type { Logger } from '../../shared/logger';

/** The codes a failed provider sign-in (or link) ends with, on `/login?error=…` or `/settings?error=…`. */
export type ProviderErrorCode = Extract<
  ErrorCode,
  | 'auth.registration_disabled'
  | 'auth.account_not_linked'
  | 'auth.provider_email_not_verified'
  | 'auth.provider_email_missing'
  | 'auth.provider_access_denied'
  | 'auth.provider_unavailable'
  | 'auth.provider_misconfigured'
  | 'auth.provider_account_in_use'
  | 'auth.provider_sign_in_failed'
>;

/** How a failed token exchange failed, read from what better-auth logged while it happened. */
export type ExchangeFailure = 'unavailable' | 'misconfigured';

/**
 * The `error` better-auth (or the provider, RFC 6749 §4.1.2.1) puts on the redirect, to our code.
 * better-auth's own codes are in its oauth2/errors and callback route; `invalid_code` (the token
 * exchange failed) is refined by `ExchangeFailure`.
 */
const CODE_BY_RAW_ERROR: Record<string, ProviderErrorCode> = {
  'auth.registration_disabled': 'auth.registration_disabled',
  signup_disabled: 'auth.registration_disabled',
  'auth.account_not_linked': 'auth.account_not_linked',
  account_not_linked: 'auth.account_not_linked',
  email_does_not_match: 'auth.account_not_linked',
  email_not_verified: 'auth.provider_email_not_verified',
  email_not_found: 'auth.provider_email_missing',
  account_already_linked_to_different_user: 'auth.provider_account_in_use',
  account_ownership_conflict: 'auth.provider_account_in_use',
  // The provider's own refusals.
  access_denied: 'auth.provider_access_denied',
  consent_required: 'auth.provider_access_denied',
  login_required: 'auth.provider_access_denied',
  interaction_required: 'auth.provider_access_denied',
  account_selection_required: 'auth.provider_access_denied',
  temporarily_unavailable: 'auth.provider_unavailable',
  server_error: 'auth.provider_unavailable',
  invalid_scope: 'auth.provider_misconfigured',
  unauthorized_client: 'auth.provider_misconfigured',
  unsupported_response_type: 'auth.provider_misconfigured',
  invalid_client: 'auth.provider_misconfigured',
  invalid_request: 'auth.provider_misconfigured',
  // better-auth's: the provider is not registered (its discovery failed), its answers are unusable.
  oauth_provider_not_found: 'auth.provider_unavailable',
  unable_to_get_user_info: 'auth.provider_misconfigured',
  issuer_mismatch: 'auth.provider_misconfigured',
  issuer_missing: 'auth.provider_misconfigured',
};

/** Our code for the `error` of a provider callback's redirect. */
export function toProviderErrorCode(rawError: string, exchangeFailure?: ExchangeFailure): ProviderErrorCode {
  if (rawError === 'invalid_code') {
    if (exchangeFailure === 'unavailable') return 'auth.provider_unavailable';
    if (exchangeFailure === 'misconfigured') return 'auth.provider_misconfigured';
    return 'auth.provider_sign_in_failed';
  }
  return CODE_BY_RAW_ERROR[rawError] ?? 'auth.provider_sign_in_failed';
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

const CLIENT_ERRORS = new Set([
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/**
 * What the errors better-auth logged during a failed token exchange say: a network failure, a
 * timeout or a 5xx is the provider being unreachable; a refusal of the client (RFC 6749 §5.2
 * `invalid_client`…, or 401) is a misconfiguration. Anything else (an expired or replayed code,
 * `invalid_grant`) is left unclassified.
 */
export function classifyExchangeFailure(logged: readonly unknown[]): ExchangeFailure | undefined {
  for (const value of logged) {
    if (value instanceof Error) {
      const cause = recordOf(value.cause);
      const code = (typeof cause?.code === 'string' ? cause.code : undefined) ?? recordOf(value)?.code;
      if (value.name === 'AbortError' || value.name === 'TimeoutError') return 'unavailable';
      if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return 'unavailable';
      if (value.message === 'fetch failed') return 'unavailable';
      continue;
    }
    const record = recordOf(value);
    if (!record) continue;
    const status = typeof record.status === 'number' ? record.status : undefined;
    const error = typeof record.error === 'string' ? record.error : undefined;
    if (error && CLIENT_ERRORS.has(error)) return 'misconfigured';
    if (status === 401) return 'misconfigured';
    if (status !== undefined && (status === 0 || status >= 500)) return 'unavailable';
  }
  return undefined;
}

const CALLBACK_PATH = /^\/api\/auth\/callback\/([^/]+)$/;
const PROVIDER_START_PATHS = new Set(['/api/auth/sign-in/social', '/api/auth/link-social']);

/** The routes that send the browser to a provider (their JSON body names it). */
export function isProviderStartPath(path: string): boolean {
  return PROVIDER_START_PATHS.has(path);
}

const USER_CAUSED = new Set<ProviderErrorCode>([
  'auth.registration_disabled',
  'auth.account_not_linked',
  'auth.provider_access_denied',
  'auth.provider_email_not_verified',
  'auth.provider_account_in_use',
]);

/**
 * Makes failed provider sign-ins readable. better-auth ends a failed callback with a redirect to
 * our error page (`/login`, or the `errorCallbackURL` of a link) carrying its own code or the
 * provider's; this turns it into one of our `auth.*` codes plus `provider=<id>`, so the web app can
 * show a translated message under the right button, and logs what happened for the administrator.
 */
export function createProviderErrorHandling({
  logger,
  customProviderIds,
}: {
  logger: Logger;
  customProviderIds: readonly string[];
}) {
  const requestErrors = new AsyncLocalStorage<unknown[]>();
  const customIds = new Set(customProviderIds);

  return {
    /** Runs one /api/auth request, keeping what better-auth logs as errors during it. */
    track<T>(run: () => Promise<T>): Promise<T> {
      return requestErrors.run([], run);
    },

    /** Called by better-auth's logger. */
    observe(level: string, args: readonly unknown[]): void {
      if (level === 'error') requestErrors.getStore()?.push(...args);
    },

    /** A callback's error redirect, with our code; any other answer as it is. */
    rewriteErrorRedirect(response: Response, path: string): Response {
      const providerId = CALLBACK_PATH.exec(path)?.[1];
      const location = response.headers.get('location');
      if (!providerId || response.status < 300 || response.status >= 400 || !location) return response;
      if (!URL.canParse(location, 'http://placeholder')) return response;
      const target = new URL(location, 'http://placeholder');
      const rawError = target.searchParams.get('error');
      if (!rawError) return response;

      const code = toProviderErrorCode(rawError, classifyExchangeFailure(requestErrors.getStore() ?? []));
      const details = {
        component: 'auth',
        providerId,
        code,
        providerError: rawError,
        description: target.searchParams.get('error_description') ?? undefined,
      };
      if (USER_CAUSED.has(code)) logger.info(details, 'Sign-in with an identity provider refused');
      else logger.warn(details, 'Sign-in with an identity provider failed');

      target.search = new URLSearchParams({ error: code, provider: providerId }).toString();
      const rewritten = /^[a-z][a-z0-9+.-]*:/i.test(location)
        ? target.toString()
        : `${target.pathname}${target.search}${target.hash}`;
      const headers = new Headers(response.headers);
      headers.set('location', rewritten);
      return new Response(null, { status: response.status, statusText: response.statusText, headers });
    },

    /**
     * better-auth answers 404 PROVIDER_NOT_FOUND when a configured provider's discovery document
     * could not be fetched (at start-up and again on this click): that provider is unreachable.
     */
    async toUnavailableProvider(response: Response, path: string, request: Request): Promise<Response> {
      if (response.status !== 404 || !PROVIDER_START_PATHS.has(path)) return response;
      const body = recordOf(await request.json().catch(() => undefined));
      const providerId = typeof body?.provider === 'string' ? body.provider : undefined;
      if (!providerId || !customIds.has(providerId)) return response;
      logger.warn(
        { component: 'auth', providerId },
        'Identity provider unreachable: its discovery document could not be fetched',
      );
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.set('content-type', 'application/json');
      headers.set('retry-after', '30');
      const error: ApiErrorBody = {
        error: {
          code: 'auth.provider_unavailable',
          message: 'The identity provider cannot be reached right now. Try again later.',
        },
      };
      return new Response(JSON.stringify(error), { status: 503, headers });
    },
  };
}

export type ProviderErrorHandling = ReturnType<typeof createProviderErrorHandling>;

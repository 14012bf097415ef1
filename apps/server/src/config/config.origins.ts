import type { Env } from './config.schema';

/**
 * Origins whose pages may send cookie-authenticated requests: APP_BASE_URL's and TRUSTED_ORIGINS.
 * The request guards and better-auth's trustedOrigins both use this list, so they never disagree.
 */
export function getAllowedOrigins(env: Pick<Env, 'APP_BASE_URL' | 'TRUSTED_ORIGINS'>): string[] {
  return [...new Set([new URL(env.APP_BASE_URL).origin, ...env.TRUSTED_ORIGINS])];
}

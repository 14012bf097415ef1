/**
 * A failed sign-in with an identity provider comes back as `?error=<code>&provider=<providerId>`
 * (on /login; on /settings for a failed "Connect"). Anything else in the query is dropped.
 */
export type ProviderErrorSearch = { error?: string; provider?: string };

const CODE = /^[A-Za-z0-9_.:-]{1,100}$/;

export function validateProviderErrorSearch(search: Record<string, unknown>): ProviderErrorSearch {
  const error = typeof search.error === 'string' && CODE.test(search.error) ? search.error : undefined;
  if (!error) {
    return {};
  }
  const provider =
    typeof search.provider === 'string' && CODE.test(search.provider) ? search.provider : undefined;
  return provider ? { error, provider } : { error };
}

/**
 * /login: a provider error, or `?step=two-factor&next=<path>` when a provider sign-in of an account
 * with two-factor sign-in still needs its code (then on to `next`, a path of this app).
 */
export type LoginSearch = ProviderErrorSearch & { step?: 'two-factor'; next?: string };

const APP_PATH = /^\/(?![/\\])[^\s\\]{0,500}$/;

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const next = typeof search.next === 'string' && APP_PATH.test(search.next) ? search.next : undefined;
  return {
    ...validateProviderErrorSearch(search),
    ...(search.step === 'two-factor' ? { step: 'two-factor' as const } : {}),
    ...(next ? { next } : {}),
  };
}

/** Account settings: a provider error, or `?connected=<providerId>` after connecting one. */
export type AccountSettingsSearch = ProviderErrorSearch & { connected?: string };

export function validateAccountSettingsSearch(search: Record<string, unknown>): AccountSettingsSearch {
  const connected =
    typeof search.connected === 'string' && CODE.test(search.connected) ? search.connected : undefined;
  return { ...validateProviderErrorSearch(search), ...(connected ? { connected } : {}) };
}

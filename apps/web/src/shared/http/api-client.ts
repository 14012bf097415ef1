import { createHttpClient, resolveApiBaseUrl } from './http-client';

/** The app's HTTP client; the app wires `setOnUnauthorized` to a redirect to /login. */
export const apiClient = createHttpClient({
  baseUrl: resolveApiBaseUrl(import.meta.env.VITE_API_BASE_URL, window.location.origin),
});

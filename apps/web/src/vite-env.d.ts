/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; the page's own origin when unset. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

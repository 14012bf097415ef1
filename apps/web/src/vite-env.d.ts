/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; the page's own origin when unset. */
  readonly VITE_API_BASE_URL?: string;
  /** 'true' in the demo build (vite build --mode demo, see vite.config.ts): the API is answered in the browser. */
  readonly VITE_DEMO_MODE?: string;
  /** The demo popup's community link (demo build only). */
  readonly VITE_DEMO_COMMUNITY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

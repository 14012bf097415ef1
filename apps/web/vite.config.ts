import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { pdfjsDataPlugin } from './pdfjs-data-plugin';
import { pickStartupMessages } from './src/shared/i18n/startup-messages';

const apiTarget = 'http://localhost:8080';

/**
 * Serves src/shared/i18n/startup-english.ts as the startup sections of English only (see
 * startup-messages.ts), so the entry chunk carries the messages of the public pages and not those
 * of every page; the rest comes with the first private page.
 */
function startupEnglishPlugin(): Plugin {
  const moduleFile = normalizePath(
    fileURLToPath(new URL('./src/shared/i18n/startup-english.ts', import.meta.url)),
  );
  const englishFile = fileURLToPath(new URL('./src/locales/en.json', import.meta.url));
  return {
    name: 'sheaf-startup-english',
    enforce: 'pre',
    async load(id) {
      if (id.split('?')[0] !== moduleFile) return null;
      this.addWatchFile(englishFile);
      const english = JSON.parse(await fs.promises.readFile(englishFile, 'utf8')) as Record<string, unknown>;
      const startup = pickStartupMessages(english);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(startup))});\n`;
    },
  };
}

/**
 * `vite build --mode demo` (npm run build:demo at the root) builds the demo: the app with its API
 * answered in the browser (src/demo/), into dist-demo/, served from SHEAF_DEMO_BASE (default `/`).
 * Every other mode leaves the demo out of the bundle (scripts/check-demo-bundle.mjs checks it).
 */
export default defineConfig(({ mode }) => {
  const isDemo = mode === 'demo';
  return {
    base: isDemo ? (process.env.SHEAF_DEMO_BASE ?? '/') : '/',
    define: { 'import.meta.env.VITE_DEMO_MODE': JSON.stringify(isDemo ? 'true' : 'false') },
    plugins: [react(), tailwindcss(), pdfjsDataPlugin(), startupEnglishPlugin()],
    server: {
      port: 5173,
      proxy: {
        // '/api/' and not '/api': the SPA has an /api-keys page that must not be proxied.
        '/api/': { target: apiTarget, changeOrigin: false },
        // Share link pages are rendered by the server, not the SPA.
        '/s/': { target: apiTarget, changeOrigin: false },
      },
    },
    preview: {
      port: 4173,
      proxy: {
        // '/api/' and not '/api': the SPA has an /api-keys page that must not be proxied.
        '/api/': { target: apiTarget, changeOrigin: false },
        // Share link pages are rendered by the server, not the SPA.
        '/s/': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      outDir: isDemo ? 'dist-demo' : 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: true,
      // dist/.vite/manifest.json: what scripts/check-login-bundle.mjs measures.
      manifest: true,
      rolldownOptions: {
        output: {
          // What the entry imports statically in one chunk, not a dozen small shared ones: it all
          // loads first anyway, and compresses better together.
          codeSplitting: { groups: [{ name: 'startup', tags: ['$initial'] }] },
        },
      },
    },
  };
});

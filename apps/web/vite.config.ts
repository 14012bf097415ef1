import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfjsDataPlugin } from './pdfjs-data-plugin';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), pdfjsDataPlugin()],
  server: {
    port: 5173,
    proxy: {
      // '/api/' and not '/api': the SPA has an /api-keys page that must not be proxied.
      '/api/': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      // '/api/' and not '/api': the SPA has an /api-keys page that must not be proxied.
      '/api/': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
  },
});

import type { i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { setThumbnailSourceResolver } from '../modules/documents/thumbnail-source';
import { getLastOrganizationId, setLastOrganizationId } from '../modules/organizations/last-organization';
import { loadAllMessages } from '../shared/i18n/i18n';
import { createDemoApi, type DemoApi, isApiUrl } from './api';
import { DemoPopup } from './demo-popup';
import { createIdbPersistence } from './idb-persistence';
import { DEMO_ORGANIZATION_ID } from './seed';
import { resolveDemoThumbnail } from './thumbnails';

/**
 * Starts the demo (demo build only, see main.tsx): the API is answered in the page, from IndexedDB.
 * Every `fetch` to `/api/…` on the page's origin (the HTTP client's and better-auth's, which both
 * resolve `fetch` on each call, and pdf.js's) goes to the demo API and never to the network; any
 * other request (the app's own assets) goes on as usual.
 */
export async function startDemo() {
  const api = await createDemoApi({
    persistence: createIdbPersistence(),
    // pdf.js is loaded only when a file is uploaded.
    extractText: (file, mimeType) =>
      import('./extract-text').then(({ extractText }) => extractText(file, mimeType)),
  });
  // The visitor lands in the seeded organization (/ goes to the last one opened).
  if (getLastOrganizationId() === null) setLastOrganizationId(DEMO_ORGANIZATION_ID);
  const pageFetch = globalThis.fetch.bind(globalThis);
  const origin = window.location.origin;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    return isApiUrl(url, origin) ? api.fetch(input, init) : pageFetch(input, init);
  };
  document.addEventListener('click', (event) => downloadFromDemo(api, origin, event), true);
  // An <img> is not a fetch: the thumbnails' sources are the seed's files (thumbnails.ts).
  setThumbnailSourceResolver(resolveDemoThumbnail);

  return {
    /** The demo popup, in a root of its own beside the app's. */
    mountPopup: async (i18n: I18n) => {
      await loadAllMessages();
      const container = document.createElement('div');
      container.id = 'sheaf-demo';
      document.body.append(container);
      createRoot(container).render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <DemoPopup
              onReset={async () => {
                await api.reset();
                setLastOrganizationId(DEMO_ORGANIZATION_ID);
                // A fresh start at / (spec §2): the app's caches go with the page.
                window.location.assign(import.meta.env.BASE_URL);
              }}
            />
          </I18nextProvider>
        </StrictMode>,
      );
    },
  };
}

/**
 * A link to an API file (the document page's Download) would be a navigation, not a fetch: it is
 * answered by the demo API and saved from a blob instead.
 */
function downloadFromDemo(api: DemoApi, origin: string, event: MouseEvent) {
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.dataset.demoBlob !== undefined) return;
  const url = new URL(anchor.href, window.location.href);
  if (!isApiUrl(url, origin)) return;
  event.preventDefault();
  void api.fetch(url.href).then(async (response) => {
    if (!response.ok) return;
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = anchor.getAttribute('download') ?? '';
    link.dataset.demoBlob = '';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  });
}

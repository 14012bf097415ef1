import { accountSecurityRoutes } from './account-security';
import { activityRoutes } from './activity';
import { apiKeysRoutes } from './api-keys';
import { configRoutes } from './config';
import type { DemoContext } from './context';
import { documentEventsRoutes } from './document-events';
import { documentsRoutes } from './documents';
import { DemoHttpError, errorResponse, findRoute, json, type Route } from './http';
import { invitationsRoutes } from './invitations';
import { membersRoutes } from './members';
import { notesRoutes } from './notes';
import { organizationsRoutes } from './organizations';
import { propertiesRoutes } from './properties';
import { searchRoutes } from './search';
import { createSeed } from './seed';
import { sessionRoutes } from './session';
import type { DemoPersistence } from './state';
import { subscriptionsRoutes } from './subscriptions';
import { taggingRulesRoutes } from './tagging-rules';
import { tagsRoutes } from './tags';

export type DemoApi = {
  /** Answers one API call as the server would; `input` is what `fetch` was given. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Forgets everything the visitor did and stores the seed again. */
  reset: () => Promise<void>;
};

export type CreateDemoApiOptions = {
  persistence: DemoPersistence;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  extractText?: DemoContext['extractText'];
};

/** Whether a URL is one of the API's (`/api/…` on the page's origin): those never reach the network. */
export function isApiUrl(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/api/');
}

async function readBody(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<string | FormData | undefined> {
  if (input instanceof Request && init?.body === undefined) {
    const type = input.headers.get('content-type') ?? '';
    if (input.method === 'GET' || input.method === 'HEAD') return undefined;
    return type.includes('multipart/form-data') ? input.formData() : input.text();
  }
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Blob) return body.text();
  return new Response(body).text();
}

/**
 * Every route of the demo, each keyed by its endpoint of the catalogue. Fixed paths come before
 * parameters: search and the config before documents, /deleted before /:organizationId.
 */
export function createDemoRoutes(context: DemoContext): Route[] {
  return [
    ...configRoutes(context),
    ...sessionRoutes(context),
    ...accountSecurityRoutes(context),
    ...searchRoutes(context),
    ...activityRoutes(context),
    ...notesRoutes(context),
    ...documentEventsRoutes(),
    ...documentsRoutes(context),
    ...propertiesRoutes(context),
    ...tagsRoutes(context),
    ...taggingRulesRoutes(context),
    ...invitationsRoutes(context),
    ...membersRoutes(context),
    ...subscriptionsRoutes(context),
    ...apiKeysRoutes(context),
    ...organizationsRoutes(context),
  ];
}

/**
 * The routes of features no page needs before the first render (bulk actions and tasks, saved
 * views, share links, thumbnails, webhooks, intake e-mails): loaded on the first call that no other route answers, so that the demo's
 * start stays within its budget. None of their paths is one an eager route matches (the coverage
 * test checks it), so loading them late changes no answer.
 */
export async function loadLazyDemoRoutes(context: DemoContext): Promise<Route[]> {
  const paperlessImportsModule = import('./paperless-imports');
  const [bulk, savedViews, shareLinks, thumbnails, ingestionFolders, previews, webhooks, intakeEmails] =
    await Promise.all([
      import('./bulk'),
      import('./saved-views'),
      import('./share-links'),
      import('./thumbnail-routes'),
      import('./ingestion-folders'),
      import('./preview-routes'),
      import('./webhooks'),
      import('./intake-emails'),
    ]);
  return [
    ...bulk.bulkRoutes(context),
    ...savedViews.savedViewsRoutes(context),
    ...shareLinks.shareLinksRoutes(),
    ...thumbnails.thumbnailRoutes(context),
    ...ingestionFolders.ingestionFoldersRoutes(),
    ...previews.previewRoutes(context),
    ...webhooks.webhooksRoutes(context),
    ...intakeEmails.intakeEmailsRoutes(context),
    ...(await paperlessImportsModule).paperlessImportsRoutes(),
  ];
}

/** The in-browser API: the seed on first use (or the stored state), then every route of the server. */
export async function createDemoApi({
  persistence,
  now = () => new Date(),
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  extractText = async () => '',
}: CreateDemoApiOptions): Promise<DemoApi> {
  async function seed() {
    const { state, files } = await createSeed(now());
    await persistence.clear();
    await persistence.saveFiles(files);
    await persistence.saveState(state);
    return state;
  }

  const context: DemoContext = {
    state: (await persistence.loadState()) ?? (await seed()),
    persistence,
    now,
    sleep,
    extractText,
  };

  const routes = createDemoRoutes(context);
  let lazyRoutes: Promise<void> | undefined;
  async function findAnyRoute(method: string, pathname: string) {
    const found = findRoute(routes, method, pathname);
    if (found) return found;
    lazyRoutes ??= loadLazyDemoRoutes(context).then((loaded) => {
      routes.unshift(...loaded);
    });
    await lazyRoutes;
    return findRoute(routes, method, pathname);
  }

  async function answer(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const found = await findAnyRoute(method, url.pathname);
    if (!found)
      return json({ error: { code: 'api.not_found', message: 'This API route does not exist.' } }, 404);
    try {
      const body = await readBody(input, init);
      const response = await found.route.handler({ method, url, headers, body, params: found.params });
      if (method !== 'GET' && method !== 'HEAD') await persistence.saveState(context.state);
      return response;
    } catch (error) {
      if (error instanceof DemoHttpError) return errorResponse(error);
      console.warn('Demo API error', error);
      return json({ error: { code: 'internal.error', message: 'An error occurred, try again later.' } }, 500);
    }
  }

  return {
    // Calls are not queued: handlers change the state synchronously once their checks pass, and
    // each change is saved (the whole state, in one IndexedDB write) before its answer is given.
    fetch: answer,
    reset: async () => {
      context.state = await seed();
    },
  };
}

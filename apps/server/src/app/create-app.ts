import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config/config';
import { getAllowedOrigins } from '../config/config.origins';
import { createConfigRoutes } from '../config/config.routes';
import type { AppDatabase } from '../db/database';
import { createAccountSecurityRoutes } from '../modules/account-security/account-security.routes';
import { createApiKeysRoutes } from '../modules/api-keys/api-keys.routes';
import { createAuthRoutes } from '../modules/auth/auth.routes';
import { createBulkRoutes } from '../modules/bulk/bulk.routes';
import { createDocumentEventsRoutes } from '../modules/document-events/document-events.routes';
import { createDocumentsRoutes } from '../modules/documents/documents.routes';
import { createHealthRoutes } from '../modules/health/health.routes';
import { createIngestionFoldersRoutes } from '../modules/ingestion-folders/ingestion-folders.routes';
import { createIntakeEmailsIngestRoutes } from '../modules/intake-emails/intake-emails.ingest';
import { createIntakeEmailsRoutes } from '../modules/intake-emails/intake-emails.routes';
import { createInvitationsRoutes } from '../modules/invitations/invitations.routes';
import { createMembersRoutes } from '../modules/members/members.routes';
import { createNotesRoutes } from '../modules/notes/notes.routes';
import { createOrganizationsRoutes } from '../modules/organizations/organizations.routes';
import { createPaperlessImportsRoutes } from '../modules/paperless-imports/paperless-imports.routes';
import { createPropertiesRoutes } from '../modules/properties/properties.routes';
import { createSavedViewsRoutes } from '../modules/saved-views/saved-views.routes';
import { createSearchRoutes } from '../modules/search/search.routes';
import { createShareLinksPublicRoutes } from '../modules/share-links/share-links.public';
import { createShareLinksRoutes } from '../modules/share-links/share-links.routes';
import { createSubscriptionsRoutes } from '../modules/subscriptions/subscriptions.routes';
import { createTaggingRulesRoutes } from '../modules/tagging-rules/tagging-rules.routes';
import { createTagsRoutes } from '../modules/tags/tags.routes';
import { createUsersRoutes } from '../modules/users/users.routes';
import { createWebhooksRoutes } from '../modules/webhooks/webhooks.routes';
import type { AppEnv } from '../shared/app.types';
import { createClientAddressResolver } from '../shared/client-address';
import type { Clock } from '../shared/clock';
import { createMethodNotAllowedError, createNotFoundRouteError } from '../shared/errors';
import type { Logger } from '../shared/logger';
import { allowedMethodsOf } from './allowed-methods';
import { checkAnswersAgainstContracts } from './answer-check';
import { handleError } from './error-handler';
import { jsonWithContentLength } from './json-responses';
import { createOpenApiRoutes } from './openapi/openapi.routes';
import { createRequestGuards } from './request-guards';
import type { Services } from './services';
import { readServerVersion } from './startup-summary';
import { readInlineScriptHashes, registerStaticSpa } from './static';
import { createUserRateLimit } from './user-rate-limit';

export type AppDependencies = {
  config: Config;
  database: AppDatabase;
  logger: Logger;
  clock: Clock;
  services: Services;
  /** Folder of the built web app; when absent or not built, only the API is served. */
  webDistDir?: string;
  /** Tests only: check every answer against its endpoint's contract (see answer-check.ts). */
  checkAnswers?: boolean;
};

export function createApp({ config, database, logger, services, webDistDir, checkAnswers }: AppDependencies) {
  const app = new Hono<AppEnv>();
  // index.html carries a small inline script (theme before first paint); allow exactly it.
  const inlineScriptHashes = webDistDir ? readInlineScriptHashes({ webDistDir }) : [];

  app.use(requestId({ headerName: 'X-Request-Id' }));
  // One access line per request, at debug level (LOG_LEVEL=debug shows them).
  const logsRequests = logger.isLevelEnabled('debug');
  app.use(async (c, next) => {
    const requestLogger = logger.child({ requestId: c.get('requestId') });
    c.set('logger', requestLogger);
    if (!logsRequests) return next();
    const startedAt = performance.now();
    await next();
    requestLogger.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round(performance.now() - startedAt),
      },
      'Request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': WebAssembly only (not eval), for pdf.js's image decoders in the preview.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Opt-in analytics sends its events from the browser to the PostHog host.
        connectSrc: [
          "'self'",
          ...(config.env.ANALYTICS_IS_ENABLED ? [new URL(config.env.POSTHOG_HOST).origin] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      // A route's own headers win (document downloads send a stricter CSP).
      overwrite: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use(compress());
  // Inside compress: JSON answers carry their length, so only those from 1 KB are gzipped.
  app.use(jsonWithContentLength());

  const api = new Hono<AppEnv>();
  // Before every route, better-auth's included: origin, media type and size of unsafe requests.
  api.use(
    createRequestGuards({
      allowedOrigins: getAllowedOrigins(config.env),
      jsonBodyLimit: config.env.API_JSON_BODY_LIMIT,
    }),
  );
  if (checkAnswers) api.use(checkAnswersAgainstContracts());
  api.route('/', createConfigRoutes({ routes: services.endpointRoutes, config }));
  api.route('/', createHealthRoutes({ routes: services.endpointRoutes, db: database.db }));
  api.route('/', createOpenApiRoutes({ version: readServerVersion(), serverUrl: config.env.APP_BASE_URL }));
  api.route(
    '/',
    createAuthRoutes({
      auth: services.auth,
      resolveClientAddress: createClientAddressResolver({
        trustedProxies: config.env.SERVER_TRUSTED_PROXIES,
      }),
    }),
  );
  api.route(
    '/',
    createUsersRoutes({
      routes: services.endpointRoutes,
      users: services.users,
    }),
  );
  api.route(
    '/',
    createAccountSecurityRoutes({
      routes: services.endpointRoutes,
      accountSecurity: services.accountSecurity,
      readSignedInAt: async (headers) =>
        (await services.auth.api.getSession({ headers, query: { disableRefresh: true } }))?.session.createdAt,
    }),
  );
  api.route(
    '/',
    createApiKeysRoutes({
      routes: services.endpointRoutes,
      apiKeys: services.apiKeys,
    }),
  );
  api.route(
    '/',
    createOrganizationsRoutes({
      routes: services.endpointRoutes,
      organizations: services.organizations,
    }),
  );
  // Before the members routes: …/members/invitations is not a member id.
  api.route(
    '/',
    createInvitationsRoutes({
      routes: services.endpointRoutes,
      invitations: services.invitations,
    }),
  );
  api.route(
    '/',
    createMembersRoutes({
      routes: services.endpointRoutes,
      members: services.members,
    }),
  );
  // Before the documents routes: …/documents/search is not a document id.
  api.route(
    '/',
    createSearchRoutes({
      routes: services.endpointRoutes,
      search: services.search,
      searchRateLimit: createUserRateLimit({ perMinute: config.env.SEARCHES_RATE_LIMIT_PER_MINUTE }),
    }),
  );
  // GET …/documents/events, before the documents routes: `events` is not a :documentId.
  api.route(
    '/',
    createDocumentEventsRoutes({ documentEvents: services.documentEvents, routes: services.endpointRoutes }),
  );
  api.route(
    '/',
    createDocumentsRoutes({
      routes: services.endpointRoutes,
      documents: services.documents,
      uploadRateLimit: createUserRateLimit({ perMinute: config.env.UPLOADS_RATE_LIMIT_PER_MINUTE }),
    }),
  );
  // POST …/documents/bulk: no documents route takes POST there; …/tasks[/:taskId[/download]].
  api.route('/', createBulkRoutes({ bulk: services.bulk, routes: services.endpointRoutes }));
  api.route('/', createTagsRoutes({ tags: services.tags, routes: services.endpointRoutes }));
  api.route(
    '/',
    createSavedViewsRoutes({ savedViews: services.savedViews, routes: services.endpointRoutes }),
  );
  // …/documents/:documentId/notes[/:noteId]: no documents route takes these segments.
  api.route('/', createNotesRoutes({ notes: services.notes, routes: services.endpointRoutes }));
  // …/documents/:documentId/properties/:propertyId: no documents route takes four segments there.
  api.route(
    '/',
    createPropertiesRoutes({ properties: services.properties, routes: services.endpointRoutes }),
  );
  api.route(
    '/',
    createTaggingRulesRoutes({
      routes: services.endpointRoutes,
      taggingRules: services.taggingRules,
    }),
  );
  api.route(
    '/',
    createSubscriptionsRoutes({
      routes: services.endpointRoutes,
      subscriptions: services.subscriptions,
    }),
  );
  api.route(
    '/',
    createWebhooksRoutes({
      routes: services.endpointRoutes,
      webhooks: services.webhooks,
    }),
  );
  api.route(
    '/',
    createIntakeEmailsRoutes({
      routes: services.endpointRoutes,
      intakeEmails: services.intakeEmails,
      isEnabled: config.env.INTAKE_EMAILS_IS_ENABLED,
    }),
  );
  api.route(
    '/',
    createIntakeEmailsIngestRoutes({
      routes: services.endpointRoutes,
      intakeEmails: services.intakeEmails,
      isEnabled: config.env.INTAKE_EMAILS_IS_ENABLED,
      secret: config.env.INTAKE_EMAILS_WEBHOOK_SECRET,
      maxMessageSize: config.env.INTAKE_EMAILS_MAX_MESSAGE_SIZE,
    }),
  );
  // …/documents/:documentId/share-links, …/share-links[/:shareLinkId], …/share-link-settings.
  api.route(
    '/',
    createShareLinksRoutes({ shareLinks: services.shareLinks, routes: services.endpointRoutes }),
  );
  // …/ingestion-folder: the organization's watched folder.
  api.route(
    '/',
    createIngestionFoldersRoutes({
      ingestionFolders: services.ingestionFolders,
      routes: services.endpointRoutes,
    }),
  );
  // …/paperless-imports[/from-folder | /:importId[/report | /cancel]].
  api.route(
    '/',
    createPaperlessImportsRoutes({
      paperlessImports: services.paperlessImports,
      routes: services.endpointRoutes,
    }),
  );
  api.all('*', (c) => {
    // A path of the catalogue asked with a method it does not take: 405 with `Allow`.
    const allowed = allowedMethodsOf(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) throw createMethodNotAllowedError(allowed);
    throw createNotFoundRouteError();
  });
  app.route('/api', api);
  // Public share link pages, before the web app's fallback: rendered here, never the app's shell.
  app.route(
    '/',
    createShareLinksPublicRoutes({
      shareLinks: services.shareLinks,
      secureCookies: config.env.APP_BASE_URL.startsWith('https:'),
    }),
  );

  if (webDistDir && !registerStaticSpa(app, { webDistDir })) {
    logger.warn({ webDistDir }, 'The web app is not built: serving the API only (run npm run build)');
  }

  app.notFound((c) => {
    const { code, message, status } = createNotFoundRouteError();
    return c.json({ error: { code, message } }, status);
  });
  app.onError(handleError);
  return app;
}

import { Readable } from 'node:stream';
import { isInlineMimeType } from '@sheaf/contracts/documents';
import { shareLinkPath } from '@sheaf/contracts/share-links';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../shared/app.types';
import { isHttpError } from '../../shared/errors';
import { readBodyAtMost } from '../../shared/read-body';
import { contentDisposition } from '../documents/documents.models';
import {
  renderDocumentPage,
  renderMessagePage,
  renderPasswordPage,
  SHARE_PAGE_CSP,
} from './share-links.page';
import { pickPageLocale, SHARE_PAGE_MESSAGES } from './share-links.page-locales';
import type { PublicShareLinkRow } from './share-links.repository';
import type { ShareLinksUsecases } from './share-links.usecases';

/** The cookie of a visitor who gave the password, scoped to the link's own path. */
const UNLOCK_COOKIE = 'sheaf_share';
/** A password form is a few hundred bytes; anything larger is refused unread. */
const FORM_BODY_LIMIT = 4096;

/** Headers of every page: no indexing, no referrer, no caching, no framing, the strict CSP. */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': SHARE_PAGE_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow, noarchive',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

type PreviewKind = 'pdf' | 'image' | 'text' | 'none';

function previewKind(mimeType: string): PreviewKind {
  if (!isInlineMimeType(mimeType)) return 'none';
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'text';
}

/**
 * `/s/:token` and its file routes, outside `/api` and before the web app's fallback: pages rendered
 * here, never the app's shell. Whatever fails answers a page of ours (404, 410, 429 or 500), never
 * the API's JSON.
 */
export function createShareLinksPublicRoutes({
  shareLinks,
  secureCookies,
}: {
  shareLinks: ShareLinksUsecases;
  /** Whether the app is served over HTTPS (APP_BASE_URL), for the cookie's Secure flag. */
  secureCookies: boolean;
}) {
  const app = new Hono<AppEnv>();

  const messagesOf = (c: Context<AppEnv>) => {
    const locale = pickPageLocale(c.req.header('accept-language'));
    return { locale, messages: SHARE_PAGE_MESSAGES[locale] };
  };

  const page = (c: Context<AppEnv>, html: string, status: 200 | 403 | 404 | 410 | 429 | 500, headers = {}) =>
    c.body(html, status, { ...PAGE_HEADERS, ...headers });

  const notFound = (c: Context<AppEnv>) => {
    const { locale, messages } = messagesOf(c);
    return page(
      c,
      renderMessagePage({ locale, messages, title: messages.notFoundTitle, text: messages.notFoundText }),
      404,
    );
  };

  /** The link of the path's token if it opens; else the answer that says why. */
  async function openLink(c: Context<AppEnv>): Promise<PublicShareLinkRow | Response> {
    const lookup = await shareLinks.lookUp(c.req.param('token') ?? '');
    if (lookup.state === 'open') return lookup.link;
    if (lookup.state === 'expired') {
      const { locale, messages } = messagesOf(c);
      return page(
        c,
        renderMessagePage({ locale, messages, title: messages.expiredTitle, text: messages.expiredText }),
        410,
      );
    }
    return notFound(c);
  }

  /** Runs a handler; an unexpected failure is logged and answered with our error page. */
  const safely =
    (handler: (c: Context<AppEnv>) => Promise<Response>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      try {
        return await handler(c);
      } catch (error) {
        c.get('logger')?.error({ err: error }, 'Share link page failed');
        const { locale, messages } = messagesOf(c);
        return page(
          c,
          renderMessagePage({ locale, messages, title: messages.errorTitle, text: messages.errorText }),
          500,
        );
      }
    };

  const showDocument = (c: Context<AppEnv>, link: PublicShareLinkRow, token: string) => {
    const { locale, messages } = messagesOf(c);
    const base = shareLinkPath(token);
    return page(
      c,
      renderDocumentPage({
        locale,
        messages,
        name: link.document_name,
        preview: previewKind(link.document_mime_type),
        fileUrl: `${base}/file`,
        ...(link.allow_download === 1 ? { downloadUrl: `${base}/download` } : {}),
      }),
      200,
    );
  };

  app.get(
    '/s/:token',
    safely(async (c) => {
      const link = await openLink(c);
      if (link instanceof Response) return link;
      const token = c.req.param('token') ?? '';
      if (!shareLinks.isUnlocked(link, getCookie(c, UNLOCK_COOKIE))) {
        const { locale, messages } = messagesOf(c);
        return page(c, renderPasswordPage({ locale, messages, action: shareLinkPath(token) }), 200);
      }
      await shareLinks.recordOpened(link);
      return showDocument(c, link, token);
    }),
  );

  app.post(
    '/s/:token',
    safely(async (c) => {
      // A form posted from another site's page is refused (the browser says so in Sec-Fetch-Site).
      if (c.req.header('sec-fetch-site') === 'cross-site') return notFound(c);
      const link = await openLink(c);
      if (link instanceof Response) return link;
      const token = c.req.param('token') ?? '';
      const action = shareLinkPath(token);
      if (link.password_hash === null) return c.redirect(action, 303);
      const { locale, messages } = messagesOf(c);
      const body = await readBodyAtMost(c.req.raw.body, FORM_BODY_LIMIT);
      const password = body ? (new URLSearchParams(body.toString('utf8')).get('password') ?? '') : '';
      const check = await shareLinks.checkPassword(link, password);
      if (check.state === 'rate_limited') {
        const minutes = Math.max(1, Math.ceil(check.retryAfterSeconds / 60));
        return page(
          c,
          renderPasswordPage({
            locale,
            messages,
            action,
            error: messages.rateLimited.replace('{minutes}', String(minutes)),
          }),
          429,
          { 'Retry-After': String(check.retryAfterSeconds) },
        );
      }
      if (check.state === 'rejected') {
        return page(c, renderPasswordPage({ locale, messages, action, error: messages.wrongPassword }), 403);
      }
      setCookie(c, UNLOCK_COOKIE, check.unlockValue, {
        path: action,
        httpOnly: true,
        secure: secureCookies,
        sameSite: 'Lax',
        expires: check.unlockExpiresAt,
      });
      return c.redirect(action, 303);
    }),
  );

  /** The file, inline (preview) or as an attachment (download), when the visitor may have it. */
  const serveFile = (disposition: 'inline' | 'attachment') =>
    safely(async (c) => {
      const link = await openLink(c);
      if (link instanceof Response) return link;
      if (!shareLinks.isUnlocked(link, getCookie(c, UNLOCK_COOKIE))) return notFound(c);
      const kind = previewKind(link.document_mime_type);
      if (disposition === 'attachment' ? link.allow_download !== 1 : kind === 'none') return notFound(c);
      let opened: Awaited<ReturnType<ShareLinksUsecases['openFile']>>;
      try {
        opened = await shareLinks.openFile(link, c.req.header('range'));
      } catch (error) {
        if (isHttpError(error) && error.status === 416) {
          return c.body(null, 416, { 'Content-Range': `bytes */${Number(link.document_size)}` });
        }
        throw error;
      }
      const { size, range, stream } = opened;
      const headers = new Headers({
        'Content-Type': link.document_mime_type,
        'Content-Disposition': contentDisposition(disposition, link.document_name),
        'X-Content-Type-Options': 'nosniff',
        // The browser's PDF viewer does not run in a sandboxed document; other types are sandboxed.
        'Content-Security-Policy':
          kind === 'pdf' && disposition === 'inline'
            ? "default-src 'none'; frame-ancestors 'self'"
            : "default-src 'none'; sandbox; frame-ancestors 'self'",
        'X-Frame-Options': 'SAMEORIGIN',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow, noarchive',
        'Cache-Control': 'private, no-store, no-transform',
        'Accept-Ranges': 'bytes',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      const body = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
      if (range) {
        headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
        headers.set('Content-Length', String(range.end - range.start + 1));
        return new Response(body, { status: 206, headers });
      }
      headers.set('Content-Length', String(size));
      return new Response(body, { status: 200, headers });
    });

  app.get('/s/:token/file', serveFile('inline'));
  app.get('/s/:token/download', serveFile('attachment'));
  // Any other path under /s/ is ours too: a page, never the web app's shell.
  app.all(
    '/s/*',
    safely(async (c) => notFound(c)),
  );
  app.all(
    '/s',
    safely(async (c) => notFound(c)),
  );
  return app;
}

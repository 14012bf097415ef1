import { createHash } from 'node:crypto';
import type { LocaleCode } from '@sheaf/contracts/locales';
import type { SharePageMessages } from './share-links.page-locales';

/**
 * The public page of a share link, rendered on the server: no script at all, one stylesheet allowed
 * by its hash, nothing from elsewhere. Light and dark follow the visitor's system.
 */
const STYLES = `
:root{color-scheme:light dark;--bg:oklch(0.988 0.002 75);--card:#fff;--fg:oklch(0.22 0.006 60);--muted:oklch(0.47 0.01 60);--border:oklch(0.905 0.005 75);--input:oklch(0.86 0.006 75);--accent:oklch(0.5 0.1 185);--accent-fg:oklch(0.99 0.004 185);--danger:oklch(0.5 0.19 27)}
@media (prefers-color-scheme:dark){:root{--bg:oklch(0.175 0.004 60);--card:oklch(0.205 0.005 60);--fg:oklch(0.94 0.004 75);--muted:oklch(0.74 0.008 70);--border:oklch(0.3 0.006 60);--input:oklch(0.37 0.007 60);--accent:oklch(0.76 0.11 185);--accent-fg:oklch(0.2 0.03 185);--danger:oklch(0.74 0.14 25)}}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;flex-direction:column;min-height:100vh}
main{flex:1;width:100%;max-width:72rem;margin:0 auto;padding:1.5rem 1rem;display:flex;flex-direction:column;gap:1rem}
main.narrow{max-width:26rem;justify-content:center}
.card{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.25rem}
header.doc{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem}
.eyebrow{margin:0;color:var(--muted);font-size:.8125rem}
h1{margin:0;font-size:1.25rem;line-height:1.3;overflow-wrap:anywhere}
p{margin:.5rem 0 0}
.muted{color:var(--muted)}
.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.5rem;padding:0 1rem;border-radius:.5rem;border:1px solid transparent;background:var(--accent);color:var(--accent-fg);font:inherit;font-weight:500;text-decoration:none;cursor:pointer}
.button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.preview{background:var(--card);border:1px solid var(--border);border-radius:.75rem;overflow:hidden;display:flex;justify-content:center;align-items:center;min-height:12rem}
.preview iframe{display:block;width:100%;height:80vh;border:0;background:#fff}
.preview img{display:block;max-width:100%;max-height:80vh;height:auto}
.preview .muted{padding:2rem 1rem;text-align:center}
form{display:grid;gap:.75rem;margin-top:1rem}
label{font-weight:500;font-size:.875rem}
input{width:100%;min-height:2.5rem;padding:0 .75rem;border:1px solid var(--input);border-radius:.5rem;background:transparent;color:inherit;font:inherit}
.error{color:var(--danger);font-size:.875rem;margin:0}
footer{padding:1rem;text-align:center;color:var(--muted);font-size:.8125rem}
`;

/** The CSP of every page: stricter than the app's (no script, no connection, not framed). */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`,
  "img-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

function layout({
  locale,
  title,
  body,
  messages,
  narrow,
}: {
  locale: LocaleCode;
  title: string;
  body: string;
  messages: SharePageMessages;
  narrow: boolean;
}) {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow, noarchive">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main${narrow ? ' class="narrow"' : ''}>
${body}
</main>
<footer>${escapeHtml(messages.footer)}</footer>
</body>
</html>
`;
}

/** A page that says why the link does not open (404, 410, 500). */
export function renderMessagePage({
  locale,
  messages,
  title,
  text,
}: {
  locale: LocaleCode;
  messages: SharePageMessages;
  title: string;
  text: string;
}) {
  return layout({
    locale,
    messages,
    title,
    narrow: true,
    body: `<div class="card" role="alert"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p></div>`,
  });
}

/** The password form, with the reason of a refused attempt. */
export function renderPasswordPage({
  locale,
  messages,
  action,
  error,
}: {
  locale: LocaleCode;
  messages: SharePageMessages;
  action: string;
  error?: string;
}) {
  const errorHtml = error ? `<p class="error" id="password-error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout({
    locale,
    messages,
    title: messages.passwordTitle,
    narrow: true,
    body: `<div class="card">
<h1>${escapeHtml(messages.passwordTitle)}</h1>
<p class="muted">${escapeHtml(messages.passwordText)}</p>
<form method="post" action="${escapeHtml(action)}">
<label for="password">${escapeHtml(messages.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${error ? ' aria-invalid="true" aria-describedby="password-error"' : ''}>
${errorHtml}
<button class="button" type="submit">${escapeHtml(messages.submit)}</button>
</form>
</div>`,
  });
}

/** The document: its name, its preview when the browser shows its type, and the download when allowed. */
export function renderDocumentPage({
  locale,
  messages,
  name,
  preview,
  fileUrl,
  downloadUrl,
}: {
  locale: LocaleCode;
  messages: SharePageMessages;
  name: string;
  preview: 'pdf' | 'image' | 'text' | 'none';
  fileUrl: string;
  /** Absent when the link does not allow downloading. */
  downloadUrl?: string;
}) {
  const src = escapeHtml(fileUrl);
  const previewHtml =
    preview === 'image'
      ? `<img src="${src}" alt="${escapeHtml(name)}">`
      : preview === 'pdf'
        ? `<iframe src="${src}" title="${escapeHtml(name)}"></iframe>`
        : preview === 'text'
          ? `<iframe src="${src}" title="${escapeHtml(name)}" sandbox></iframe>`
          : `<p class="muted">${escapeHtml(messages.noPreview)}</p>`;
  const download = downloadUrl
    ? `<a class="button" href="${escapeHtml(downloadUrl)}" download>${escapeHtml(messages.download)}</a>`
    : '';
  return layout({
    locale,
    messages,
    title: name,
    narrow: false,
    body: `<header class="doc card"><div><p class="eyebrow">${escapeHtml(messages.sharedDocument)}</p><h1>${escapeHtml(name)}</h1></div>${download}</header>
<section class="preview" aria-label="${escapeHtml(name)}">${previewHtml}</section>`,
  });
}

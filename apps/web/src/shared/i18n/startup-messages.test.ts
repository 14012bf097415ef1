import fs from 'node:fs';
import path from 'node:path';
import { errorStatusesOf } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { describe, expect, test } from 'vitest';
import english from '../../locales/en.json';
import { pickStartupMessages, STARTUP_MESSAGE_SECTIONS } from './startup-messages';

const srcDir = path.resolve(__dirname, '../..');

/**
 * What runs before the first private page: the entry (main.tsx and what it imports) and the
 * public routes with what they import, statically or lazily (the layout's switchers).
 */
const PUBLIC_ROOTS = [
  'main.tsx',
  'app/layouts/auth-layout.tsx',
  'app/layouts/theme-switcher.tsx',
  'app/layouts/language-switcher.tsx',
  'shared/ui/toaster.tsx',
  'modules/auth/pages/login-page.tsx',
  'modules/auth/pages/register-page.tsx',
  'modules/auth/pages/request-password-reset-page.tsx',
  'modules/auth/pages/reset-password-page.tsx',
  'modules/auth/pages/email-validation-required-page.tsx',
  'modules/auth/pages/legal-page.tsx',
];

function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

/** The source files reached from `roots` through static relative imports. */
function staticImportClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const resolved = match[1] ? resolveImport(file, match[1]) : undefined;
      if (resolved) visit(resolved);
    }
  };
  for (const root of roots) visit(path.join(srcDir, root));
  return [...seen];
}

/**
 * Code in the entry chunk whose messages show on private pages only, where every message is
 * loaded first: the document page's loading skeleton (its route's pending component).
 */
const PRIVATE_ONLY_FILES = new Set(['modules/documents/components/document-page-skeleton.tsx']);

describe('the English messages of the entry chunk', () => {
  test('cover every message section the public pages, the entry and their imports use', () => {
    const sections = new Set(Object.keys(english));
    const startup = new Set<string>(STARTUP_MESSAGE_SECTIONS);
    const missing: string[] = [];
    for (const file of staticImportClosure(PUBLIC_ROOTS)) {
      if (PRIVATE_ONLY_FILES.has(path.relative(srcDir, file))) continue;
      // A route's page title key (`staticData: { title: … }`) is read by the route announcer on
      // that route only: a private route's title when all messages are there.
      const source = fs.readFileSync(file, 'utf8').replace(/staticData: \{[^}]*\}/g, '');
      // Any string that starts like a message key: 'auth.login.title', `layout.theme.${mode}`…
      for (const match of source.matchAll(/['"`]([a-z][a-z0-9-]*)\.[A-Za-z0-9_${}-]/g)) {
        const section = match[1];
        if (section && sections.has(section) && !startup.has(section)) {
          missing.push(`${path.relative(srcDir, file)}: ${section}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  test('name sections that exist', () => {
    expect(STARTUP_MESSAGE_SECTIONS.filter((section) => !(section in english))).toEqual([]);
  });

  test('carry the error messages of every route a signed-out page calls', () => {
    const startupErrors = pickStartupMessages(english)['api-errors'] as Record<string, unknown>;
    const missing = allEndpoints
      .filter((endpoint) => endpoint.auth === 'none')
      .flatMap((endpoint) => [...errorStatusesOf(endpoint).values()].flatMap((codes) => [...codes]))
      .filter((code) => {
        const [section = '', key = ''] = code.split('.');
        const messages = startupErrors[section];
        return typeof messages !== 'object' || messages === null || !(key in messages);
      });
    expect([...new Set(missing)]).toEqual([]);
    // And nothing of the signed-in pages' errors.
    expect(startupErrors).not.toHaveProperty('documents');
    expect(startupErrors.auth).not.toHaveProperty('last_sign_in_method');
  });

  test('leave the code step messages for the full English it loads', () => {
    const startup = pickStartupMessages(english) as { auth: { login: Record<string, unknown> } };
    expect(startup.auth.login).not.toHaveProperty('two-factor');
    expect(startup.auth.login).toHaveProperty('title');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../test/app';
import { organizationHandlers } from '../test/organizations';
import { stringifySearchWithLists } from './router';

function renderAt(path: string, { signedIn }: { signedIn: boolean }) {
  mockApi(organizationHandlers(), { signedIn });
  const { router } = renderApp(path);
  return { router };
}

describe('route guards', () => {
  test('a private route sends a visitor without a session to /login', async () => {
    const { router } = renderAt('/organizations', { signedIn: false });

    expect(await screen.findByRole('heading', { name: 'Sign in to Sheaf' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('a public-only route sends a visitor with a session to /', async () => {
    const { router } = renderAt('/register', { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Organizations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/organizations');
  });

  test('/reset-password without a token goes to /login', async () => {
    const { router } = renderAt('/reset-password', { signedIn: false });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('/reset-password with a token shows its page', async () => {
    renderAt('/reset-password?token=abc', { signedIn: false });

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});

describe('routes', () => {
  test('an unknown path shows the not-found page with a link home', async () => {
    renderAt('/this/does/not/exist', { signedIn: false });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  test('an organization id that is not org_ followed by alphanumerics is not found', async () => {
    renderAt('/organizations/acme-corp/documents', { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  test('an organization page shows the sidebar navigation, top bar and its content', async () => {
    renderAt('/organizations/org_abc123/documents', { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Organization' })[0];
    expect(nav).toBeDefined();
    const documentsLink = screen.getAllByRole('link', { name: 'Documents' })[0];
    expect(documentsLink).toHaveAttribute('href', '/organizations/org_abc123/documents');
    expect(documentsLink).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: 'Deleted documents' })[0]).toHaveAttribute(
      'href',
      '/organizations/org_abc123/deleted',
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change theme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  test.each([
    ['/organizations/deleted', 'Deleted organizations'],
    ['/organizations/create', 'Create an organization'],
    ['/settings', 'Account settings'],
    ['/api-keys', 'API keys'],
    ['/api-keys/create', 'Create API key'],
    ['/invitations', 'Invitations'],
    ['/organizations/org_abc123', 'Acme Archive'],
    ['/organizations/org_abc123/tags', 'Tags'],
    ['/organizations/org_abc123/tagging-rules', 'Tagging rules'],
    ['/organizations/org_abc123/tagging-rules/create', 'Create tagging rule'],
    ['/organizations/org_abc123/tagging-rules/tr_1', 'Edit tagging rule'],
    ['/organizations/org_abc123/members', 'Members'],
    ['/organizations/org_abc123/invite', 'Invite a member'],
    ['/organizations/org_abc123/invitations', 'Organization invitations'],
    ['/organizations/org_abc123/deleted', 'Deleted documents'],
    ['/organizations/org_abc123/settings', 'Organization settings'],
    ['/organizations/org_abc123/settings/usage', 'Usage'],
    ['/organizations/org_abc123/settings/properties', 'Properties'],
    ['/organizations/org_abc123/settings/intake-emails', 'Intake e-mails'],
  ])('%s shows the "%s" page to a signed-in user', async (path, title) => {
    renderAt(path, { signedIn: true });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('search strings', () => {
  test('lists are written comma-separated and other values as usual', () => {
    expect(decodeURIComponent(stringifySearchWithLists({ tags: ['tag_a', 'tag_b'], tab: 'content' }))).toBe(
      '?tags=tag_a,tag_b&tab=content',
    );
    expect(stringifySearchWithLists({})).toBe('');
  });
});

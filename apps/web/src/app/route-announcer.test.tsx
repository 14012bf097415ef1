import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../test/app';
import { documentsHandlers } from '../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../test/organizations';
import { formatDocumentTitle } from './route-announcer';

describe('document title', () => {
  test('joins the page, the organization and the app name, leaving out missing parts', () => {
    expect(formatDocumentTitle(['Documents', 'Acme'])).toBe('Documents · Acme · Sheaf');
    expect(formatDocumentTitle(['Account settings', undefined])).toBe('Account settings · Sheaf');
    expect(formatDocumentTitle([undefined, ' '])).toBe('Sheaf');
  });

  test('a page outside organizations is titled with its name', async () => {
    mockApi(organizationHandlers(), { signedIn: true });
    renderApp('/organizations');

    await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    await waitFor(() => expect(document.title).toBe('Organizations · Sheaf'));
  });

  test('an organization page is titled with the page and the organization', async () => {
    mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(`/organizations/${ORGANIZATION_ID}/documents`);

    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    await waitFor(() => expect(document.title).toBe('Documents · Acme Archive · Sheaf'));
  });

  test('the sign-in page has its own title', async () => {
    mockApi(organizationHandlers(), { signedIn: false });
    renderApp('/login');

    await screen.findByRole('heading', { name: 'Sign in to Sheaf' });
    await waitFor(() => expect(document.title).toBe('Sign in · Sheaf'));
  });
});

describe('focus on navigation', () => {
  test('following a link to another page moves focus to its main heading', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(`/organizations/${ORGANIZATION_ID}/documents`);
    await screen.findByRole('heading', { level: 1, name: 'Documents' });

    const tagsLink = screen.getAllByRole('link', { name: 'Tags' })[0];
    if (!tagsLink) throw new Error('No link to the tags page');
    tagsLink.focus();
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tags' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('the first page loaded keeps focus where the browser put it', async () => {
    mockApi(organizationHandlers(), { signedIn: true });
    renderApp('/organizations');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).not.toHaveFocus();
  });
});

import type { ShareLinkDto } from '@sheaf/contracts/share-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { type MockRequest, mockApi, renderApp, sessionFixture } from '../../test/app';
import { documentFixture, documentsHandlers } from '../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

const API = `/api/organizations/${ORGANIZATION_ID}`;
const SHARE_LINKS_URL = `/organizations/${ORGANIZATION_ID}/settings/share-links`;
const DOCUMENT_URL = `/organizations/${ORGANIZATION_ID}/documents/doc_1`;

function shareLinkFixture(overrides: Partial<ShareLinkDto> = {}): ShareLinkDto {
  return {
    id: 'shl_1',
    documentId: 'doc_1',
    documentName: 'Invoice March.pdf',
    createdBy: { id: 'usr_other', name: 'Grace Hopper' },
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    hasPassword: true,
    allowDownload: false,
    lastAccessedAt: null,
    ...overrides,
  };
}

const settingsHandlers = (isEnabled = true) => ({
  [`GET ${API}/share-link-settings`]: () => jsonResponse({ shareLinkSettings: { isEnabled } }),
});

describe('share link dialog', () => {
  test('makes a link with the chosen expiry, password and download, then shows it once to copy', async () => {
    const user = userEvent.setup();
    let links: ShareLinkDto[] = [];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`GET ${API}/documents/doc_1/share-links`]: () => jsonResponse({ shareLinks: links }),
        [`POST ${API}/documents/doc_1/share-links`]: (request: MockRequest) => {
          const body = request.body as { allowDownload: boolean; password: string | null };
          const shareLink = shareLinkFixture({
            createdBy: { id: sessionFixture.user.id, name: sessionFixture.user.name },
            allowDownload: body.allowDownload,
            hasPassword: body.password !== null,
            expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          });
          links = [shareLink];
          return jsonResponse(
            { shareLink, token: 'T'.repeat(32), url: `https://sheaf.example/s/${'T'.repeat(32)}` },
            { status: 201 },
          );
        },
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'abc');
    await user.click(within(dialog).getByRole('switch', { name: 'Allow download' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('A password is at least 4 characters.')).toBeInTheDocument();
    expect(calls.some(({ method }) => method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Password (optional)'), 'd');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(
      await within(dialog).findByDisplayValue(`https://sheaf.example/s/${'T'.repeat(32)}`),
    ).toBeInTheDocument();
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      expiresIn: '30d',
      password: 'abcd',
      allowDownload: false,
    });
    expect(within(dialog).getByText(/it is not shown again/)).toBeInTheDocument();
    // The new link is listed with the document's active links.
    expect(await within(dialog).findByText('1 active link')).toBeInTheDocument();
    expect(within(dialog).getByText(`Created by ${sessionFixture.user.name}`)).toBeInTheDocument();
  });

  test('says so when the owners turned share links off', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`GET ${API}/documents/doc_1/share-links`]: () => jsonResponse({ shareLinks: [] }),
        [`POST ${API}/documents/doc_1/share-links`]: () =>
          jsonResponse({ error: { code: 'share_links.disabled', message: 'off' } }, { status: 403 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);
    await user.click(await screen.findByRole('button', { name: 'Share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Share links are turned off for this organization by its owners.',
    );
  });
});

describe('share links settings page', () => {
  test("lists the active links with their creator, expiry and last access; the owner's switch turns them off", async () => {
    const user = userEvent.setup();
    const opened = shareLinkFixture({
      id: 'shl_2',
      documentName: 'Lease.pdf',
      documentId: 'doc_2',
      hasPassword: false,
      allowDownload: true,
      expiresAt: null,
      lastAccessedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...settingsHandlers(true),
        [`GET ${API}/share-links`]: () =>
          jsonResponse({ shareLinks: [shareLinkFixture(), opened], shareLinksCount: 2 }),
        [`PUT ${API}/share-link-settings`]: (request: MockRequest) =>
          jsonResponse({ shareLinkSettings: request.body }),
      },
      { signedIn: true },
    );
    renderApp(SHARE_LINKS_URL);

    const list = await screen.findByRole('list', { name: 'Active share links' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Invoice March.pdf');
    expect(items[0]).toHaveTextContent('Created by Grace Hopper 2 days ago');
    expect(items[0]).toHaveTextContent('Expires in 5 days');
    expect(items[0]).toHaveTextContent('Password');
    expect(items[0]).toHaveTextContent('Never opened');
    expect(items[1]).toHaveTextContent('Never expires');
    expect(items[1]).toHaveTextContent('Download allowed');
    expect(items[1]).toHaveTextContent('Last opened 5 minutes ago');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Lease.pdf' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents/doc_2`,
    );

    const toggle = screen.getByRole('switch', { name: 'Allow share links' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find(({ method }) => method === 'PUT')?.body).toEqual({ isEnabled: false }),
    );
  });

  test('revokes one link after a confirmation, and all of them', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers({ role: 'admin' }),
        ...settingsHandlers(true),
        [`GET ${API}/share-links`]: () =>
          jsonResponse({ shareLinks: [shareLinkFixture()], shareLinksCount: 1 }),
        [`DELETE ${API}/share-links/shl_1`]: () => new Response(null, { status: 204 }),
        [`DELETE ${API}/share-links`]: () => jsonResponse({ revokedCount: 1 }),
      },
      { signedIn: true },
    );
    renderApp(SHARE_LINKS_URL);

    await user.click(await screen.findByRole('button', { name: 'Revoke the link to Invoice March.pdf' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(calls.some(({ method, path }) => method === 'DELETE' && path === `${API}/share-links/shl_1`)).toBe(
      true,
    );

    // An admin may not turn the switch, but revokes all.
    expect(screen.getByRole('switch', { name: 'Allow share links' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Revoke all' }));
    const confirmAll = await screen.findByRole('alertdialog', { name: 'Revoke all share links?' });
    await user.click(within(confirmAll).getByRole('button', { name: 'Revoke all' }));
    expect(await screen.findByText('1 link revoked')).toBeInTheDocument();
  });

  test('a member revokes only their own links and cannot revoke all', async () => {
    const mine = shareLinkFixture({
      id: 'shl_mine',
      documentName: 'Mine.pdf',
      createdBy: { id: sessionFixture.user.id, name: sessionFixture.user.name },
    });
    mockApi(
      {
        ...organizationHandlers({ role: 'member' }),
        ...settingsHandlers(true),
        [`GET ${API}/share-links`]: () =>
          jsonResponse({ shareLinks: [shareLinkFixture(), mine], shareLinksCount: 2 }),
      },
      { signedIn: true },
    );
    renderApp(SHARE_LINKS_URL);

    expect(await screen.findByRole('button', { name: 'Revoke the link to Mine.pdf' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Revoke the link to Invoice March.pdf' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke all' })).not.toBeInTheDocument();
    expect(screen.getByText('Only owners can change this.')).toBeInTheDocument();
  });

  test('shows an empty state, and says share links are not in the demo', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...settingsHandlers(true),
        [`GET ${API}/share-links`]: () => jsonResponse({ shareLinks: [], shareLinksCount: 0 }),
      },
      { signedIn: true },
    );
    const { unmount } = renderApp(SHARE_LINKS_URL);
    expect(await screen.findByRole('heading', { name: 'No active share links' })).toBeInTheDocument();
    unmount();

    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}/share-links`]: () =>
          jsonResponse({ error: { code: 'demo.not_available', message: 'no' } }, { status: 501 }),
      },
      { signedIn: true },
    );
    renderApp(SHARE_LINKS_URL);
    expect(
      await screen.findByRole('heading', { name: 'Share links are not available in the demo.' }),
    ).toBeInTheDocument();
  });
});

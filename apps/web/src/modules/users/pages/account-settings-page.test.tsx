import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { configWith, mockApi, renderApp, sessionFixture } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

const user = {
  id: 'usr_1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  locale: 'en',
  roles: [],
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

const security = {
  twoFactorEnabled: false,
  passkeys: [],
  hasPassword: true,
  signedInAt: '2024-01-01T00:00:00.000Z',
  isSignInFresh: true,
};

function mockAccount(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi(
    {
      'GET /api/users/me': () => jsonResponse({ user }),
      'GET /api/users/me/security': () => jsonResponse({ security }),
      'GET /api/auth/list-accounts': () => jsonResponse([{ id: 'acc_1', providerId: 'credential' }]),
      'GET /api/auth/list-sessions': () =>
        jsonResponse([
          {
            ...sessionFixture.session,
            ipAddress: '203.0.113.7',
            userAgent:
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
          },
          {
            ...sessionFixture.session,
            id: 'ses_2',
            token: 'tok_2',
            ipAddress: '198.51.100.4',
            userAgent:
              'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
          },
        ]),
      ...extra,
    },
    { signedIn: true },
  );
}

describe('account settings page', () => {
  // A lazy route: compiled here once, on a loaded machine, rather than inside the first test's wait.
  beforeAll(() => import('./account-settings-page'), 60_000);

  test('shows the e-mail read-only and the name, with the update button disabled while unchanged', async () => {
    const actor = userEvent.setup();
    mockAccount();
    renderApp('/settings');

    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveValue('Ada Lovelace');
    const save = screen.getByRole('button', { name: 'Update name' });
    expect(save).toBeDisabled();

    await actor.type(name, ' King');
    expect(save).toBeEnabled();

    await actor.clear(name);
    await actor.type(name, '  Ada Lovelace ');
    expect(save).toBeDisabled();
  });

  test('updating the name sends it trimmed and disables the button again', async () => {
    const actor = userEvent.setup();
    const { calls } = mockAccount({
      'PUT /api/users/me': ({ body }) =>
        jsonResponse({ user: { ...user, name: (body as { name: string }).name } }),
    });
    renderApp('/settings');

    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await actor.clear(name);
    await actor.type(name, '  Ada King  ');
    await actor.click(screen.getByRole('button', { name: 'Update name' }));

    expect(await screen.findByText('Your name has been updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Ada King' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update name' })).toBeDisabled());
  });

  test('a name longer than 50 characters is refused with the spec message', async () => {
    const actor = userEvent.setup();
    mockAccount();
    renderApp('/settings');

    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await actor.clear(name);
    await actor.type(name, 'x'.repeat(51));
    await actor.click(screen.getByRole('button', { name: 'Update name' }));

    expect(await screen.findByText('Full name must be less than 50 characters')).toBeInTheDocument();
  });

  test("'Download my data' saves the account's data as a JSON file named by its date", async () => {
    const actor = userEvent.setup();
    const data = {
      format: 'sheaf-account-data',
      version: 1,
      exportedAt: '2026-11-27T10:00:00.000Z',
      profile: user,
      memberships: [],
      sessions: [],
      apiKeys: [],
    };
    mockAccount({ 'GET /api/users/me/data': () => jsonResponse(data) });
    const saved: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        saved.push(blob);
        return 'blob:account-data';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      renderApp('/settings');
      await screen.findByRole('heading', { name: 'Your data' });
      await actor.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(names).toEqual(['sheaf-account-data-2026-11-27.json']));
      expect(saved[0]?.type).toBe('application/json');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(saved[0] as Blob);
      });
      expect(JSON.parse(text)).toEqual(data);
    } finally {
      click.mockRestore();
    }
  });

  test('lists the sessions with the current one marked', async () => {
    mockAccount();
    renderApp('/settings');

    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(list).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeEnabled();
  });

  test('deleting the account needs the e-mail typed and the password, and shows a refusal', async () => {
    const actor = userEvent.setup();
    const { calls } = mockAccount({
      'POST /api/auth/delete-user': () =>
        jsonResponse(
          { error: { code: 'user.owns_organizations_with_members', message: 'Owns organizations' } },
          { status: 409 },
        ),
    });
    renderApp('/settings');

    await actor.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();

    await actor.type(within(dialog).getByLabelText('Type ada@example.com to confirm.'), ' ADA@example.com ');
    expect(confirm).toBeDisabled();
    await actor.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    expect(confirm).toBeEnabled();
    await actor.click(confirm);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You own organizations that have other members.',
    );
    expect(calls.find((call) => call.path === '/api/auth/delete-user')?.body).toEqual({
      password: 'correct horse',
    });
  });

  test('the two-factor and passkeys cards come after the password card', async () => {
    mockAccount();
    renderApp('/settings');

    await screen.findByRole('button', { name: 'Turn on' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(headings.indexOf('Password'), headings.indexOf('Password') + 3)).toEqual([
      'Password',
      'Two-factor sign-in',
      'Passkeys',
    ]);
  });

  test('an account without a password and an old sign-in is offered to sign in again instead of deleting', async () => {
    const actor = userEvent.setup();
    const { calls } = mockAccount({
      'GET /api/users/me/security': () =>
        jsonResponse({ security: { ...security, hasPassword: false, isSignInFresh: false } }),
      'GET /api/auth/list-accounts': () =>
        jsonResponse([{ id: 'acc_2', providerId: 'github', accountId: '42', createdAt: user.createdAt }]),
      'POST /api/auth/sign-in/social': () => new Promise<Response>(() => {}),
    });
    renderApp('/settings', { config: configWith({ providers: { github: { isEnabled: true } } }) });

    await screen.findByRole('heading', { name: 'Delete account' });
    // The two-factor card and the delete card each offer it.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sign in again' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    await actor.click(screen.getAllByRole('button', { name: 'Sign in again' })[1] as HTMLElement);

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toMatchObject({
        provider: 'github',
        callbackURL: 'http://localhost:3000/settings?reauthenticated=1',
      }),
    );
  });

  test('an account without a password and a fresh sign-in deletes with no password asked', async () => {
    const actor = userEvent.setup();
    const { calls } = mockAccount({
      'GET /api/users/me/security': () => jsonResponse({ security: { ...security, hasPassword: false } }),
      'GET /api/auth/list-accounts': () =>
        jsonResponse([{ id: 'acc_2', providerId: 'github', accountId: '42', createdAt: user.createdAt }]),
      'POST /api/auth/delete-user': () =>
        jsonResponse(
          { error: { code: 'user.owns_organizations_with_members', message: 'Owns organizations' } },
          { status: 409 },
        ),
    });
    renderApp('/settings', { config: configWith({ providers: { github: { isEnabled: true } } }) });

    await actor.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await actor.type(within(dialog).getByLabelText('Type ada@example.com to confirm.'), 'ada@example.com');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await within(dialog).findByRole('alert');
    expect(calls.find((call) => call.path === '/api/auth/delete-user')?.body).toEqual({});
  });

  describe('connected sign-in methods', () => {
    const config = configWith({
      providers: {
        github: { isEnabled: true },
        customs: [{ providerId: 'acme-sso', providerName: 'Acme SSO', providerIconUrl: null }],
      },
    });
    const password = {
      id: 'acc_1',
      providerId: 'credential',
      accountId: 'usr_1',
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    const acme = {
      id: 'acc_2',
      providerId: 'acme-sso',
      accountId: 'sub-42',
      createdAt: '2024-03-05T00:00:00.000Z',
    };

    const methodsList = () => screen.findByRole('list', { name: 'Connected sign-in methods' });
    const row = async (name: string) => {
      const items = within(await methodsList()).getAllByRole('listitem');
      const item = items.find((candidate) => within(candidate).queryByText(name, { exact: true }));
      if (!item) throw new Error(`No row for ${name}`);
      return item;
    };

    test('lists the password and each provider, connected or not, with Connect and Disconnect where they apply', async () => {
      mockAccount({ 'GET /api/auth/list-accounts': () => jsonResponse([password, acme]) });
      renderApp('/settings', { config });

      const passwordRow = await row('E-mail and password');
      expect(within(passwordRow).getByText('Connected')).toBeInTheDocument();
      expect(within(passwordRow).queryByRole('button')).not.toBeInTheDocument();
      const acmeRow = await row('Acme SSO');
      expect(within(acmeRow).getByText('Added on Mar 5, 2024')).toBeInTheDocument();
      expect(within(acmeRow).getByRole('button', { name: 'Disconnect Acme SSO' })).toBeEnabled();
      const githubRow = await row('GitHub');
      expect(within(githubRow).getByText('Not connected')).toBeInTheDocument();
      expect(within(githubRow).getByRole('button', { name: 'Connect' })).toBeEnabled();
    });

    test('the last way to sign in cannot be disconnected, and says why', async () => {
      mockAccount({ 'GET /api/auth/list-accounts': () => jsonResponse([acme]) });
      renderApp('/settings', { config });

      const disconnect = within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' });
      expect(disconnect).toBeDisabled();
      expect(disconnect).toHaveAccessibleDescription(
        'Your only way to sign in: connect another one before removing it.',
      );
    });

    test('a password is no way to sign in while e-mail sign-in is off, so the only provider stays', async () => {
      mockAccount({ 'GET /api/auth/list-accounts': () => jsonResponse([password, acme]) });
      renderApp('/settings', {
        config: configWith({
          providers: {
            email: { isEnabled: false },
            customs: [{ providerId: 'acme-sso', providerName: 'Acme SSO', providerIconUrl: null }],
          },
        }),
      });

      expect(
        within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' }),
      ).toBeDisabled();
    });

    test('disconnecting asks first, then unlinks that account and refreshes the list', async () => {
      const actor = userEvent.setup();
      let accounts = [password, acme];
      const { calls } = mockAccount({
        'GET /api/auth/list-accounts': () => jsonResponse(accounts),
        'POST /api/auth/unlink-account': () => {
          accounts = [password];
          return jsonResponse({ status: true });
        },
      });
      renderApp('/settings', { config });

      await actor.click(within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Acme SSO?' });
      await actor.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

      expect(await screen.findByText('Acme SSO disconnected.')).toBeInTheDocument();
      expect(calls.find((call) => call.path === '/api/auth/unlink-account')?.body).toEqual({
        accountId: 'acc_2',
      });
      await waitFor(async () =>
        expect(within(await row('Acme SSO')).getByRole('button', { name: 'Connect' })).toBeInTheDocument(),
      );
    });

    test('a refused disconnection shows the server’s reason', async () => {
      const actor = userEvent.setup();
      mockAccount({
        'GET /api/auth/list-accounts': () => jsonResponse([password, acme]),
        'POST /api/auth/unlink-account': () =>
          jsonResponse(
            { error: { code: 'auth.last_sign_in_method', message: 'Last way to sign in' } },
            { status: 400 },
          ),
      });
      renderApp('/settings', { config });

      await actor.click(within(await row('Acme SSO')).getByRole('button', { name: 'Disconnect Acme SSO' }));
      await actor.click(
        within(await screen.findByRole('alertdialog', { name: 'Disconnect Acme SSO?' })).getByRole('button', {
          name: 'Disconnect',
        }),
      );

      expect(
        await screen.findByText('This is your last way to sign in. Connect another one before removing it.'),
      ).toBeInTheDocument();
    });

    test('connecting a provider starts its link with callbacks to this page', async () => {
      const actor = userEvent.setup();
      const { calls } = mockAccount({
        'GET /api/auth/list-accounts': () => jsonResponse([password]),
        'POST /api/auth/link-social': () => new Promise<Response>(() => {}),
      });
      renderApp('/settings', { config });

      await actor.click(within(await row('GitHub')).getByRole('button', { name: 'Connect' }));

      await waitFor(() =>
        expect(calls.find((call) => call.path === '/api/auth/link-social')?.body).toEqual({
          provider: 'github',
          callbackURL: 'http://localhost:3000/settings?connected=github',
          errorCallbackURL: 'http://localhost:3000/settings',
        }),
      );
    });

    test('a connection refused by the server shows its message under that provider', async () => {
      mockAccount({ 'GET /api/auth/list-accounts': () => jsonResponse([password]) });
      renderApp('/settings?error=auth.provider_account_in_use&provider=acme-sso', { config });

      const message = 'This provider account is already connected to another user.';
      const acmeRow = await row('Acme SSO');
      expect(within(acmeRow).getByRole('alert')).toHaveTextContent(message);
      expect(within(acmeRow).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(message);
      expect(within(await row('GitHub')).queryByRole('alert')).not.toBeInTheDocument();
    });

    test('coming back from a successful connection says so and cleans the address', async () => {
      mockAccount({ 'GET /api/auth/list-accounts': () => jsonResponse([password, acme]) });
      const { router } = renderApp('/settings?connected=acme-sso', { config });

      expect(await screen.findByText('Acme SSO connected.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.search).toEqual({}));
    });
  });
});

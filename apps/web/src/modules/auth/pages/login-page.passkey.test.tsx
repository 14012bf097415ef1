import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import en from '../../../locales/en.json';
import { type MockRequest, mockApi, renderApp, sessionFixture } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

// The browser's WebAuthn (which jsdom lacks) through @simplewebauthn/browser, stubbed.
const webAuthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn<() => boolean>(),
  browserSupportsWebAuthnAutofill: vi.fn<() => Promise<boolean>>(),
  startAuthentication: vi.fn<(options: unknown) => Promise<AuthenticationResponseJSON>>(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const authenticationOptions = { challenge: 'challenge-1', rpId: 'localhost', userVerification: 'required' };

const credential: AuthenticationResponseJSON = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { authenticatorData: 'ad', clientDataJSON: 'cd', signature: 'sig', userHandle: 'usr_1' },
  clientExtensionResults: {},
};

const namedError = (name: string) => Object.assign(new Error(name), { name });

type Handlers = Record<string, (request: MockRequest) => Response | Promise<Response>>;

/** The API of a passkey sign-in that works; `handlers` replace some of its answers. */
function mockPasskeyApi(handlers: Handlers = {}) {
  let signedIn = false;
  return mockApi({
    'GET /api/auth/passkey/generate-authenticate-options': () => jsonResponse(authenticationOptions),
    'POST /api/auth/passkey/verify-authentication': () => {
      signedIn = true;
      return jsonResponse(sessionFixture);
    },
    'GET /api/auth/get-session': () => jsonResponse(signedIn ? sessionFixture : null),
    ...handlers,
  });
}

// Compiled once here, not inside the first test's wait for the button (the page loads them lazily).
beforeAll(async () => {
  await Promise.all([import('./login-page'), import('../components/passkey-sign-in')]);
});

beforeEach(() => {
  vi.clearAllMocks();
  webAuthn.browserSupportsWebAuthn.mockReturnValue(true);
  webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  webAuthn.startAuthentication.mockResolvedValue(credential);
});

describe('login page, passkeys', () => {
  test('the passkey button gets a challenge, asks the browser, checks its answer, then opens the app', async () => {
    const user = userEvent.setup();
    const { calls } = mockPasskeyApi();
    const { router } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: authenticationOptions,
      useBrowserAutofill: false,
    });
    expect(calls.find((call) => call.path === '/api/auth/passkey/verify-authentication')?.body).toEqual({
      response: credential,
    });
  });

  test('a passkey prompt the user cancels says nothing and leaves the button ready', async () => {
    const user = userEvent.setup();
    webAuthn.startAuthentication.mockRejectedValue(namedError('NotAllowedError'));
    const { calls } = mockPasskeyApi();
    const { router } = renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await user.click(button);

    await waitFor(() => expect(button).toBeEnabled());
    expect(webAuthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/passkey/verify-authentication')).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
  });

  test('a passkey of a disabled account shows why it cannot sign in', async () => {
    const user = userEvent.setup();
    mockPasskeyApi({
      'POST /api/auth/passkey/verify-authentication': () =>
        jsonResponse({ error: { code: 'auth.account_disabled', message: 'Disabled' } }, { status: 403 }),
    });
    const { router } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(en['api-errors'].auth.account_disabled);
    expect(router.state.location.pathname).toBe('/login');
  });

  test('a browser failure other than a cancellation says the passkey sign-in did not complete', async () => {
    const user = userEvent.setup();
    webAuthn.startAuthentication.mockRejectedValue(namedError('SecurityError'));
    mockPasskeyApi();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey sign-in did not complete. Try again.',
    );
  });

  test('without WebAuthn in the browser there is no passkey button and no call', async () => {
    webAuthn.browserSupportsWebAuthn.mockReturnValue(false);
    const { calls } = mockPasskeyApi();
    renderApp('/login');

    await screen.findByRole('textbox', { name: 'E-mail' });
    // The passkey module loads after the page: give it the time to (not) show its button.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/auth/passkey/'))).toBe(false);
  });

  describe('with the browser passkey autofill', () => {
    beforeEach(() => {
      webAuthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    });

    test('a passkey picked in the e-mail field suggestions signs in', async () => {
      const { calls } = mockPasskeyApi();
      const { router } = renderApp('/login');

      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveAttribute(
        'autocomplete',
        'username webauthn',
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(webAuthn.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: authenticationOptions,
        useBrowserAutofill: true,
      });
      expect(calls.find((call) => call.path === '/api/auth/passkey/verify-authentication')?.body).toEqual({
        response: credential,
      });
    });

    test('a password sign-in stops the pending autofill request', async () => {
      const user = userEvent.setup();
      // The autofill request waits for the user until it is aborted.
      webAuthn.startAuthentication.mockReturnValue(new Promise(() => {}));
      mockPasskeyApi({
        'POST /api/auth/sign-in/email': () =>
          jsonResponse(
            { error: { code: 'auth.invalid_credentials', message: 'Invalid email or password' } },
            { status: 401 },
          ),
      });
      renderApp('/login');

      await waitFor(() =>
        expect(webAuthn.startAuthentication).toHaveBeenCalledWith(
          expect.objectContaining({ useBrowserAutofill: true }),
        ),
      );
      expect(webAuthn.WebAuthnAbortService.cancelCeremony).not.toHaveBeenCalled();
      await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
      expect(webAuthn.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
    });

    test('the passkey button stops the autofill request first, and a cancelled prompt offers the autofill again', async () => {
      const user = userEvent.setup();
      webAuthn.startAuthentication.mockImplementation(async (options) =>
        (options as { useBrowserAutofill: boolean }).useBrowserAutofill
          ? new Promise(() => {})
          : Promise.reject(namedError('NotAllowedError')),
      );
      mockPasskeyApi();
      renderApp('/login');

      await waitFor(() => expect(webAuthn.startAuthentication).toHaveBeenCalledTimes(1));
      await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

      await waitFor(() => expect(webAuthn.startAuthentication).toHaveBeenCalledTimes(3));
      expect(webAuthn.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
      expect(webAuthn.startAuthentication.mock.calls.map(([options]) => options)).toEqual([
        expect.objectContaining({ useBrowserAutofill: true }),
        expect.objectContaining({ useBrowserAutofill: false }),
        expect.objectContaining({ useBrowserAutofill: true }),
      ]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});

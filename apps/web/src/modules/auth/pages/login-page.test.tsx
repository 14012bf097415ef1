import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { configWith, mockApi, renderApp, sessionFixture } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

describe('login page', () => {
  test('an empty submit shows that the e-mail and the password are required', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('an invalid e-mail is refused before any call', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi();
    renderApp('/login');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/sign-in/email')).toBe(false);
  });

  test('signing in sends e-mail, password, remember-me and the base URL, then opens the app', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { calls } = mockApi({
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return jsonResponse({ redirect: false, token: 't', user: sessionFixture.user });
      },
      'GET /api/auth/get-session': () => jsonResponse(signedIn ? sessionFixture : null),
    });
    const { router } = renderApp('/login');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const signIn = calls.find((call) => call.path === '/api/auth/sign-in/email');
    expect(signIn?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      rememberMe: true,
      callbackURL: 'http://localhost:3000',
    });
  });

  test('unchecking remember-me sends rememberMe false', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { error: { code: 'auth.invalid_credentials', message: 'Invalid email or password' } },
          { status: 401 },
        ),
    });
    renderApp('/login');

    const rememberMe = await screen.findByRole('checkbox', { name: 'Remember me' });
    expect(rememberMe).toBeChecked();
    await user.click(rememberMe);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const form = screen.getByRole('form', { name: 'Sign in with e-mail' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid e-mail or password.');
    expect(calls.find((call) => call.path === '/api/auth/sign-in/email')?.body).toMatchObject({
      rememberMe: false,
    });
  });

  test('an auth.email_not_verified answer sends the user to /email-validation-required', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { error: { code: 'auth.email_not_verified', message: 'Email not verified' } },
          { status: 403 },
        ),
    });
    const { router } = renderApp('/login');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email-validation-required');
    expect(screen.getByRole('button', { name: 'Resend the verification e-mail' })).toBeInTheDocument();
  });

  test('the forgot-password link appears only when password reset is enabled', async () => {
    mockApi();
    const { unmount } = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/request-password-reset',
    );
    unmount();

    renderApp('/login', { config: configWith({ isPasswordResetEnabled: false }) });
    await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  });

  test('the register link appears only when registration is enabled', async () => {
    mockApi();
    const { unmount } = renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
    unmount();

    renderApp('/login', { config: configWith({ isRegistrationEnabled: false }) });
    await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByRole('link', { name: 'Create one' })).not.toBeInTheDocument();
  });

  test('with providers, the e-mail form is revealed by a button', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/login', {
      config: configWith({
        providers: {
          google: { isEnabled: true },
          github: { isEnabled: true },
          customs: [{ providerId: 'acme-sso', providerName: 'Acme SSO', providerIconUrl: null }],
        },
      }),
    });

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail' }));

    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with e-mail' })).not.toBeInTheDocument();
  });

  test('a provider sign-in error shows under that provider button', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/auth/sign-in/social': () =>
        jsonResponse(
          { error: { code: 'auth.provider_not_found', message: 'Provider not found' } },
          { status: 404 },
        ),
    });
    renderApp('/login', {
      config: configWith({ providers: { email: { isEnabled: false }, github: { isEnabled: true } } }),
    });

    await user.click(await screen.findByRole('button', { name: 'Continue with GitHub' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in provider is not available.');
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toHaveAccessibleDescription(
      'This sign-in provider is not available.',
    );
    expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toMatchObject({
      provider: 'github',
      callbackURL: 'http://localhost:3000',
    });
  });

  const withAcme = () =>
    configWith({
      providers: {
        github: { isEnabled: true },
        customs: [{ providerId: 'acme-sso', providerName: 'Acme SSO', providerIconUrl: null }],
      },
    });

  test('a sign-in refused by the server after the provider shows its translated message under that provider button', async () => {
    mockApi();
    renderApp('/login?error=auth.account_not_linked&provider=acme-sso', { config: withAcme() });

    const message =
      'An account with this e-mail address already exists. Sign in with your password, then connect this provider in your account settings.';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toHaveAccessibleDescription(
      message,
    );
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).not.toHaveAccessibleDescription(
      message,
    );
  });

  test('a provider error sent to / reaches /login with its code and shows there', async () => {
    mockApi();
    const { router } = renderApp('/?error=auth.registration_disabled&provider=acme-sso', {
      config: withAcme(),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is disabled on this server.');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({
      error: 'auth.registration_disabled',
      provider: 'acme-sso',
    });
  });

  test('an unknown provider error code, or one from a provider no longer listed, still says the sign-in failed', async () => {
    mockApi();
    renderApp('/login?error=state_mismatch&provider=retired', { config: withAcme() });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in with this provider did not complete. Try again.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).not.toHaveAccessibleDescription(
      'Sign-in with this provider did not complete. Try again.',
    );
  });

  test('starting another provider sign-in clears the previous error', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/sign-in/social': () => new Promise<Response>(() => {}),
    });
    renderApp('/login?error=auth.provider_access_denied&provider=acme-sso', { config: withAcme() });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in was cancelled or refused at the provider.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue with GitHub' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  test('a custom provider icon that fails to load falls back to the default icon', async () => {
    mockApi();
    renderApp('/login', {
      config: configWith({
        providers: {
          customs: [
            {
              providerId: 'acme-sso',
              providerName: 'Acme SSO',
              providerIconUrl: 'https://sso.example.com/logo.svg',
            },
          ],
        },
      }),
    });

    const button = await screen.findByRole('button', { name: 'Continue with Acme SSO' });
    const icon = button.querySelector('img');
    expect(icon).toHaveAttribute('src', 'https://sso.example.com/logo.svg');
    fireEvent.error(icon as HTMLImageElement);

    await waitFor(() => expect(button.querySelector('img')).toBeNull());
    expect(button.querySelector('svg')).not.toBeNull();
  });

  test('with no sign-in method enabled, a no-provider notice is shown', async () => {
    mockApi();
    renderApp('/login', { config: configWith({ providers: { email: { isEnabled: false } } }) });

    expect(
      await screen.findByText('No sign-in method is enabled on this server. Contact its administrator.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
  });

  test('legal links appear when the server enables them', async () => {
    mockApi();
    renderApp('/login', { config: configWith({ showLegalLinksOnAuthPage: true }) });

    expect(await screen.findByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { configWith, mockApi, renderApp, sessionFixture } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

describe('register page', () => {
  test('when registration is disabled, a notice links back to sign-in', async () => {
    mockApi();
    renderApp('/register', { config: configWith({ isRegistrationEnabled: false }) });

    expect(await screen.findByText(/Registration is disabled on this server/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
  });

  test('validates e-mail, name and password length', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/register');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The password must be at least 8 characters.')).toBeInTheDocument();
  });

  test('signing up sends the UI locale and goes to /email-validation-required when verification is required', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/auth/sign-up/email': () => jsonResponse({ token: null, user: sessionFixture.user }),
    });
    const { router } = renderApp('/register');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/email-validation-required'));
    expect(calls.find((call) => call.path === '/api/auth/sign-up/email')?.body).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      password: 'correct horse',
      locale: 'en',
      callbackURL: 'http://localhost:3000',
    });
  });

  test('a refused sign-up shows the error under the form', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/sign-up/email': () =>
        jsonResponse(
          { error: { code: 'auth.registration_disabled', message: 'Registration is disabled' } },
          { status: 403 },
        ),
    });
    renderApp('/register');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is disabled on this server.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { configWith, mockApi, renderApp } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

describe('request password reset page', () => {
  test('after a request, shows a confirmation with a webmail button and a back-to-login button', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/auth/request-password-reset': () => jsonResponse({ status: true }),
    });
    renderApp('/request-password-reset');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Gmail' })).toHaveAttribute(
      'href',
      'https://mail.google.com/',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(calls.find((call) => call.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'ada@gmail.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });

  test('an unknown e-mail provider gets no webmail button', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/auth/request-password-reset': () => jsonResponse({ status: true }) });
    renderApp('/request-password-reset');

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@company.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await screen.findByRole('heading', { name: 'Check your e-mail' });
    expect(screen.queryByRole('link', { name: /^Open / })).not.toBeInTheDocument();
  });

  test.each([
    ['password reset is disabled', configWith({ isPasswordResetEnabled: false })],
    ['e-mail sign-in is disabled', configWith({ providers: { email: { isEnabled: false } } })],
  ])('redirects to /login when %s', async (_, config) => {
    mockApi();
    const { router } = renderApp('/request-password-reset', { config });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('reset password page', () => {
  test('sends the new password with the token, then confirms', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /api/auth/reset-password': () => jsonResponse({ status: true }) });
    renderApp('/reset-password?token=tok_123');

    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm the new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      newPassword: 'correct horse',
      token: 'tok_123',
    });
  });

  test('an invalid token shows its error under the form', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse({ error: { code: 'auth.invalid_token', message: 'Invalid token' } }, { status: 400 }),
    });
    renderApp('/reset-password?token=expired');

    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm the new password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  });

  test('a confirmation that differs is refused', async () => {
    const user = userEvent.setup();
    mockApi();
    renderApp('/reset-password?token=tok');

    await user.type(await screen.findByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm the new password'), 'correct horsE');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
  });
});

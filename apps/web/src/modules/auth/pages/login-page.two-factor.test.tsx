import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import en from '../../../locales/en.json';
import { type MockRequest, mockApi, renderApp, sessionFixture } from '../../../test/app';
import { jsonResponse } from '../../../test/render';

type Handlers = Record<string, (request: MockRequest) => Response | Promise<Response>>;

const refusal = (status: number, code: string, headers?: Record<string, string>) => () =>
  jsonResponse({ error: { code, message: code } }, { status, headers });

/** Signs in with a password on /login; the server asks for the second factor. */
async function reachCodeStep(handlers: Handlers = {}) {
  const user = userEvent.setup();
  let signedIn = false;
  const signIn = () => {
    signedIn = true;
    return jsonResponse({ token: 'tok_1', user: { ...sessionFixture.user, twoFactorEnabled: true } });
  };
  const { calls } = mockApi({
    'POST /api/auth/sign-in/email': () =>
      jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
    'POST /api/auth/two-factor/verify-totp': signIn,
    'POST /api/auth/two-factor/verify-backup-code': signIn,
    'GET /api/auth/get-session': () => jsonResponse(signedIn ? sessionFixture : null),
    ...handlers,
  });
  const { router } = renderApp('/login');
  await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return { user, calls, router };
}

// Compiled once here, not inside the first test's waits (the page loads them lazily).
beforeAll(async () => {
  await Promise.all([
    import('./login-page'),
    import('../components/two-factor-step'),
    import('../components/passkey-sign-in'),
  ]);
});

describe('login page, two-factor step', () => {
  test('a password sign-in that asks for a second factor shows one code field, focused, and trust-this-device', async () => {
    const { calls } = await reachCodeStep();

    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(/Use a backup code/);
    expect(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/auth/two-factor/'))).toEqual([]);
  });

  test('a six-digit code pasted with a space goes to verify-totp with trustDevice, then opens the app', async () => {
    const { user, calls, router } = await reachCodeStep();

    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(screen.getByRole('textbox', { name: 'Code' }));
    await user.paste('123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({
      code: '123456',
      trustDevice: true,
    });
  });

  test('a backup code typed with a space goes to verify-backup-code in its dashed form', async () => {
    const { user, calls, router } = await reachCodeStep();

    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'abcde fghij{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-backup-code')?.body).toEqual({
      code: 'abcde-fghij',
      trustDevice: false,
    });
    expect(calls.some((call) => call.path === '/api/auth/two-factor/verify-totp')).toBe(false);
  });

  test('an empty code is refused before any call', async () => {
    const { user, calls } = await reachCodeStep();

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText('Enter the code from your authenticator app, or a backup code.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(calls.some((call) => call.path.startsWith('/api/auth/two-factor/'))).toBe(false);
  });

  test('a wrong code shows an error on the field and gives it the focus back', async () => {
    const { user, router } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-totp': refusal(401, 'auth.invalid_two_factor_code'),
    });

    const code = screen.getByRole('textbox', { name: 'Code' });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const message = en['api-errors'].auth.invalid_two_factor_code;
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(code).toHaveFocus();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('too many wrong codes (429) says how long to wait, from Retry-After', async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-totp': refusal(429, 'auth.two_factor_attempts_exceeded', {
        'retry-after': '401',
      }),
    });

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Try again in 7 minutes.',
    );
    expect(screen.getByRole('textbox', { name: 'Code' })).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('an expired sign-in goes back to the password step, with the e-mail kept and a message', async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/two-factor/verify-totp': refusal(401, 'auth.two_factor_challenge_expired'),
    });

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456{Enter}');

    expect(await screen.findByRole('heading', { name: 'Sign in to Sheaf' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(en['api-errors'].auth.two_factor_challenge_expired);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  test('"Back to sign in" returns to the password step without a message', async () => {
    const { user } = await reachCodeStep();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));

    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a provider sign-in that needs the code opens on the code step, then goes where it was going', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { calls } = mockApi({
      'POST /api/auth/two-factor/verify-totp': () => {
        signedIn = true;
        return jsonResponse({ token: 'tok_1', user: { ...sessionFixture.user, twoFactorEnabled: true } });
      },
      'GET /api/auth/get-session': () => jsonResponse(signedIn ? sessionFixture : null),
    });
    const { router } = renderApp('/login?step=two-factor&next=%2Fsettings');
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(calls.filter((call) => call.path === '/api/auth/two-factor/verify-totp')).toHaveLength(1);
  });
});

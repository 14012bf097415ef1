import type { AccountSecurityDto } from '@sheaf/contracts/account-security';
import type { PublicConfig } from '@sheaf/contracts/config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { configWith, type MockRequest, mockApi } from '../../../test/app';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ConfigContext } from '../../config/config-context';
import { TwoFactorCard } from './two-factor-card';

const backupCodes = [
  'a1b2c-d3e4f',
  'g5h6i-j7k8l',
  'm9n0o-p1q2r',
  's3t4u-v5w6x',
  'y7z8a-b9c0d',
  'e1f2g-h3i4j',
  'k5l6m-n7o8p',
  'q9r0s-t1u2v',
  'w3x4y-z5a6b',
  'c7d8e-f9g0h',
];

const totpURI =
  'otpauth://totp/Sheaf:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Sheaf&digits=6&period=30';

function securityOf(overrides: Partial<AccountSecurityDto> = {}): AccountSecurityDto {
  return {
    twoFactorEnabled: false,
    passkeys: [],
    hasPassword: true,
    signedInAt: '2026-02-02T08:00:00.000Z',
    isSignInFresh: true,
    ...overrides,
  };
}

const githubConfig = configWith({ providers: { github: { isEnabled: true } } });
const githubAccount = {
  id: 'acc_2',
  providerId: 'github',
  accountId: '42',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function mockSecurity(
  security: () => AccountSecurityDto,
  handlers: Record<string, (request: MockRequest) => Response | Promise<Response>> = {},
) {
  return mockApi(
    {
      'GET /api/users/me/security': () => jsonResponse({ security: security() }),
      'GET /api/auth/list-accounts': () => jsonResponse([githubAccount]),
      ...handlers,
    },
    { signedIn: true },
  );
}

function renderCard(config: PublicConfig = githubConfig) {
  return renderWithProviders(
    <ConfigContext value={config}>
      <TwoFactorCard />
    </ConfigContext>,
  );
}

/** Captures what "Download .txt" saves: the file name and the Blob's text. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:backup-codes';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

/** A Blob's text (jsdom's Blob has no `text()`). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('two-factor sign-in card', () => {
  test('turning it on asks the password, shows the QR code and the key, confirms a code, then shows the backup codes once', async () => {
    const actor = userEvent.setup();
    let twoFactorEnabled = false;
    const { calls } = mockSecurity(() => securityOf({ twoFactorEnabled }), {
      'POST /api/auth/two-factor/enable': () => jsonResponse({ method: 'totp', totpURI, backupCodes }),
      'POST /api/auth/two-factor/verify-totp': () => {
        twoFactorEnabled = true;
        return jsonResponse({ token: 'tok_2', user: {} });
      },
    });
    const downloads = captureDownloads();
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await actor.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await actor.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const setup = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
    expect(calls.find((call) => call.path === '/api/auth/two-factor/enable')?.body).toEqual({
      password: 'correct horse',
    });
    expect(
      within(setup).getByRole('img', { name: 'QR code of the key for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(setup).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = within(setup).getByLabelText('6-digit code from your app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await actor.type(code, '123 456');
    await actor.click(within(setup).getByRole('button', { name: 'Turn on' }));

    const codesDialog = await screen.findByRole('dialog', { name: 'Save your backup codes' });
    expect(calls.find((call) => call.path === '/api/auth/two-factor/verify-totp')?.body).toEqual({
      code: '123456',
    });
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    const list = within(codesDialog).getByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(backupCodes);

    await actor.click(within(codesDialog).getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(backupCodes.join('\n'));

    await actor.click(within(codesDialog).getByRole('button', { name: 'Download .txt' }));
    expect(downloads.names).toEqual(['sheaf-backup-codes.txt']);
    const saved = await readText(downloads.blobs[0] as Blob);
    for (const backupCode of backupCodes) expect(saved).toContain(backupCode);

    await actor.click(within(codesDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  test('a wrong first code is refused under the field, and the dialog stays on the setup', async () => {
    const actor = userEvent.setup();
    const { calls } = mockSecurity(() => securityOf(), {
      'POST /api/auth/two-factor/enable': () => jsonResponse({ method: 'totp', totpURI, backupCodes }),
      'POST /api/auth/two-factor/verify-totp': () =>
        jsonResponse(
          { error: { code: 'auth.invalid_two_factor_code', message: 'Invalid code' } },
          { status: 401 },
        ),
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Turn on' }));
    await actor.type(await screen.findByLabelText('Current password'), 'correct horse');
    await actor.click(screen.getByRole('button', { name: 'Continue' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });

    await actor.type(within(setup).getByLabelText('6-digit code from your app'), '12345');
    await actor.click(within(setup).getByRole('button', { name: 'Turn on' }));
    expect(within(setup).getByRole('alert')).toHaveTextContent('Enter the 6-digit code your app shows.');
    const verifyCalls = () => calls.filter((call) => call.path === '/api/auth/two-factor/verify-totp');
    expect(verifyCalls()).toHaveLength(0);

    await actor.type(within(setup).getByLabelText('6-digit code from your app'), '9');
    await actor.click(within(setup).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(within(setup).getByRole('alert')).not.toHaveTextContent(
        'Enter the 6-digit code your app shows.',
      ),
    );
    expect(verifyCalls().map((call) => call.body)).toEqual([{ code: '123459' }]);
    expect(within(setup).getByLabelText('6-digit code from your app')).toHaveAccessibleDescription(
      within(setup).getByRole('alert').textContent ?? '',
    );
    expect(screen.queryByRole('dialog', { name: 'Save your backup codes' })).not.toBeInTheDocument();
  });

  test('turning it off asks the password and sends it', async () => {
    const actor = userEvent.setup();
    let twoFactorEnabled = true;
    const { calls } = mockSecurity(() => securityOf({ twoFactorEnabled }), {
      'POST /api/auth/two-factor/disable': () => {
        twoFactorEnabled = false;
        return jsonResponse({ status: true });
      },
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/two-factor/disable')).toBe(false);

    await actor.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await actor.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/two-factor/disable')?.body).toEqual({
      password: 'correct horse',
    });
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  test('regenerating the backup codes shows the new ones and says the old ones stop working', async () => {
    const actor = userEvent.setup();
    const fresh = backupCodes.map((code) => code.toUpperCase());
    const { calls } = mockSecurity(() => securityOf({ twoFactorEnabled: true }), {
      'POST /api/auth/two-factor/generate-backup-codes': () =>
        jsonResponse({ status: true, backupCodes: fresh }),
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Regenerate backup codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate backup codes?' });
    await actor.type(within(dialog).getByLabelText('Current password'), 'correct horse');
    await actor.click(within(dialog).getByRole('button', { name: 'Regenerate' }));

    const codesDialog = await screen.findByRole('dialog', { name: 'Your new backup codes' });
    expect(within(codesDialog).getByText('Your previous backup codes no longer work.')).toBeInTheDocument();
    expect(within(codesDialog).getByText(fresh[0] as string)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/two-factor/generate-backup-codes')?.body).toEqual({
      password: 'correct horse',
    });
  });

  test('an account without a password and an old sign-in is offered to sign in again through its provider', async () => {
    const actor = userEvent.setup();
    const { calls } = mockSecurity(() => securityOf({ hasPassword: false, isSignInFresh: false }), {
      'POST /api/auth/sign-in/social': () => new Promise<Response>(() => {}),
    });
    renderCard();

    expect(await screen.findByText('Sign in again to continue')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument();
    await actor.click(await screen.findByRole('button', { name: 'Sign in again' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/sign-in/social')?.body).toEqual({
        provider: 'github',
        callbackURL: 'http://localhost:3000/settings?reauthenticated=1',
        errorCallbackURL: 'http://localhost:3000/settings',
      }),
    );
  });

  test('an account without a password and a fresh sign-in turns it on with no password asked', async () => {
    const actor = userEvent.setup();
    const { calls } = mockSecurity(() => securityOf({ hasPassword: false }), {
      'POST /api/auth/two-factor/enable': () => jsonResponse({ method: 'totp', totpURI, backupCodes }),
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Turn on' }));

    const setup = await screen.findByRole('dialog', { name: 'Set up your authenticator app' });
    expect(within(setup).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/two-factor/enable')?.body).toEqual({});
  });

  test('a refusal for an old sign-in closes the dialog and offers to sign in again', async () => {
    const actor = userEvent.setup();
    mockSecurity(() => securityOf({ hasPassword: false, twoFactorEnabled: true }), {
      'POST /api/auth/two-factor/disable': () =>
        jsonResponse(
          { error: { code: 'auth.fresh_sign_in_required', message: 'Sign in again' } },
          { status: 403 },
        ),
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

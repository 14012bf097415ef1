import type { AccountSecurityDto, PasskeyDto } from '@sheaf/contracts/account-security';
import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { type MockRequest, mockApi } from '../../../test/app';
import { publicConfigFixture } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ConfigContext } from '../../config/config-context';
import { PasskeysCard } from './passkeys-card';

// The browser's WebAuthn prompt, which jsdom does not have.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn() }));

const macbook: PasskeyDto = {
  id: 'pk_macbook',
  name: 'MacBook Touch ID',
  deviceType: 'multiDevice',
  backedUp: true,
  createdAt: '2026-01-31T09:15:00.000Z',
  lastUsedAt: '2026-02-02T08:00:00.000Z',
};
const yubikey: PasskeyDto = {
  id: 'pk_yubikey',
  name: 'YubiKey',
  deviceType: 'singleDevice',
  backedUp: false,
  createdAt: '2026-01-15T09:15:00.000Z',
  lastUsedAt: null,
};

const registrationOptions = {
  challenge: 'x3Lq9',
  rp: { name: 'Sheaf', id: 'localhost' },
  user: { id: 'dXNy', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const credential = {
  id: 'cred-id',
  rawId: 'cred-id',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
} as const;

function mockPasskeys(
  passkeys: () => PasskeyDto[],
  handlers: Record<string, (request: MockRequest) => Response | Promise<Response>> = {},
) {
  const security = (): AccountSecurityDto => ({
    twoFactorEnabled: false,
    passkeys: passkeys(),
    hasPassword: true,
    signedInAt: '2026-02-02T08:00:00.000Z',
    isSignInFresh: true,
  });
  return mockApi(
    { 'GET /api/users/me/security': () => jsonResponse({ security: security() }), ...handlers },
    { signedIn: true },
  );
}

function renderCard() {
  return renderWithProviders(
    <ConfigContext value={publicConfigFixture}>
      <PasskeysCard />
    </ConfigContext>,
  );
}

async function openAddDialog(actor: ReturnType<typeof userEvent.setup>, name: string) {
  await actor.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  const field = within(dialog).getByLabelText('Name');
  expect(field).toHaveAttribute('placeholder', 'MacBook Touch ID');
  await actor.type(field, name);
  await actor.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

describe('passkeys card', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', class {});
  });

  test('lists the passkeys with their dates, a Synced badge, and "Never used" for one never used', async () => {
    mockPasskeys(() => [macbook, yubikey]);
    renderCard();

    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('MacBook Touch ID')).toBeInTheDocument();
    expect(within(first).getByText('Synced')).toBeInTheDocument();
    expect(first).toHaveTextContent('Added on Jan 31, 2026 · Last used on Feb 2, 2026');
    expect(within(second).getByText('YubiKey')).toBeInTheDocument();
    expect(within(second).queryByText('Synced')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Never used');
    expect(within(second).getByRole('button', { name: 'Rename YubiKey' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Remove YubiKey' })).toBeInTheDocument();
  });

  test('adding one asks a name, runs the browser prompt with the server options, then sends the credential', async () => {
    const actor = userEvent.setup();
    let passkeys: PasskeyDto[] = [];
    vi.mocked(startRegistration).mockResolvedValue(credential);
    const { calls } = mockPasskeys(() => passkeys, {
      'GET /api/auth/passkey/generate-register-options': () => jsonResponse(registrationOptions),
      'POST /api/auth/passkey/verify-registration': () => {
        passkeys = [{ ...macbook, name: 'Work laptop', lastUsedAt: null }];
        return jsonResponse({ id: 'pk_1', name: 'Work laptop', userId: 'usr_1', credentialID: 'cred-id' });
      },
    });
    renderCard();

    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await openAddDialog(actor, '  Work laptop ');

    expect(await screen.findByText('Passkey “Work laptop” added.')).toBeInTheDocument();
    const options = calls.find((call) => call.path === '/api/auth/passkey/generate-register-options');
    expect(options?.url.searchParams.get('name')).toBe('Work laptop');
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(calls.find((call) => call.path === '/api/auth/passkey/verify-registration')?.body).toEqual({
      response: credential,
      name: 'Work laptop',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
  });

  test('closing the browser prompt says so quietly and sends nothing to verify', async () => {
    const actor = userEvent.setup();
    vi.mocked(startRegistration).mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const { calls } = mockPasskeys(() => [], {
      'GET /api/auth/passkey/generate-register-options': () => jsonResponse(registrationOptions),
    });
    renderCard();

    const dialog = await openAddDialog(actor, 'Phone');

    const notice = await within(dialog).findByText(
      'No passkey was added: the browser’s prompt was closed. You can try again.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/passkey/verify-registration')).toBe(false);
  });

  test('a refusal of the server shows its message', async () => {
    const actor = userEvent.setup();
    vi.mocked(startRegistration).mockResolvedValue(credential);
    mockPasskeys(() => [], {
      'GET /api/auth/passkey/generate-register-options': () => jsonResponse(registrationOptions),
      'POST /api/auth/passkey/verify-registration': () =>
        jsonResponse({ error: { code: 'api.rate_limited', message: 'Too many' } }, { status: 429 }),
    });
    renderCard();

    const dialog = await openAddDialog(actor, 'Phone');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests, wait a moment and try again.',
    );
  });

  test('without WebAuthn in the browser, it says so and Add is disabled', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    mockPasskeys(() => [macbook]);
    renderCard();

    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('This browser does not support passkeys.');
  });

  test('renaming sends the new name, and removing asks first', async () => {
    const actor = userEvent.setup();
    let passkeys = [macbook];
    const { calls } = mockPasskeys(() => passkeys, {
      'POST /api/auth/passkey/update-passkey': ({ body }) => {
        const { name } = body as { name: string };
        passkeys = [{ ...macbook, name }];
        return jsonResponse({ passkey: { id: macbook.id, name } });
      },
      'POST /api/auth/passkey/delete-passkey': () => {
        passkeys = [];
        return jsonResponse({ status: true });
      },
    });
    renderCard();

    await actor.click(await screen.findByRole('button', { name: 'Rename MacBook Touch ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveValue('MacBook Touch ID');
    await actor.clear(field);
    await actor.type(field, 'Home Mac');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Passkey renamed.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/passkey/update-passkey')?.body).toEqual({
      id: macbook.id,
      name: 'Home Mac',
    });

    await actor.click(await screen.findByRole('button', { name: 'Remove Home Mac' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove “Home Mac”?' });
    await actor.click(within(confirm).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Passkey “Home Mac” removed.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/passkey/delete-passkey')?.body).toEqual({
      id: macbook.id,
    });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });
});

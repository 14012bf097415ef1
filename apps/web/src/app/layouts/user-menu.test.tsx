import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp, sessionFixture } from '../../test/app';

import { organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

describe('the user menu', () => {
  test('choosing a language saves it on the account, so e-mails follow it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        'PUT /api/users/me': ({ body }) =>
          jsonResponse({ user: { ...sessionFixture.user, ...(body as object) } }),
      },
      { signedIn: true },
    );
    renderApp('/api-keys');

    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Language' }));
    // The language submenu, by keyboard as its items are reached in a real browser.
    (await screen.findByRole('menuitemradio', { name: 'Deutsch' })).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/users/me')?.body).toEqual({
        locale: 'de',
      }),
    );
  });
});

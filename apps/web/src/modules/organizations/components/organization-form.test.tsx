import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

async function openCreateForm() {
  const user = userEvent.setup();
  const api = mockApi(
    {
      ...organizationHandlers(),
      'POST /api/organizations': () =>
        jsonResponse(
          { error: { code: 'user.max_organization_count_reached', message: 'Too many' } },
          { status: 400 },
        ),
    },
    { signedIn: true },
  );
  renderApp('/organizations/create');
  const name = await screen.findByRole('textbox', { name: 'Organization name' });
  const submit = screen.getByRole('button', { name: 'Create organization' });
  return { user, name, submit, ...api };
}

describe('organization name validation', () => {
  test('an empty name is refused with the minimum-length message', async () => {
    const { user, submit, calls } = await openCreateForm();
    await user.click(submit);

    expect(await screen.findByText('Organization name must be at least 3 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('a name of two characters after trimming is refused', async () => {
    const { user, name, submit } = await openCreateForm();
    await user.type(name, '  ab  ');
    await user.click(submit);

    expect(await screen.findByText('Organization name must be at least 3 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  test('a name longer than 50 characters is refused, and the message updates while typing', async () => {
    const { user, name, submit } = await openCreateForm();
    await user.type(name, 'x'.repeat(51));
    await user.click(submit);

    expect(await screen.findByText('Organization name must be at most 50 characters')).toBeInTheDocument();
    await user.type(name, '{Backspace}');
    expect(screen.queryByText('Organization name must be at most 50 characters')).not.toBeInTheDocument();
  });

  test('a pasted name with a control character is refused with its message, and nothing is sent', async () => {
    const { user, name, submit, calls } = await openCreateForm();
    await user.click(name);
    await user.paste('Nul\u0000Org');
    await user.click(submit);

    expect(await screen.findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('the maximum organization count error is shown under the form', async () => {
    const { user, name, submit, calls } = await openCreateForm();
    await user.type(name, '  Third org  ');
    await user.click(submit);

    expect(
      await screen.findByText('You have reached the maximum number of organizations, contact support.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Third org' });
  });
});

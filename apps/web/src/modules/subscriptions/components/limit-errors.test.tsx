import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import {
  INTAKE_EMAILS_URL,
  intakeEmailFixture,
  intakeEmailsHandlers,
  intakeEnabledConfig,
} from '../../intake-emails/testing';
import { billingHandlers } from '../testing';

function renderAtIntakeLimit({ isSubscriptionsEnabled }: { isSubscriptionsEnabled: boolean }) {
  mockApi(
    {
      ...organizationHandlers(),
      ...intakeEmailsHandlers({
        intakeEmails: [intakeEmailFixture()],
        createError: { status: 403, code: 'intake_email.limit_reached', message: 'Limit' },
      }),
      ...billingHandlers(),
    },
    { signedIn: true },
  );
  renderApp(INTAKE_EMAILS_URL, { config: { ...intakeEnabledConfig(), isSubscriptionsEnabled } });
}

describe('plan limit errors', () => {
  test('a failure on a plan limit offers to upgrade, which opens the plans dialog', async () => {
    const user = userEvent.setup();
    renderAtIntakeLimit({ isSubscriptionsEnabled: true });

    await user.click(await screen.findByRole('button', { name: 'Create address' }));

    expect(await screen.findByText('A plan limit was reached')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upgrade plan' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a plan' })).toBeInTheDocument();
  });

  test('with subscriptions disabled, the same failure offers nothing more', async () => {
    const user = userEvent.setup();
    renderAtIntakeLimit({ isSubscriptionsEnabled: false });

    await user.click(await screen.findByRole('button', { name: 'Create address' }));

    expect(await screen.findByText('Failed to create the intake address')).toBeInTheDocument();
    expect(screen.queryByText('A plan limit was reached')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).not.toBeInTheDocument();
  });
});

import type { ApiKeyDto } from '@sheaf/contracts/api-keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import fr from '../../../locales/fr.json';
import { organizationFixture } from '../../../test/organizations';
import { createTestI18n, createTestQueryClient, renderWithProviders } from '../../../test/render';
import { organizationsQueryKey } from '../../organizations/api';
import { ApiKeyCard } from './api-key-card';

const apiKey: ApiKeyDto = {
  id: 'ak_1',
  name: 'Backup script',
  permissions: ['documents:read'],
  organizationIds: [],
  allOrganizations: false,
  prefix: 'sheaf_abcde',
  expiresAt: '2026-07-04T12:00:00.000Z',
  lastUsedAt: '2025-03-10T12:00:00.000Z',
  createdAt: '2025-01-02T12:00:00.000Z',
  updatedAt: '2025-01-02T12:00:00.000Z',
};

const now = new Date('2025-06-01T00:00:00.000Z');

/** The signed-in user's organizations, as the card reads them to name a key's scope. */
function withOrganizations() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(organizationsQueryKey, [
    organizationFixture({ id: 'org_acmeacmeacmeacmeacmeacme', name: 'Acme' }),
    organizationFixture({ id: 'org_betabetabetabetabetabet', name: 'Beta' }),
  ]);
  return { queryClient };
}

describe('API key card', () => {
  test('says where the key may act: all organizations, the ones it names, or none left', () => {
    const scopeOf = (overrides: Partial<ApiKeyDto>) => {
      const view = renderWithProviders(
        <ApiKeyCard apiKey={{ ...apiKey, ...overrides }} onDelete={() => {}} now={now} />,
        withOrganizations(),
      );
      const text = screen.getByRole('article', { name: 'Backup script' }).textContent;
      view.unmount();
      return text;
    };
    expect(scopeOf({ allOrganizations: true })).toContain('OrganizationsAll');
    expect(
      scopeOf({ organizationIds: ['org_betabetabetabetabetabet', 'org_acmeacmeacmeacmeacmeacme'] }),
    ).toContain('OrganizationsAcme, Beta');
    // The user has since left the only organization the key named.
    expect(scopeOf({ organizationIds: ['org_leftleftleftleftleftleftl'] })).toContain('OrganizationsNone');
  });

  test('shows the name, the prefix with an ellipsis and the dates as MMM d, yyyy', () => {
    renderWithProviders(<ApiKeyCard apiKey={apiKey} onDelete={() => {}} now={now} />, withOrganizations());

    const card = screen.getByRole('article', { name: 'Backup script' });
    expect(card).toHaveTextContent('sheaf_abcde…');
    expect(card).toHaveTextContent('Last usedMar 10, 2025');
    expect(card).toHaveTextContent('CreatedJan 2, 2025');
    expect(card).toHaveTextContent('ExpiresJul 4, 2026');
  });

  test('hides last use when never used and shows Never for a key without expiry', () => {
    renderWithProviders(
      <ApiKeyCard apiKey={{ ...apiKey, lastUsedAt: null, expiresAt: null }} onDelete={() => {}} now={now} />,
    );

    const card = screen.getByRole('article', { name: 'Backup script' });
    expect(card).not.toHaveTextContent('Last used');
    expect(card).toHaveTextContent('ExpiresNever');
  });

  test('marks an expired key', () => {
    renderWithProviders(
      <ApiKeyCard
        apiKey={{ ...apiKey, expiresAt: '2025-05-01T00:00:00.000Z' }}
        onDelete={() => {}}
        now={now}
      />,
    );

    expect(screen.getByRole('article', { name: 'Backup script' })).toHaveTextContent('ExpiredMay 1, 2025');
  });

  test('dates follow the UI language', async () => {
    const i18n = createTestI18n();
    i18n.addResourceBundle('fr', 'translation', fr);
    await i18n.changeLanguage('fr');
    renderWithProviders(<ApiKeyCard apiKey={apiKey} onDelete={() => {}} now={now} />, {
      i18n,
      ...withOrganizations(),
    });

    // French day-month order, as the rest of the app writes dates in French.
    expect(screen.getByRole('article')).toHaveTextContent('2 janv. 2025');
  });

  test('the delete button calls back with the key', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderWithProviders(<ApiKeyCard apiKey={apiKey} onDelete={onDelete} now={now} />);

    await user.click(screen.getByRole('button', { name: 'Delete API key Backup script' }));

    expect(onDelete).toHaveBeenCalledWith(apiKey);
  });
});

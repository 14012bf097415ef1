import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { configQueryKey } from '../modules/config/api';
import { useConfig } from '../modules/config/config-context';
import { publicConfigFixture } from '../test/fixtures';
import { jsonResponse, renderWithProviders } from '../test/render';
import { ConfigGate } from './config-gate';
import { startupConfigQueryKey } from './config-query';

function ConfigConsumer() {
  const config = useConfig();
  return <p>Retention: {config.documents.deletedDocumentsRetentionDays} days</p>;
}

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderGate() {
  return renderWithProviders(
    <ConfigGate>
      <ConfigConsumer />
    </ConfigGate>,
  );
}

describe('config gate', () => {
  test('renders the app with the configuration once GET /api/config answers', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse({ config: publicConfigFixture }));

    renderGate();

    expect(await screen.findByText('Retention: 30 days')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/config$/);
  });

  test('treats an answer without the config key as unreachable', async () => {
    stubFetch().mockResolvedValue(jsonResponse(publicConfigFixture));

    renderGate();

    expect(await screen.findByRole('heading', { name: 'Server unreachable' })).toBeInTheDocument();
  });

  test('shows "Server unreachable" with a Retry button when the server cannot be reached', async () => {
    stubFetch().mockRejectedValue(new TypeError('Failed to fetch'));

    renderGate();

    expect(await screen.findByRole('heading', { name: 'Server unreachable' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.queryByText(/Retention/)).not.toBeInTheDocument();
  });

  test('an answer that is not a valid configuration also counts as unreachable', async () => {
    stubFetch().mockResolvedValue(jsonResponse({ hello: 'world' }));

    renderGate();

    expect(await screen.findByRole('heading', { name: 'Server unreachable' })).toBeInTheDocument();
  });

  test('Retry reloads the configuration and shows the app when the server is back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderGate();
    await screen.findByRole('heading', { name: 'Server unreachable' });

    fetchMock.mockResolvedValue(jsonResponse({ config: publicConfigFixture }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Retention: 30 days')).toBeInTheDocument();
    expect(screen.queryByText('Server still unreachable')).not.toBeInTheDocument();
  });

  test('a failed Retry shows the "Server still unreachable" error toast', async () => {
    const user = userEvent.setup();
    stubFetch().mockResolvedValue(
      jsonResponse({ error: { code: 'internal.error', message: 'x' } }, { status: 503 }),
    );
    renderGate();
    await screen.findByRole('heading', { name: 'Server unreachable' });

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Server still unreachable')).toBeInTheDocument();
    expect(screen.getByText('The server remains unreachable, try again later.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Server unreachable' })).toBeInTheDocument();
  });

  test('caches the configuration under the key the rest of the app uses', () => {
    expect(startupConfigQueryKey).toEqual(configQueryKey);
  });
});

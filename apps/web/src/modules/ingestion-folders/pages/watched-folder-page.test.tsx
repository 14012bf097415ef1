import type { IngestionFolderDto } from '@sheaf/contracts/ingestion-folders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const API = `/api/organizations/${ORGANIZATION_ID}/ingestion-folder`;
const URL = `/organizations/${ORGANIZATION_ID}/settings/watched-folder`;

function folderFixture(overrides: Partial<IngestionFolderDto> = {}): IngestionFolderDto {
  return {
    isEnabled: true,
    folderName: null,
    path: `/srv/inbox/${ORGANIZATION_ID}`,
    state: 'watching',
    error: null,
    files: [
      {
        id: 'iff_1',
        path: 'Invoices/scan-0042.pdf',
        size: 182_304,
        outcome: 'imported',
        reason: null,
        documentId: 'doc_1',
        processedAt: new Date(Date.now() - 60_000).toISOString(),
      },
      {
        id: 'iff_2',
        path: 'huge.tiff',
        size: 250_000_000,
        outcome: 'failed',
        reason: 'document.size_too_large: The file is too large.',
        documentId: null,
        processedAt: new Date(Date.now() - 120_000).toISOString(),
      },
    ],
    ...overrides,
  };
}

describe('watched folder page', () => {
  test('shows the folder on the server, that it is watched, and the last files with their outcome', async () => {
    mockApi(
      { ...organizationHandlers(), [`GET ${API}`]: () => jsonResponse({ ingestionFolder: folderFixture() }) },
      {
        signedIn: true,
      },
    );
    renderApp(URL);

    expect(await screen.findByText(`/srv/inbox/${ORGANIZATION_ID}`)).toBeInTheDocument();
    expect(screen.getByText('Watching')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Last files' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'Invoices/scan-0042.pdf' }),
    ).toHaveAttribute('href', `/organizations/${ORGANIZATION_ID}/documents/doc_1`);
    expect(rows[1]).toHaveTextContent('Imported');
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('document.size_too_large');
    // The settings sidebar lists the section, current.
    const nav = (
      await screen.findAllByRole('navigation', { name: 'Organization settings' })
    )[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Watched folder' })).toHaveAttribute('aria-current', 'page');
  });

  test('shows the error that stops the folder', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () =>
          jsonResponse({
            ingestionFolder: folderFixture({
              state: 'error',
              error: 'The server cannot use this folder (EACCES)',
              files: [],
            }),
          }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot use this folder (EACCES)');
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No files imported yet' })).toBeInTheDocument();
  });

  test('lets the owner set a folder name, checked before it is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => jsonResponse({ ingestionFolder: folderFixture() }),
        [`PATCH ${API}`]: (call) =>
          jsonResponse({
            ingestionFolder: folderFixture({
              folderName: (call.body as { folderName: string }).folderName,
              path: `/srv/inbox/${(call.body as { folderName: string }).folderName}`,
            }),
          }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    const field = await screen.findByRole('textbox', { name: 'Folder name' });
    await user.type(field, '../up');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Use letters, digits, spaces, "-", "_" and "." only, starting with a letter or digit',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(field);
    await user.type(field, 'Front desk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('/srv/inbox/Front desk')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ folderName: 'Front desk' });
  });

  test('shows a name another organization has as the field error', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => jsonResponse({ ingestionFolder: folderFixture() }),
        [`PATCH ${API}`]: () =>
          jsonResponse(
            { error: { code: 'ingestion_folders.name_taken', message: 'Taken' } },
            { status: 409 },
          ),
      },
      { signedIn: true },
    );
    renderApp(URL);

    await user.type(await screen.findByRole('textbox', { name: 'Folder name' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("Another organization's watched folder already has this name."),
    ).toBeInTheDocument();
  });

  test('lets members read the folder name but not change it', async () => {
    mockApi(
      {
        ...organizationHandlers({ role: 'member' }),
        [`GET ${API}`]: () => jsonResponse({ ingestionFolder: folderFixture({ folderName: 'Front desk' }) }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    const field = await screen.findByRole('textbox', { name: 'Folder name' });
    await waitFor(() => expect(field).toHaveAttribute('readonly'));
    expect(field).toHaveValue('Front desk');
    expect(screen.getByText('Only owners can rename the folder.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('says watched folders are not configured on this server', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () =>
          jsonResponse({
            ingestionFolder: {
              isEnabled: false,
              folderName: null,
              path: null,
              state: null,
              error: null,
              files: [],
            },
          }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(
      await screen.findByRole('heading', { name: 'Watched folders are not configured on this server' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Folder name' })).not.toBeInTheDocument();
  });

  test('says the watched folder is not available in the demo', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () =>
          jsonResponse({ error: { code: 'demo.not_available', message: 'Not in demo' } }, { status: 501 }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(
      await screen.findByRole('heading', { name: 'The watched folder is not available in the demo' }),
    ).toBeInTheDocument();
  });
});

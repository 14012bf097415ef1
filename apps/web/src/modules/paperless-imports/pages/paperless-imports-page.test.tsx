import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp, sessionFixture } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { stubXhr } from '../fake-xhr.test-helpers';
import { doneImportFixture, importFixture } from '../fixtures.test-helpers';

const API = `/api/organizations/${ORGANIZATION_ID}/paperless-imports`;
const URL = `/organizations/${ORGANIZATION_ID}/settings/import`;

const listHandler = (imports: PaperlessImportDto[]) => () => jsonResponse({ imports });

const userHandler = (roles: string[]) => () =>
  jsonResponse({ user: { ...sessionFixture.user, locale: 'en', roles } });

afterEach(() => {
  vi.unstubAllGlobals();
});

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

describe('Paperless-ngx import page', () => {
  test('lists the imports: a running one with its progress, rate and time left, a finished one with its summary and report link', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: listHandler([
          importFixture(),
          doneImportFixture({ id: 'pli_0', sourceName: 'older-export.zip' }),
        ]),
      },
      { signedIn: true },
    );
    renderApp(URL);

    // The first page of the file compiles its lazy modules: slow on a loaded machine.
    const list = await screen.findByRole('list', { name: 'Imports' }, { timeout: 12_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Import from Paperless-ngx' })).toBeInTheDocument();
    const [running, done] = within(list).getAllByRole('article');

    const bar = within(running as HTMLElement).getByRole('progressbar', {
      name: 'Progress of paperless-export.zip',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '38');
    expect(bar).toHaveAttribute('aria-valuetext', '450 of 1,200 documents');
    expect(running).toHaveTextContent('Running');
    expect(running).toHaveTextContent('126 documents/s');
    expect(running).toHaveTextContent('about 6 sec left');
    expect(running).toHaveTextContent('2 skipped');

    expect(done).toHaveTextContent('Done');
    expect(done).toHaveTextContent('1,180 documents imported · 2 items skipped · 1 checksum mismatch');
    expect(
      within(done as HTMLElement).getByRole('link', { name: 'View report of older-export.zip' }),
    ).toHaveAttribute('href', `${URL}/pli_0`);
    expect(within(done as HTMLElement).queryByRole('progressbar')).not.toBeInTheDocument();

    // The settings sidebar lists the section, current.
    const nav = (
      await screen.findAllByRole('navigation', { name: 'Organization settings' })
    )[0] as HTMLElement;
    expect(within(nav).getByRole('link', { name: 'Import' })).toHaveAttribute('aria-current', 'page');
  });

  test('reads the list every second while an import runs, and stops once none does', async () => {
    let reads = 0;
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => {
          reads += 1;
          return jsonResponse({ imports: [reads < 2 ? importFixture() : doneImportFixture()] });
        },
      },
      { signedIn: true },
    );
    renderApp(URL);

    const list = await screen.findByRole('list', { name: 'Imports' });
    expect(within(list).getByRole('progressbar')).toBeInTheDocument();
    expect(within(list).getByRole('status')).toHaveTextContent(/^$/);
    await waitFor(() => expect(within(list).getByText('Done')).toBeInTheDocument(), { timeout: 3000 });
    // Its end is read out.
    expect(within(list).getByRole('status')).toHaveTextContent('Import of paperless-export.zip: Done');
    const readsWhenDone = calls.filter((call) => call.method === 'GET' && call.path === API).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(calls.filter((call) => call.method === 'GET' && call.path === API)).toHaveLength(readsWhenDone);
  });

  test('cancels a running import after asking', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: listHandler([importFixture()]),
        [`POST ${API}/pli_1/cancel`]: () =>
          jsonResponse({
            import: importFixture({
              status: 'cancelled',
              ratePerSecond: null,
              etaSeconds: null,
              finishedAt: new Date().toISOString(),
              summary: doneImportFixture().summary,
            }),
          }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    await user.click(
      await screen.findByRole('button', { name: 'Cancel the import of paperless-export.zip' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this import?' });
    expect(dialog).toHaveTextContent('What was imported stays');
    await user.click(within(dialog).getByRole('button', { name: 'Keep importing' }));
    expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel the import of paperless-export.zip' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel import' }),
    );
    const list = screen.getByRole('list', { name: 'Imports' });
    await waitFor(() => expect(within(list).getByText('Cancelled')).toBeInTheDocument());
    expect(calls.filter((call) => call.path === `${API}/pli_1/cancel`)).toHaveLength(1);
    expect(await screen.findByText('Import cancelled')).toBeInTheDocument();
  });

  test('uploads a chosen zip with its progress, then lists the new import', async () => {
    const user = userEvent.setup();
    const { uploads } = stubXhr();
    mockApi({ ...organizationHandlers(), [`GET ${API}`]: listHandler([]) }, { signedIn: true });
    renderApp(URL);

    expect(await screen.findByRole('heading', { name: 'No imports yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    const file = new File(['PK'], 'my-export.zip', { type: 'application/zip' });
    await user.upload(fileInput(), file);

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe(`http://localhost:3000${API}`);
    uploads[0]?.progress(400, 1000);
    const bar = await screen.findByRole('progressbar', { name: 'Upload of my-export.zip' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText(/^40% ·/)).toBeInTheDocument();

    uploads[0]?.respond(201, {
      import: importFixture({
        id: 'pli_new',
        sourceName: 'my-export.zip',
        status: 'queued',
        progress: { total: null, processed: 0, imported: 0, skipped: 0, failed: 0 },
        ratePerSecond: null,
        etaSeconds: null,
        startedAt: null,
      }),
    });
    expect(await screen.findByText('Import of my-export.zip started')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Imports' });
    const card = within(list).getByRole('article', { name: 'my-export.zip' });
    expect(card).toHaveTextContent('Queued');
    expect(card).toHaveTextContent('Waiting to start…');
    expect(screen.queryByRole('progressbar', { name: 'Upload of my-export.zip' })).not.toBeInTheDocument();
  });

  test('takes a zip dropped on the drop zone, and stops its upload on request', async () => {
    const user = userEvent.setup();
    const { uploads } = stubXhr();
    const { calls } = mockApi(
      { ...organizationHandlers(), [`GET ${API}`]: listHandler([]) },
      { signedIn: true },
    );
    renderApp(URL);

    const title = await screen.findByText("Drop the export's .zip here");
    const zone = title.closest('div.border-dashed') as HTMLElement;
    const file = new File(['PK'], 'dropped.zip', { type: 'application/zip' });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.body?.get('file')).toMatchObject({ name: 'dropped.zip' });
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(uploads[0]?.isAborted()).toBe(true);
    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('refuses a file that is not a zip before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploads } = stubXhr();
    mockApi({ ...organizationHandlers(), [`GET ${API}`]: listHandler([]) }, { signedIn: true });
    renderApp(URL);

    await screen.findByRole('heading', { name: 'No imports yet' });
    await user.upload(fileInput(), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"scan.pdf" is not a .zip file: choose the zip of a Paperless-ngx export.',
    );
    expect(uploads).toHaveLength(0);
  });

  test("shows the server's refusal of an upload with its translated message", async () => {
    const user = userEvent.setup();
    const { uploads } = stubXhr();
    mockApi({ ...organizationHandlers(), [`GET ${API}`]: listHandler([]) }, { signedIn: true });
    renderApp(URL);

    await screen.findByRole('heading', { name: 'No imports yet' });
    await user.upload(fileInput(), new File(['nope'], 'fake.zip', { type: 'application/zip' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(400, { error: { code: 'paperless_imports.not_a_zip', message: 'Not a zip' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a zip archive.');
  });

  test('a failed import shows the translated error and the server details', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: listHandler([
          importFixture({
            status: 'failed',
            ratePerSecond: null,
            etaSeconds: null,
            progress: { total: null, processed: 0, imported: 0, skipped: 0, failed: 0 },
            finishedAt: new Date().toISOString(),
            error: {
              code: 'paperless_imports.invalid_manifest',
              message: 'manifest.json: Unexpected token } at line 3, column 14',
            },
          }),
        ]),
      },
      { signedIn: true },
    );
    renderApp(URL);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A manifest of the Paperless-ngx export cannot be read.');
    expect(alert).toHaveTextContent('manifest.json: Unexpected token } at line 3, column 14');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  test("offers the server's administrators an import from a folder on the server, checked before it is sent", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        'GET /api/users/me': userHandler(['admin']),
        [`GET ${API}`]: listHandler([]),
        [`POST ${API}/from-folder`]: (call) => {
          const { path } = call.body as { path: string };
          return path === '/srv/missing'
            ? jsonResponse(
                { error: { code: 'paperless_imports.folder_not_found', message: 'Nothing there' } },
                { status: 400 },
              )
            : jsonResponse(
                {
                  import: importFixture({
                    id: 'pli_folder',
                    source: 'folder',
                    sourceName: path,
                    status: 'queued',
                  }),
                },
                { status: 201 },
              );
        },
      },
      { signedIn: true },
    );
    renderApp(URL);

    const field = await screen.findByRole('textbox', { name: 'Path on the server' });
    await user.click(screen.getByRole('button', { name: 'Import from folder' }));
    expect(await screen.findByText('Enter the path of the export folder or .zip')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/from-folder'))).toBe(false);

    await user.type(field, '/srv/missing');
    await user.click(screen.getByRole('button', { name: 'Import from folder' }));
    expect(
      await screen.findByText('No readable folder or zip at this path on the server.'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '/srv/exports/paperless');
    await user.click(screen.getByRole('button', { name: 'Import from folder' }));
    const list = await screen.findByRole('list', { name: 'Imports' });
    expect(within(list).getByRole('article', { name: '/srv/exports/paperless' })).toHaveTextContent(
      'Folder on the server',
    );
    expect(calls.filter((call) => call.path.endsWith('/from-folder')).at(-1)?.body).toEqual({
      path: '/srv/exports/paperless',
    });
    expect(field).toHaveValue('');
  });

  test('does not offer a folder on the server to other users', async () => {
    mockApi(
      { ...organizationHandlers(), 'GET /api/users/me': userHandler([]), [`GET ${API}`]: listHandler([]) },
      { signedIn: true },
    );
    renderApp(URL);

    await screen.findByRole('heading', { name: 'No imports yet' });
    expect(screen.queryByRole('textbox', { name: 'Path on the server' })).not.toBeInTheDocument();
  });

  test('tells members that importing is for owners and admins, and leaves it out of their sidebar', async () => {
    const { calls } = mockApi({ ...organizationHandlers({ role: 'member' }) }, { signedIn: true });
    renderApp(URL);

    expect(
      await screen.findByRole('heading', { name: 'Only owners and admins can import' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === API)).toBe(false);
    const nav = (
      await screen.findAllByRole('navigation', { name: 'Organization settings' })
    )[0] as HTMLElement;
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Watched folder' })).toBeInTheDocument(),
    );
    expect(within(nav).queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });

  test('says importing is not available in the demo', async () => {
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
      await screen.findByRole('heading', {
        name: 'Importing from Paperless-ngx is not available in the demo',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();
  });
});

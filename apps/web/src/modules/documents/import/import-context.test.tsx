import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers, listItem } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;

const pdf = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** Upload answers that wait until the test releases them. */
function heldUploads() {
  const releases: (() => void)[] = [];
  let sequence = 0;
  const handler = async ({ body }: { body: unknown }) => {
    const file = (body as FormData).get('file') as File;
    sequence += 1;
    const id = `doc_${sequence}`;
    await new Promise<void>((resolve) => releases.push(resolve));
    return jsonResponse(
      { document: listItem(documentFixture({ id, name: file.name, originalName: file.name })) },
      { status: 201 },
    );
  };
  return {
    handler,
    pendingCount: () => releases.length,
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

describe('document import', () => {
  test('the top bar button imports the chosen files and the panel follows each one to its page', async () => {
    const user = userEvent.setup();
    const uploads = heldUploads();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...documentsHandlers(), [`POST ${API_DOCUMENTS}`]: uploads.handler },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    expect(await screen.findByRole('button', { name: 'Import document' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('document-file-input'), [pdf('a.pdf'), pdf('b.pdf')]);

    const panel = await screen.findByRole('region', { name: '0 / 2 documents imported' });
    expect(within(panel).getAllByText('Uploading')).toHaveLength(2);

    await waitFor(() => expect(uploads.pendingCount()).toBe(2));
    uploads.releaseAll();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '2 documents imported' })).toBeInTheDocument(),
    );
    expect(within(panel).getByRole('link', { name: 'a.pdf' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents/doc_1`,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    // The organization's lists were refreshed after the uploads.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.path === API_DOCUMENTS).length,
      ).toBeGreaterThan(1),
    );
  });

  test("the organization home's latest documents and statistics show an upload without a reload", async () => {
    const user = userEvent.setup();
    const documents = [documentFixture()];
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents }),
        [`POST ${API_DOCUMENTS}`]: ({ body }) => {
          const file = (body as FormData).get('file') as File;
          const created = documentFixture({ id: 'doc_new', name: file.name, originalName: file.name });
          // The server now lists it first, as the next GET answers.
          documents.unshift(created);
          return jsonResponse({ document: listItem(created) }, { status: 201 });
        },
      },
      { signedIn: true },
    );
    renderApp(`/organizations/${ORGANIZATION_ID}`);

    const table = await screen.findByRole('table', { name: 'Latest imported documents' });
    expect(within(table).getAllByRole('link')).toHaveLength(1);

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('fresh.pdf')]);

    expect(await within(table).findByRole('link', { name: 'fresh.pdf' })).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(2);
    // The statistics card counts it too.
    await waitFor(() =>
      expect(screen.getByText('documents in total').previousSibling).toHaveTextContent('2'),
    );
  });

  test('a file over the plan limit fails with "File too large" without being sent', async () => {
    const user = userEvent.setup();
    const uploads = heldUploads();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ maxFileSize: 1000 }),
        [`POST ${API_DOCUMENTS}`]: uploads.handler,
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/subscription'))).toBe(true));

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('huge.pdf', 2000)]);

    const panel = await screen.findByRole('region', { name: '1 document could not be imported' });
    expect(within(panel).getByText('File too large')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('an upload refused by the server shows its message under the file name', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        [`POST ${API_DOCUMENTS}`]: () =>
          jsonResponse({ error: { code: 'document.already_exists', message: 'Exists' } }, { status: 409 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('twice.pdf')]);

    const panel = await screen.findByRole('region', { name: '1 document could not be imported' });
    expect(within(panel).getByText('The document already exists.')).toBeInTheDocument();
  });

  test('an upload onto a full server disk shows the insufficient space message', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        [`POST ${API_DOCUMENTS}`]: () =>
          jsonResponse({ error: { code: 'storage.insufficient_space', message: 'Full' } }, { status: 507 }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('full.pdf')]);

    const panel = await screen.findByRole('region', { name: '1 document could not be imported' });
    expect(
      within(panel).getByText(
        'The server has run out of storage space. Nothing was saved: ask your administrator.',
      ),
    ).toBeInTheDocument();
  });

  test('an empty file fails with "This file is empty" without being sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...organizationHandlers(), ...documentsHandlers() }, { signedIn: true });
    renderApp(DOCUMENTS_URL);

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('empty.pdf', 0)]);

    const panel = await screen.findByRole('region', { name: '1 document could not be imported' });
    expect(within(panel).getByText('This file is empty')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('the server refusing the file itself says the file is empty, not that values are invalid', async () => {
    const user = userEvent.setup();
    const message = 'The file is empty.';
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers(),
        [`POST ${API_DOCUMENTS}`]: () =>
          jsonResponse(
            {
              error: {
                code: 'api.validation_error',
                message,
                details: [{ path: 'file', message, code: 'invalid_file' }],
              },
            },
            { status: 400 },
          ),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('emptied.pdf')]);

    const panel = await screen.findByRole('region', { name: '1 document could not be imported' });
    expect(within(panel).getByText('This file is empty')).toBeInTheDocument();
  });

  test('while the import panel is open, toasts are lifted above it, and drop back when it closes', async () => {
    const user = userEvent.setup();
    const uploads = heldUploads();
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers(), [`POST ${API_DOCUMENTS}`]: uploads.handler },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);
    const clearance = () => document.documentElement.style.getPropertyValue('--toast-bottom-clearance');
    expect(clearance()).toBe('');

    await user.upload(await screen.findByTestId('document-file-input'), [pdf('a.pdf')]);
    await screen.findByRole('region', { name: '0 / 1 documents imported' });
    // jsdom lays nothing out: the panel measures 0 px, plus its margin and the gap.
    expect(clearance()).toBe('24px');
    act(() => void toast('Saved'));
    await screen.findByText('Saved');
    const toaster = screen.getByRole('region', { name: /Notifications/ }).querySelector('ol');
    expect(toaster?.getAttribute('style')).toContain('--offset-bottom: var(--toast-bottom-clearance, 24px)');

    await user.click(screen.getByRole('button', { name: 'Close the import panel' }));
    expect(clearance()).toBe('');
    uploads.releaseAll();
  });

  test('the chevron collapses the panel and the close button clears it', async () => {
    const user = userEvent.setup();
    const uploads = heldUploads();
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers(), [`POST ${API_DOCUMENTS}`]: uploads.handler },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);
    await user.upload(await screen.findByTestId('document-file-input'), [pdf('a.pdf')]);
    await screen.findByRole('region', { name: '0 / 1 documents imported' });

    await user.click(screen.getByRole('button', { name: 'Collapse the import panel' }));
    expect(screen.queryByRole('list', { name: 'Imported files' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand the import panel' }));
    expect(screen.getByRole('list', { name: 'Imported files' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close the import panel' }));
    expect(screen.queryByRole('region', { name: /imported/ })).not.toBeInTheDocument();
    uploads.releaseAll();
  });

  test('dragging files over the page shows the overlay, and a drop imports only the PDFs', async () => {
    const uploads = heldUploads();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [documentFixture()] }),
        [`POST ${API_DOCUMENTS}`]: uploads.handler,
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);
    await screen.findByRole('table', { name: 'Documents' });

    const files = [pdf('scan.pdf'), new File(['x'], 'photo.png', { type: 'image/png' })];
    fireEvent.dragEnter(window, { dataTransfer: { types: ['Files'], files } });
    expect(screen.getByText('Drag and drop files here to import them')).toBeInTheDocument();

    fireEvent.drop(window, { dataTransfer: { types: ['Files'], files } });
    expect(screen.queryByText('Drag and drop files here to import them')).not.toBeInTheDocument();

    const panel = await screen.findByRole('region', { name: '0 / 1 documents imported' });
    expect(within(panel).getByText('scan.pdf')).toBeInTheDocument();
    expect(await screen.findByText('1 file was ignored: only PDF files can be dropped.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    uploads.releaseAll();
  });
});

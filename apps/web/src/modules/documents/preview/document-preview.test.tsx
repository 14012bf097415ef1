import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi } from '../../../test/app';
import { createTestI18n, renderWithProviders } from '../../../test/render';
import { DocumentPreview } from './document-preview';

// pdf.js does not run in jsdom; the PDF preview is checked in a browser. This stands in for it.
vi.mock('./pdf-preview', () => ({
  default: ({ url }: { url: string }) => <p>PDF viewer for {url}</p>,
}));

// Until the locale files have the preview messages; the locale's own texts win once they do.
const previewMessages = {
  documents: {
    preview: {
      loading: 'Loading preview',
      'error-title': 'The preview could not be loaded',
      'error-description': 'Check your connection and try again.',
      retry: 'Try again',
      'binary-title': 'Binary file',
      'binary-description':
        'This file is binary and cannot be previewed. Download it to open it with a suitable application.',
      'unsupported-title': 'No preview for this file type',
      'unsupported-description':
        'Files of type {{mimeType}} cannot be previewed. Download the file to open it.',
      truncated: 'This file is long: only its first 1 MB is shown.',
    },
  },
};

const FILE_PATH = '/api/organizations/org_1/documents/doc_1/file';

function renderPreview(document: { name: string; mimeType: string; originalSize: number }) {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', 'translation', previewMessages, true, false);
  return renderWithProviders(
    <DocumentPreview organizationId="org_1" document={{ id: 'doc_1', ...document }} />,
    {
      i18n,
    },
  );
}

function fileResponse(body: BodyInit, contentType: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  // jsdom has no object URLs.
  let count = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++count}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('DocumentPreview', () => {
  test('shows an image from its file, with the document name as alternative text', async () => {
    mockApi({
      [`GET ${FILE_PATH}`]: () => fileResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
    });

    renderPreview({ name: 'Receipt.png', mimeType: 'image/png', originalSize: 4 });

    const image = await screen.findByRole('img', { name: 'Receipt.png' });
    expect(image).toHaveAttribute('src', expect.stringMatching(/^blob:preview-/));
  });

  test('revokes the image object URL when it goes away', async () => {
    mockApi({
      [`GET ${FILE_PATH}`]: () => fileResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
    });

    const view = renderPreview({ name: 'Receipt.png', mimeType: 'image/png', originalSize: 4 });
    const src = (await screen.findByRole('img', { name: 'Receipt.png' })).getAttribute('src');
    view.unmount();

    expect(URL.revokeObjectURL).toHaveBeenCalledWith(src);
  });

  test('shows a text file as text', async () => {
    mockApi({
      [`GET ${FILE_PATH}`]: () => fileResponse('Dear Ada,\n  see you Monday.', 'text/plain; charset=utf-8'),
    });

    renderPreview({ name: 'letter.txt', mimeType: 'text/plain; charset=utf-8', originalSize: 27 });

    const text = await screen.findByText(/Dear Ada,/);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('Dear Ada,\n  see you Monday.');
    expect(screen.queryByText(/only its first 1 MB/)).not.toBeInTheDocument();
  });

  test('shows JSON as text', async () => {
    mockApi({ [`GET ${FILE_PATH}`]: () => fileResponse('{"total": 42}', 'application/json') });

    renderPreview({ name: 'data.json', mimeType: 'application/json', originalSize: 13 });

    expect(await screen.findByText('{"total": 42}')).toBeInTheDocument();
  });

  test('asks only for the first megabyte of a long text file and says the preview is truncated', async () => {
    const { fetchMock } = mockApi({
      [`GET ${FILE_PATH}`]: () => fileResponse('line 1\nline 2\n', 'text/plain'),
    });

    renderPreview({ name: 'server.log', mimeType: 'text/plain', originalSize: 50 * 1024 * 1024 });

    expect(await screen.findByText(/line 1/)).toBeInTheDocument();
    expect(screen.getByText('This file is long: only its first 1 MB is shown.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith(FILE_PATH)) ?? [];
    expect(new Headers(init?.headers).get('range')).toBe('bytes=0-1048575');
  });

  test('shows application/octet-stream content that looks like text as text', async () => {
    mockApi({
      [`GET ${FILE_PATH}`]: () => fileResponse('[settings]\ntheme = dark\n', 'application/octet-stream'),
    });

    renderPreview({ name: 'settings.ini', mimeType: 'application/octet-stream', originalSize: 25 });

    expect(await screen.findByText(/theme = dark/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Binary file' })).not.toBeInTheDocument();
  });

  test('shows a binary notice for application/octet-stream content that is binary', async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]);
    mockApi({ [`GET ${FILE_PATH}`]: () => fileResponse(elf, 'application/octet-stream') });

    renderPreview({ name: 'tool', mimeType: 'application/octet-stream', originalSize: elf.length });

    expect(await screen.findByRole('heading', { name: 'Binary file' })).toBeInTheDocument();
    expect(screen.getByText(/cannot be previewed\. Download it/)).toBeInTheDocument();
  });

  test('names the MIME type of a file type it cannot preview, without downloading the file', () => {
    const { calls } = mockApi();

    renderPreview({ name: 'archive.zip', mimeType: 'application/zip', originalSize: 2048 });

    expect(screen.getByRole('heading', { name: 'No preview for this file type' })).toBeInTheDocument();
    expect(screen.getByText(/Files of type application\/zip cannot be previewed/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('shows an error with a retry button when the file cannot be loaded, and loads it on retry', async () => {
    let attempts = 0;
    mockApi({
      [`GET ${FILE_PATH}`]: () => {
        attempts++;
        return attempts === 1
          ? new Response(JSON.stringify({ error: { code: 'api.not_found', message: 'Not found' } }), {
              status: 404,
              headers: { 'content-type': 'application/json' },
            })
          : fileResponse('Back again', 'text/plain');
      },
    });
    const user = userEvent.setup();

    renderPreview({ name: 'notes.txt', mimeType: 'text/plain', originalSize: 10 });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('shows an error for an image file that cannot be loaded', async () => {
    mockApi({ [`GET ${FILE_PATH}`]: () => new Response(null, { status: 403 }) });

    renderPreview({ name: 'Receipt.png', mimeType: 'image/png', originalSize: 4 });

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('hands a PDF over to the PDF viewer with the file URL', async () => {
    const { calls } = mockApi();

    renderPreview({ name: 'contract.pdf', mimeType: 'application/pdf', originalSize: 123_456 });

    expect(
      await screen.findByText(`PDF viewer for ${window.location.origin}${FILE_PATH}`),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

import type { DocumentDto, ExtractionErrorCode } from '@sheaf/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const DOCUMENT_URL = `/organizations/${ORGANIZATION_ID}/documents/doc_1`;
const EXTRACTION_PATH = `${API_DOCUMENTS}/doc_1/extraction`;

const pending = documentFixture({ content: '', extractionStatus: 'pending' });
const failed = documentFixture({
  content: '',
  extractionStatus: 'failed',
  extractionError: { code: 'extraction.unreadable', message: 'Invalid PDF structure' },
});

/** GET answers each document of `answers` in turn, then keeps answering the last one. */
function documentSequence(answers: DocumentDto[]) {
  let index = 0;
  return () => {
    const document = answers[Math.min(index, answers.length - 1)];
    index += 1;
    return jsonResponse({ document });
  };
}

function renderDocument(
  document: DocumentDto,
  handlers: Parameters<typeof mockApi>[0] = {},
  tab = 'content',
) {
  const api = mockApi(
    { ...organizationHandlers(), ...documentsHandlers({ documents: [document] }), ...handlers },
    { signedIn: true },
  );
  const view = renderApp(tab === 'info' ? DOCUMENT_URL : `${DOCUMENT_URL}?tab=${tab}`);
  const documentGets = () =>
    api.calls.filter((call) => call.method === 'GET' && call.path === `${API_DOCUMENTS}/doc_1`);
  return { ...api, ...view, documentGets };
}

describe('document page, text extraction', () => {
  test('while extracting, the Content tab says so and the page looks again until the text is there', async () => {
    const { documentGets } = renderDocument(pending, {
      [`GET ${API_DOCUMENTS}/doc_1`]: documentSequence([
        pending,
        { ...pending, extractionStatus: 'processing' },
        documentFixture({ content: 'Harbour Consulting\nAmount 1200 EUR' }),
      ]),
    });

    expect(await screen.findByRole('heading', { level: 3, name: 'Extracting text…' })).toBeInTheDocument();
    expect(screen.getByText('Extracting')).toBeInTheDocument();
    // No edit while the extraction runs: its result would replace the edit.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    const content = await screen.findByRole('region', { name: 'Document content' }, { timeout: 6000 });
    expect(content).toHaveTextContent('Harbour Consulting');
    expect(screen.queryByText('Extracting text…')).not.toBeInTheDocument();
    expect(screen.queryByText('Extracting')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    // Polling stopped once the text was extracted.
    const gets = documentGets().length;
    expect(gets).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(documentGets()).toHaveLength(gets);
  }, 15_000);

  test('the Info tab has a "Text extraction" row with the state', async () => {
    renderDocument({ ...pending, extractionStatus: 'processing' }, {}, 'info');

    const term = await screen.findByText('Text extraction');
    const row = term.closest('div');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Extracting text…')).toBeInTheDocument();
  });

  test('done with no text: "No text found in this document", and the content can be typed', async () => {
    renderDocument(documentFixture({ content: '  \n' }));

    expect(
      await screen.findByRole('heading', { level: 3, name: 'No text found in this document' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByText('Extracting text…')).not.toBeInTheDocument();
  });

  test('done with text: the Info tab says the text was extracted, and no badge shows', async () => {
    renderDocument(documentFixture(), {}, 'info');

    expect(await screen.findByText('Text extracted')).toBeInTheDocument();
    expect(screen.queryByText('Extracting')).not.toBeInTheDocument();
    expect(screen.queryByText('Extraction failed')).not.toBeInTheDocument();
  });

  test.each<[ExtractionErrorCode, string]>([
    ['extraction.timeout', 'Reading the text of this file took too long and was stopped.'],
    [
      'extraction.too_large',
      'This file is too large to read its text: its size, a page or an image is over the limits.',
    ],
    [
      'extraction.unreadable',
      'This file is damaged or is not what its type says, so its text could not be read.',
    ],
    ['extraction.failed', 'The text of this file could not be extracted.'],
  ])('failed with %s: the translated reason and a Retry button', async (code, message) => {
    renderDocument({ ...failed, extractionError: { code, message: 'Server wording' } });

    expect(
      await screen.findByRole('heading', { level: 3, name: 'Text extraction failed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Server wording')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Extraction failed')).toBeInTheDocument();
  });

  test('an unknown failure code falls back to the server message', async () => {
    renderDocument({
      ...failed,
      extractionError: {
        code: 'extraction.gremlins' as ExtractionErrorCode,
        message: 'Gremlins in the parser',
      },
    });

    expect(await screen.findByText('Gremlins in the parser')).toBeInTheDocument();
  });

  test('Retry posts to /extraction, then shows the extraction as pending again', async () => {
    const user = userEvent.setup();
    let current = failed;
    const { calls } = renderDocument(failed, {
      [`GET ${API_DOCUMENTS}/doc_1`]: () => jsonResponse({ document: current }),
      [`POST ${EXTRACTION_PATH}`]: () => {
        current = { ...failed, extractionStatus: 'pending', extractionError: null };
        const { content: _content, ...document } = current;
        return jsonResponse({ document }, { status: 202 });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Extracting text…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Text extraction failed')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      EXTRACTION_PATH,
    ]);
    // Focus stays in the state area instead of falling back to the page.
    expect(screen.getByText('Extracting text…', { selector: 'h3' }).closest('[aria-live]')).toHaveFocus();
  });

  test('Retry answered 409: says an extraction is already under way, and shows it', async () => {
    const user = userEvent.setup();
    let current = failed;
    renderDocument(failed, {
      [`GET ${API_DOCUMENTS}/doc_1`]: () => jsonResponse({ document: current }),
      [`POST ${EXTRACTION_PATH}`]: () => {
        current = { ...failed, extractionStatus: 'processing', extractionError: null };
        return jsonResponse(
          { error: { code: 'documents.extraction_in_progress', message: 'In progress' } },
          { status: 409 },
        );
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByText(
        'A text extraction of this document is already under way. Try again once it has ended.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Extracting text…' })).toBeInTheDocument();
  });

  test('Retry over content typed by hand asks first, since the extracted text would replace it', async () => {
    const user = userEvent.setup();
    const { calls } = renderDocument(
      { ...failed, content: 'Typed by hand' },
      {
        [`POST ${EXTRACTION_PATH}`]: () => {
          const { content: _content, ...document } = { ...failed, extractionStatus: 'pending' as const };
          return jsonResponse({ document: { ...document, extractionError: null } }, { status: 202 });
        },
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Extract the text again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Extract again' }),
    );

    expect(await screen.findByRole('heading', { level: 3, name: 'Extracting text…' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    // The content stays shown until the extraction replaces it.
    expect(screen.getByRole('region', { name: 'Document content' })).toHaveTextContent('Typed by hand');
  });

  test('a deleted document shows why its extraction failed, without Retry', async () => {
    renderDocument({
      ...failed,
      isDeleted: true,
      deletedAt: new Date().toISOString(),
      scheduledPurgeAt: new Date(Date.now() + 86_400_000).toISOString(),
    });

    expect(
      await screen.findByRole('heading', { level: 3, name: 'Text extraction failed' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument());
  });
});

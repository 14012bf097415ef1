import type { DocumentDto } from '@sheaf/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers, listItem } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;
const DOCUMENT_PATH = `${API_DOCUMENTS}/doc_new`;

const pdf = (name: string) => new File([new Uint8Array(100)], name, { type: 'application/pdf' });

const uploaded = documentFixture({
  id: 'doc_new',
  name: 'scan.pdf',
  originalName: 'scan.pdf',
  content: '',
  extractionStatus: 'pending',
});

/** The upload answers the pending document; GET answers each of `answers` in turn, then the last one. */
function importHandlers(answers: DocumentDto[]) {
  let index = 0;
  return {
    ...organizationHandlers(),
    ...documentsHandlers(),
    [`POST ${API_DOCUMENTS}`]: () => jsonResponse({ document: listItem(uploaded) }, { status: 201 }),
    [`GET ${DOCUMENT_PATH}`]: () => {
      const document = answers[Math.min(index, answers.length - 1)];
      index += 1;
      return jsonResponse({ document });
    },
  };
}

async function importScan(user: ReturnType<typeof userEvent.setup>) {
  renderApp(DOCUMENTS_URL);
  await user.upload(await screen.findByTestId('document-file-input'), [pdf('scan.pdf')]);
  return screen.findByRole('region', { name: '1 document imported' });
}

describe('document import, text extraction', () => {
  test('follows an imported document until its text is extracted, then says "Searchable"', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      importHandlers([
        uploaded,
        { ...uploaded, extractionStatus: 'processing' },
        { ...uploaded, extractionStatus: 'done', content: 'Scanned letter' },
      ]),
      { signedIn: true },
    );

    const panel = await importScan(user);

    expect(within(panel).getByText('Extracting text…')).toBeInTheDocument();
    expect(await within(panel).findByText('Searchable', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(within(panel).queryByText('Extracting text…')).not.toBeInTheDocument();
    const gets = calls.filter((call) => call.path === DOCUMENT_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(calls.filter((call) => call.path === DOCUMENT_PATH)).toHaveLength(gets);
  }, 15_000);

  test('a failed extraction shows its reason under the file name', async () => {
    const user = userEvent.setup();
    mockApi(
      importHandlers([
        {
          ...uploaded,
          extractionStatus: 'failed',
          extractionError: { code: 'extraction.unreadable', message: 'Invalid PDF' },
        },
      ]),
      { signedIn: true },
    );

    const panel = await importScan(user);

    expect(
      await within(panel).findByText(
        'This file is damaged or is not what its type says, so its text could not be read.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('Searchable')).not.toBeInTheDocument();
  });

  test('a document already extracted when uploaded is "Searchable" at once, without a request', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...importHandlers([]),
        [`POST ${API_DOCUMENTS}`]: () =>
          jsonResponse({ document: listItem({ ...uploaded, extractionStatus: 'done' }) }, { status: 201 }),
      },
      { signedIn: true },
    );

    const panel = await importScan(user);

    expect(within(panel).getByText('Searchable')).toBeInTheDocument();
    expect(calls.some((call) => call.path === DOCUMENT_PATH)).toBe(false);
  });

  test('closing the panel stops following the documents', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(importHandlers([uploaded]), { signedIn: true });
    const gets = () => calls.filter((call) => call.path === DOCUMENT_PATH).length;

    await importScan(user);
    await waitFor(() => expect(gets()).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Close the import panel' }));
    const before = gets();

    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(gets()).toBe(before);
  }, 10_000);
});

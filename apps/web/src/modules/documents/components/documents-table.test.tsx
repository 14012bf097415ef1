import type { Query } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { documentFixture, documentsHandlers, listItem } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { type DocumentsPage, deletedDocumentsQueryOptions, documentsQueryOptions } from '../api';
import { LIST_EXTRACTION_POLL_MS } from '../extraction';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;

/** A fixture with the list's issue 29 fields (no date, properties or notes). */
const fixture = (overrides: Parameters<typeof documentFixture>[0]) =>
  documentFixture({
    documentDate: null,
    documentDateIsDetected: false,
    properties: [],
    notesCount: 0,
    ...overrides,
  });

const done = fixture({ id: 'doc_done', name: 'Lease contract.pdf' });
const pending = fixture({ id: 'doc_pending', name: 'Scan 001.pdf', extractionStatus: 'pending' });
const processing = fixture({
  id: 'doc_processing',
  name: 'Scan 002.pdf',
  extractionStatus: 'processing',
});
const failed = fixture({
  id: 'doc_failed',
  name: 'Broken.pdf',
  extractionStatus: 'failed',
  extractionError: { code: 'extraction.timeout', message: 'Timed out after 120 s' },
});

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table).getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/** Calls a query's `refetchInterval` as TanStack Query would, with a page of documents as its data. */
function intervalFor(
  options: { refetchInterval?: unknown },
  documents: ReturnType<typeof listItem>[],
): number | false | undefined {
  const refetchInterval = options.refetchInterval as (query: Query<DocumentsPage>) => number | false;
  return refetchInterval({
    state: { data: { documents, documentsCount: documents.length } },
  } as unknown as Query<DocumentsPage>);
}

describe('documents table, extraction state', () => {
  test('a badge beside the name while extracting or failed, nothing once done', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...documentsHandlers({ documents: [done, pending, processing, failed] }),
      },
      { signedIn: true },
    );
    renderApp(DOCUMENTS_URL);

    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(rowOf(table, 'Scan 001.pdf')).getByText('Extracting')).toBeInTheDocument();
    expect(within(rowOf(table, 'Scan 002.pdf')).getByText('Extracting')).toBeInTheDocument();
    expect(within(rowOf(table, 'Broken.pdf')).getByText('Extraction failed')).toBeInTheDocument();
    const doneRow = rowOf(table, 'Lease contract.pdf');
    expect(within(doneRow).queryByText('Extracting')).not.toBeInTheDocument();
    expect(within(doneRow).queryByText('Extraction failed')).not.toBeInTheDocument();
  });

  test('the failed badge gives the reason in a tooltip, opened by keyboard focus', async () => {
    mockApi({ ...organizationHandlers(), ...documentsHandlers({ documents: [failed] }) }, { signedIn: true });
    renderApp(DOCUMENTS_URL);

    const label = await screen.findByText('Extraction failed');
    const badge = label.closest<HTMLElement>('[tabindex="0"]');
    expect(badge).not.toBeNull();
    act(() => badge?.focus());

    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Reading the text of this file took too long and was stopped.',
    );
  });

  test('lists are looked at again every few seconds only while a row is being extracted', () => {
    const list = documentsQueryOptions({ organizationId: ORGANIZATION_ID });
    const trash = deletedDocumentsQueryOptions({ organizationId: ORGANIZATION_ID });

    expect(intervalFor(list, [listItem(done), listItem(pending)])).toBe(LIST_EXTRACTION_POLL_MS);
    expect(intervalFor(list, [listItem(processing)])).toBe(LIST_EXTRACTION_POLL_MS);
    expect(intervalFor(list, [listItem(done), listItem(failed)])).toBe(false);
    expect(intervalFor(list, [])).toBe(false);
    expect(intervalFor(trash, [listItem(pending)])).toBe(LIST_EXTRACTION_POLL_MS);
    expect(LIST_EXTRACTION_POLL_MS).toBeLessThanOrEqual(5000);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { doneImportFixture, importFixture, reportFixture } from '../fixtures.test-helpers';

const API = `/api/organizations/${ORGANIZATION_ID}/paperless-imports/pli_1`;
const URL = `/organizations/${ORGANIZATION_ID}/settings/import/pli_1`;

describe('Paperless-ngx import report page', () => {
  test('shows what was imported per kind, each problem with its details, what was not imported, and links to the documents', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => jsonResponse({ import: doneImportFixture() }),
        [`GET ${API}/report`]: () => jsonResponse(reportFixture()),
      },
      { signedIn: true },
    );
    renderApp(URL);

    // The first page of the file compiles its lazy modules: slow on a loaded machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import report' }, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('paperless-export.zip')).toBeInTheDocument();
    expect(screen.getByText('Paperless-ngx 2.13.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download report (JSON)' })).toHaveAttribute(
      'href',
      `http://localhost:3000${API}/report`,
    );

    const imported = await screen.findByRole('region', { name: 'Imported' });
    const counts = within(imported)
      .getAllByRole('definition')
      .map((item) => item.textContent);
    expect(counts).toEqual(['1,180', '42', '6', '2,300', '17', '3', '12']);
    expect(within(imported).getByText('Property values')).toBeInTheDocument();

    const skipped = screen.getByRole('table', { name: /^Skipped/ });
    const skippedRows = within(skipped).getAllByRole('row');
    expect(skippedRows[1]).toHaveTextContent('Matching rule');
    expect(skippedRows[1]).toHaveTextContent('Invoices');
    // Each reason from its code, in the user's language; a refusal by the error's own message.
    expect(skippedRows[1]).toHaveTextContent(
      'Regular expression matching has no tagging rule equivalent in Sheaf.',
    );
    expect(skippedRows[2]).toHaveTextContent('Saved view');
    expect(skippedRows[2]).toHaveTextContent('Paperless #4');
    expect(skippedRows[2]).toHaveTextContent('Its filter rules of types 22 have no matching Sheaf filter.');
    expect(skippedRows[3]).toHaveTextContent(
      "Sheaf refused it: The organization's storage limit has been reached, delete documents or upgrade the plan.",
    );

    const checksums = screen.getByRole('table', { name: /^Checksum mismatches/ });
    expect(checksums).toHaveTextContent('originals/0000040.pdf');
    expect(checksums).toHaveTextContent('1f3870be274f6c49b3e31a0c6728957f');
    expect(checksums).toHaveTextContent('0cc175b9c0f1b6a831c399e269772661');
    expect(screen.getByRole('list', { name: /^Missing files/ })).toHaveTextContent('originals/0000041.pdf');
    expect(screen.getByRole('table', { name: /^Over a plan limit/ })).toHaveTextContent(
      'Huge scanmax file size 25 MB',
    );

    const notImported = screen.getByRole('region', { name: 'Not imported' });
    expect(notImported).toHaveTextContent('Users3');
    expect(notImported).toHaveTextContent('Workflows2');
    expect(notImported).not.toHaveTextContent('Groups');

    const documents = screen.getByRole('list', { name: /^Documents/ });
    expect(within(documents).getByRole('link', { name: 'Electricity bill' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents/doc_12`,
    );
    expect(within(documents).getAllByRole('listitem')[1]).toHaveTextContent('Already there');
  });

  test('shows a long list of documents fifty at a time', async () => {
    const user = userEvent.setup();
    const documents = Array.from({ length: 120 }, (_, index) => ({
      paperlessId: index + 1,
      documentId: `doc_${index + 1}`,
      name: `Document ${index + 1}`,
      outcome: 'imported' as const,
    }));
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => jsonResponse({ import: doneImportFixture() }),
        [`GET ${API}/report`]: () =>
          jsonResponse(
            reportFixture({
              documents,
              skipped: [],
              checksumMismatches: [],
              missingFiles: [],
              overLimit: [],
            }),
          ),
      },
      { signedIn: true },
    );
    renderApp(URL);

    const list = await screen.findByRole('list', { name: /^Documents/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 120')).toBeInTheDocument();
    expect(screen.getByText('Nothing was skipped and every file matched its checksum.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 50 more: Documents' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show 20 more: Documents' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).not.toBeInTheDocument();
  });

  test('follows a running import and asks for the report only once it has ended', async () => {
    let reads = 0;
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () => {
          reads += 1;
          return jsonResponse({ import: reads < 2 ? importFixture() : doneImportFixture() });
        },
        [`GET ${API}/report`]: () => jsonResponse(reportFixture()),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(
      await screen.findByRole('progressbar', { name: 'Progress of paperless-export.zip' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The report shows here when the import ends.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download report (JSON)' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === `${API}/report`)).toBe(false);

    await waitFor(() => expect(screen.getByRole('region', { name: 'Imported' })).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download report (JSON)' })).toBeInTheDocument();
  });

  test('an import that failed before reading the export shows why, and no report', async () => {
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () =>
          jsonResponse({
            import: doneImportFixture({
              status: 'failed',
              summary: null,
              error: { code: 'paperless_imports.encrypted_export', message: 'Encrypted' },
            }),
          }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This Paperless-ngx export is encrypted: export again without a passphrase.',
    );
    expect(screen.queryByRole('link', { name: 'Download report (JSON)' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === `${API}/report`)).toBe(false);
  });

  test('an import that does not exist says so', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        [`GET ${API}`]: () =>
          jsonResponse({ error: { code: 'paperless_imports.not_found', message: 'No' } }, { status: 404 }),
      },
      { signedIn: true },
    );
    renderApp(URL);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Paperless-ngx import with this id in this organization.',
    );
  });
});

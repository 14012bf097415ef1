import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, createDocument, getDocument, request } from '../documents/documents.test-helpers';
import { createOrganization } from '../organizations/organizations.test-helpers';
import { hasSoffice } from './extraction.office';
import { createXlsx } from './extraction.office.test-helpers';

// Like the `tesseract` program: used when installed, these tests run only where it is.
describe.skipIf(!hasSoffice()).each(testDialects)('Office previews by LibreOffice on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-soffice-'));
  const { server, createUser } = useApiTestServer(testDatabase, {
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot },
  });
  let organizationId: string;
  let credentials: Credentials;

  beforeAll(async () => {
    const owner = await createUser('soffice-owner@example.com', 'Lia Libre');
    organizationId = (await createOrganization(server, owner, 'Converted archive')).id;
    credentials = { cookie: owner.cookie };
  });
  afterAll(() => fs.rmSync(storageRoot, { recursive: true, force: true }));

  it('serves a workbook converted to PDF as its preview, with a thumbnail made from it', async () => {
    const uploaded = await createDocument(server, credentials, organizationId, {
      name: 'harbour-fees.xlsx',
      data: await createXlsx([
        {
          name: 'Fees',
          rows: [
            ['Mooring', 120],
            ['Crane', 75],
          ],
        },
      ]),
    });
    await server.jobQueue.runDueJobs();
    const document = await getDocument(server, credentials, organizationId, uploaded.id);
    expect(document).toMatchObject({ extractionStatus: 'done', preview: 'pdf' });
    expect(document.content).toContain('Mooring\t120');
    expect(document.thumbnailVersion).not.toBeNull();

    const response = await request(
      server,
      'GET',
      `/api/organizations/${organizationId}/documents/${uploaded.id}/preview`,
      credentials,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'self'",
    );
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 120_000);
});

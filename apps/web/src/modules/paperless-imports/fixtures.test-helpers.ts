import type {
  PaperlessImportDto,
  PaperlessImportReport,
  PaperlessImportSummary,
} from '@sheaf/contracts/paperless-imports';

export function summaryFixture(overrides: Partial<PaperlessImportSummary> = {}): PaperlessImportSummary {
  return {
    paperlessVersion: '2.13.5',
    imported: {
      documents: 1180,
      tags: 42,
      properties: 6,
      propertyValues: 2300,
      notes: 17,
      savedViews: 3,
      taggingRules: 12,
    },
    skippedCount: 2,
    checksumMismatchCount: 1,
    missingFileCount: 1,
    overLimitCount: 1,
    ...overrides,
  };
}

export function importFixture(overrides: Partial<PaperlessImportDto> = {}): PaperlessImportDto {
  return {
    id: 'pli_1',
    source: 'upload',
    sourceName: 'paperless-export.zip',
    status: 'running',
    error: null,
    progress: { total: 1200, processed: 450, imported: 448, skipped: 2, failed: 0 },
    ratePerSecond: 125.5,
    etaSeconds: 6,
    summary: null,
    createdAt: new Date(Date.now() - 120_000).toISOString(),
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    finishedAt: null,
    ...overrides,
  };
}

/** A finished import, as GET answers it once done. */
export function doneImportFixture(overrides: Partial<PaperlessImportDto> = {}): PaperlessImportDto {
  return importFixture({
    status: 'done',
    progress: { total: 1200, processed: 1200, imported: 1180, skipped: 20, failed: 0 },
    ratePerSecond: null,
    etaSeconds: null,
    summary: summaryFixture(),
    finishedAt: new Date(Date.now() - 10_000).toISOString(),
    ...overrides,
  });
}

export function reportFixture(overrides: Partial<PaperlessImportReport> = {}): PaperlessImportReport {
  return {
    importId: 'pli_1',
    organizationId: 'org_abc123',
    source: 'upload',
    sourceName: 'paperless-export.zip',
    status: 'done',
    startedAt: '2026-02-03T10:00:01.000Z',
    finishedAt: '2026-02-03T10:00:11.000Z',
    paperlessVersion: '2.13.5',
    summary: summaryFixture(),
    documents: [
      { paperlessId: 12, documentId: 'doc_12', name: 'Electricity bill', outcome: 'imported' },
      { paperlessId: 13, documentId: 'doc_13', name: 'Water bill', outcome: 'already_imported' },
    ],
    skipped: [
      {
        kind: 'matching_rule',
        paperlessId: 3,
        name: 'Invoices',
        code: 'matching_regex',
        params: {},
        reason: 'Regular expression matching has no tagging-rule equivalent in Sheaf.',
      },
      {
        kind: 'saved_view',
        paperlessId: 4,
        name: null,
        code: 'view_filters_unmapped',
        params: { rules: '22' },
        reason: "Its filter rules of types 22 do not map onto Sheaf's document filters.",
      },
      {
        kind: 'document',
        paperlessId: 5,
        name: 'Scan of a passport',
        code: 'refused',
        params: { code: 'documents.storage_limit_reached', message: 'The storage limit is reached.' },
        reason: 'Sheaf refused it: The storage limit is reached.',
      },
    ],
    checksumMismatches: [
      {
        paperlessId: 40,
        file: 'originals/0000040.pdf',
        expected: '1f3870be274f6c49b3e31a0c6728957f',
        actual: '0cc175b9c0f1b6a831c399e269772661',
      },
    ],
    missingFiles: [{ paperlessId: 41, file: 'originals/0000041.pdf' }],
    overLimit: [{ paperlessId: 42, name: 'Huge scan', limit: 'max file size 25 MB' }],
    notImported: [
      { kind: 'users', count: 3 },
      { kind: 'workflows', count: 2 },
      { kind: 'groups', count: 0 },
    ],
    ...overrides,
  };
}

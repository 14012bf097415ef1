import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PaperlessImportReport } from '@sheaf/contracts/paperless-imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { testDialects, useTestDatabase } from '../../test/test-database';
import type { TestDatabaseLocation } from '../../test/test-database-location';
import { createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { writePaperlessExport, writePaperlessExportZip } from './paperless-imports.test-helpers';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-paperless-cli-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** `npm run admin -- …` as it runs, against the test's database. */
async function runAdmin(location: TestDatabaseLocation, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: location.dialect === 'sqlite' ? `file:${location.filename}` : location.connectionString,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'paperless-cli-secret-0123456789abcdef0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

describe.each(testDialects)('the import:paperless command on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase);
  let owner: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    owner = await createUser(`pl-cli-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'From the command line')).id;
  });

  it('imports an export folder, prints the report, and imports nothing the second time', {
    timeout: 120_000,
  }, async () => {
    const folder = writePaperlessExport(path.join(workDir, `export-${dialect}`), { layout: '2.x' });
    const first = await runAdmin(testDatabase.location, [
      'import:paperless',
      folder,
      '--organization',
      organizationId,
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(': done');
    expect(first.stdout).toContain('imported: 3 documents, 6 tags');
    // The saved view is the organization owner's: no member started the command.
    expect(first.stdout).toMatch(/, 1 saved views,/);
    expect(first.stdout).toMatch(/Skipped matching_rule "Tag: Numbers" \(#4\): Regular expression/);
    expect(first.stdout).toContain('Not imported: 2 users');

    const second = await runAdmin(testDatabase.location, [
      'import:paperless',
      folder,
      '--organization',
      organizationId,
      '--json',
    ]);
    expect(second.code, second.stderr).toBe(0);
    const report = JSON.parse(second.stdout) as PaperlessImportReport;
    expect(report.summary.imported.documents).toBe(0);
    expect(report.documents.map((document) => document.outcome)).toEqual([
      'already_imported',
      'already_imported',
      'already_imported',
    ]);
  });

  it('refuses an encrypted export and an unknown organization with the reason and exit code 1', {
    timeout: 60_000,
  }, async () => {
    const zip = writePaperlessExportZip(path.join(workDir, `encrypted-${dialect}.zip`), {
      layout: '2.x',
      encrypted: true,
    });
    const run = await runAdmin(testDatabase.location, [
      'import:paperless',
      zip,
      '--organization',
      organizationId,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('paperless_imports.encrypted_export');
    const unknown = await runAdmin(testDatabase.location, [
      'import:paperless',
      zip,
      '--organization',
      'org_nowhere',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No organization has the id org_nowhere');
  });
});

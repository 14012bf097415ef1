import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IngestionFolderDto } from '@sheaf/contracts/ingestion-folders';
import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeases } from '../../db/leases';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { silentLogger } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { request } from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { distinctContent, waitFor } from './ingestion-folders.test-helpers';
import { startIngestionFoldersWatcher } from './ingestion-folders.watcher';

const folderPath = (organizationId: string) => `/api/organizations/${organizationId}/ingestion-folder`;

describe.each(testDialects)('watched folder API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-folders-api-'));
  const { server, serverWith, createUser } = useApiTestServer(testDatabase, {
    env: { INGESTION_FOLDERS_ROOT: root },
  });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;

  beforeAll(async () => {
    owner = await createUser(`if-owner-${dialect}@example.com`);
    admin = await createUser(`if-admin-${dialect}@example.com`);
    member = await createUser(`if-member-${dialect}@example.com`);
    outsider = await createUser(`if-outsider-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'Scans')).id;
    otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
    await addMember(server, owner, organizationId, member, 'member');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const getFolder = async (user: TestUser, id = organizationId) => {
    const response = await request(server, 'GET', folderPath(id), { cookie: user.cookie });
    expect(response.status).toBe(200);
    return (await readJson<{ ingestionFolder: IngestionFolderDto }>(response)).ingestionFolder;
  };
  const patch = (user: TestUser, body: unknown, id = organizationId) =>
    request(server, 'PATCH', folderPath(id), { cookie: user.cookie }, { body });

  it("shows every member the organization's folder, made on demand, its state and no files yet", async () => {
    const folder = await getFolder(member);
    expect(folder).toEqual({
      isEnabled: true,
      folderName: null,
      path: path.join(root, organizationId),
      state: 'watching',
      error: null,
      files: [],
    });
    expect(fs.statSync(path.join(root, organizationId)).isDirectory()).toBe(true);
  });

  it('lets the owner name the folder, the name then naming the folder the watcher imports from', {
    timeout: 30_000,
  }, async () => {
    const renamed = await patch(owner, { folderName: '  Scanner Office ' });
    expect(renamed.status).toBe(200);
    const { ingestionFolder } = await readJson<{ ingestionFolder: IngestionFolderDto }>(renamed);
    expect(ingestionFolder).toMatchObject({
      folderName: 'Scanner Office',
      path: path.join(root, 'Scanner Office'),
      state: 'watching',
    });
    expect(fs.existsSync(path.join(root, 'Scanner Office'))).toBe(true);

    const watcher = startIngestionFoldersWatcher({
      root,
      stableMs: 300,
      polling: false,
      pollingIntervalMs: 1000,
      ingestionFolders: server.services.ingestionFolders,
      leases: createLeases({ db: testDatabase.db }),
      logger: silentLogger,
    });
    try {
      await watcher.ready;
      fs.writeFileSync(path.join(root, 'Scanner Office', 'named.txt'), distinctContent('named'));
      const files = await waitFor(async () => {
        const { files: listed } = await getFolder(member);
        return listed.some(({ outcome }) => outcome === 'imported') ? listed : undefined;
      });
      expect(files).toEqual([
        {
          id: expect.stringMatching(/^iff_[a-z0-9]{24}$/),
          path: 'named.txt',
          size: expect.any(Number),
          outcome: 'imported',
          reason: null,
          documentId: expect.stringMatching(/^doc_[a-z0-9]{24}$/),
          processedAt: expect.any(String),
        },
      ]);
    } finally {
      await watcher.stop();
    }

    // Back to the organization's id.
    const reset = await patch(owner, { folderName: null });
    expect(reset.status).toBe(200);
    expect((await getFolder(admin)).path).toBe(path.join(root, organizationId));
  });

  it('refuses a name another organization has, whatever its case', async () => {
    const taken = await patch(outsider, { folderName: 'Front desk' }, otherOrganizationId);
    expect(taken.status).toBe(200);
    const clash = await patch(owner, { folderName: 'FRONT DESK' });
    expect(clash.status).toBe(409);
    expect((await readError(clash)).error.code).toBe('ingestion_folders.name_taken');
    // Its own name again, in another case, is fine.
    expect((await patch(outsider, { folderName: 'front desk' }, otherOrganizationId)).status).toBe(200);
  });

  it('refuses names that are not safe folder names', async () => {
    for (const folderName of [
      '',
      '../up',
      'a/b',
      '.hidden',
      'trailing.',
      'org_abc',
      'x'.repeat(65),
      'tab\there',
      5,
    ]) {
      const response = await patch(owner, { folderName });
      expect(response.status, JSON.stringify(folderName)).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
    expect((await patch(owner, {})).status).toBe(400);
  });

  it('lets only owners rename the folder, and no outsider read it', async () => {
    for (const user of [admin, member]) {
      const response = await patch(user, { folderName: 'Mine' });
      expect(response.status).toBe(403);
      expect((await readError(response)).error.code).toBe('auth.forbidden');
    }
    const read = await request(server, 'GET', folderPath(organizationId), { cookie: outsider.cookie });
    expect(read.status).toBe(403);
    expect((await readError(read)).error.code).toBe('auth.forbidden');
  });

  it('refuses API keys, even with every permission', async () => {
    const token = await createApiKey(server, owner, {
      permissions: [...API_KEY_PERMISSIONS],
      organizationIds: [organizationId],
    });
    expect((await request(server, 'GET', folderPath(organizationId), { token })).status).toBe(403);
    expect(
      (await request(server, 'PATCH', folderPath(organizationId), { token }, { body: { folderName: 'Key' } }))
        .status,
    ).toBe(403);
  });

  it('says the feature is off when INGESTION_FOLDERS_ROOT is unset, and refuses renaming then', async () => {
    const off = serverWith({ INGESTION_FOLDERS_ROOT: '' });
    const read = await request(off, 'GET', folderPath(organizationId), { cookie: member.cookie });
    expect(read.status).toBe(200);
    expect((await readJson<{ ingestionFolder: IngestionFolderDto }>(read)).ingestionFolder).toMatchObject({
      isEnabled: false,
      path: null,
      state: null,
      error: null,
    });
    const rename = await request(
      off,
      'PATCH',
      folderPath(organizationId),
      { cookie: owner.cookie },
      { body: { folderName: 'Anything' } },
    );
    expect(rename.status).toBe(403);
    expect((await readError(rename)).error.code).toBe('ingestion_folders.disabled');
  });
});

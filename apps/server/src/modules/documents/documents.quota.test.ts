import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import {
  createOrganization,
  type TestServer,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { uploadFile } from './documents.test-helpers';

/** The free plan's storage limit (SUBSCRIPTIONS_IS_ENABLED=true). */
const FREE_PLAN_STORAGE_BYTES = 500 * 1000 * 1000;
const FILE_SIZE = 10_000;
const ROOM = 95_000;

describe.each(testDialects)('the storage limit under concurrent uploads on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-quota-'));
  const { serverWith, createUser } = useApiTestServer(testDatabase, {
    env: { DOCUMENTS_STORAGE_FILESYSTEM_ROOT: storageRoot, SUBSCRIPTIONS_IS_ENABLED: 'true' },
  });
  let owner: TestUser;

  beforeAll(async () => {
    owner = await createUser(`quota-${dialect}@example.com`);
  });
  afterAll(async () => {
    fs.rmSync(storageRoot, { recursive: true, force: true });
  });

  /** A new organization whose stored documents leave it `room` bytes below the free plan's limit. */
  async function organizationWithRoom(server: TestServer, room: number) {
    const organizationId = (await createOrganization(server, owner, `Quota ${room}`)).id;
    await insertDocument(testDatabase.db, {
      id: `doc_${randomBytes(10).toString('hex')}`,
      organizationId,
      name: 'huge.bin',
      size: FREE_PLAN_STORAGE_BYTES - room,
      sha256: randomBytes(32).toString('hex'),
      mimeType: 'application/octet-stream',
    });
    return organizationId;
  }

  const storedTotal = async (organizationId: string) => {
    const rows = await testDatabase.db
      .selectFrom('documents')
      .select(['id', 'original_size'])
      .where('organization_id', '=', organizationId)
      .where('is_deleted', '=', 0)
      .execute();
    return { count: rows.length, bytes: rows.reduce((sum, row) => sum + Number(row.original_size), 0) };
  };
  const filesOf = (organizationId: string) => {
    const folder = path.join(storageRoot, organizationId);
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };

  /** Sends 20 different 10 kB files at once, spread over `targets`, and answers their statuses. */
  async function uploadTwentyAtOnce(targets: TestServer[], organizationId: string) {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        uploadFile(targets[index % targets.length]!, { cookie: owner.cookie }, organizationId, {
          name: `part-${index}.bin`,
          data: randomBytes(FILE_SIZE),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    for (const response of responses.filter(({ status }) => status !== 201)) {
      expect((await readError(response)).error.code).toBe('documents.storage_limit_reached');
    }
    return statuses;
  }

  it('keeps the stored total at or under the limit when 20 uploads race for the last 95 kB', async () => {
    const server = serverWith();
    const organizationId = await organizationWithRoom(server, ROOM);
    const statuses = await uploadTwentyAtOnce([server], organizationId);
    expect(statuses.every((status) => status === 201 || status === 413)).toBe(true);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    const total = await storedTotal(organizationId);
    expect(total.bytes).toBeLessThanOrEqual(FREE_PLAN_STORAGE_BYTES);
    expect(total.count - 1).toBe(accepted);
    // Refused uploads leave no file behind: one file per accepted upload.
    expect(filesOf(organizationId)).toHaveLength(accepted);
  });

  it('holds across servers that cannot see each other’s uploads in flight', async () => {
    // Each server counts only its own uploads in flight: the check in the inserting transaction,
    // under the organization's lock, is what keeps the total under the limit.
    const targets = [serverWith(), serverWith(), serverWith(), serverWith()];
    const organizationId = await organizationWithRoom(targets[0]!, ROOM);
    const statuses = await uploadTwentyAtOnce(targets, organizationId);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(Math.floor(ROOM / FILE_SIZE));
    const total = await storedTotal(organizationId);
    expect(total.bytes).toBeLessThanOrEqual(FREE_PLAN_STORAGE_BYTES);
    expect(filesOf(organizationId)).toHaveLength(accepted);
  });
});

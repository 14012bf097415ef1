import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import {
  childServerEnv,
  createChildDatabase,
  signUpWithOrganization,
  startChildServer,
  stopChildServer,
} from '../../test/child-server';
import { testDialects } from '../../test/test-database';
import { createTextPdf } from '../../test/test-files';
import { eventually, freePort, INTAKE_TEST_DOMAIN, sendMail } from './intake-emails.test-helpers';

const SENDER = 'invoices@vendor.example';

describe.each(testDialects)('a server killed right after taking an intake e-mail in, on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('makes the document once after a restart', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-intake-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await createChildDatabase(dialect, dataDir, 'sheaf_intake_crash');
    cleanups.push(database.drop);
    const smtpPort = await freePort();
    const { base, env } = childServerEnv({
      dataDir,
      databaseUrl: database.url,
      port: await freePort(),
      extra: {
        JOBS_POLL_INTERVAL_MS: '200',
        JOBS_LEASE_MS: '1000',
        INTAKE_EMAILS_IS_ENABLED: 'true',
        INTAKE_EMAILS_DOMAIN: INTAKE_TEST_DOMAIN,
        INTAKE_EMAILS_SMTP_PORT: String(smtpPort),
        INTAKE_EMAILS_SMTP_HOST: '127.0.0.1',
      },
    });

    // A process that takes mail in but runs no job: the message is stored, its processing never starts.
    let server = await startChildServer({ ...env, PROCESS_MODE: 'web' }, base);
    cleanups.push(() => stopChildServer(server, 'SIGKILL'));
    const { cookie, organizationId } = await signUpWithOrganization(base, 'intake-crash@example.com');
    const json = { origin: base, cookie, 'content-type': 'application/json' };
    const address = await fetch(`${base}/api/organizations/${organizationId}/intake-emails`, {
      method: 'POST',
      headers: { origin: base, cookie },
    });
    expect(address.status).toBe(201);
    const { intakeEmail } = (await address.json()) as { intakeEmail: { id: string; emailAddress: string } };
    const allowed = await fetch(
      `${base}/api/organizations/${organizationId}/intake-emails/${intakeEmail.id}`,
      {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ allowedOrigins: [SENDER] }),
      },
    );
    expect(allowed.status).toBe(200);

    const mail = (name: string, text: string) => ({
      from: SENDER,
      to: intakeEmail.emailAddress,
      subject: name,
      attachments: [{ filename: name, content: createTextPdf([[text]]), contentType: 'application/pdf' }],
    });
    const accepted = await sendMail(smtpPort, mail('Before the crash.pdf', 'Taken in, then killed'));
    expect(accepted.response).toMatch(/^250 /);
    await stopChildServer(server, 'SIGKILL');

    const appDatabase = createDatabase(
      dialect === 'sqlite'
        ? { dialect: 'sqlite', filename: path.join(dataDir, 'db.sqlite') }
        : { dialect: 'postgres', connectionString: database.url },
    );
    cleanups.push(() => appDatabase.destroy());
    const documentNames = async () =>
      (
        await appDatabase.db
          .selectFrom('documents')
          .select('name')
          .where('organization_id', '=', organizationId)
          .orderBy('name')
          .execute()
      ).map(({ name }) => name);
    expect(await documentNames()).toEqual([]);
    expect(await appDatabase.db.selectFrom('intake_email_received').select('id').execute()).toHaveLength(1);

    // Back up with workers: the stored message is processed.
    server = await startChildServer(env, base);
    await eventually(async () => ((await documentNames()).length === 1 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'the document of the stored message',
    });

    // Killed again at once after a 250, whatever the job was doing by then.
    const second = await sendMail(smtpPort, mail('Killed at once.pdf', 'Taken in, killed at once'));
    expect(second.response).toMatch(/^250 /);
    await stopChildServer(server, 'SIGKILL');
    server = await startChildServer(env, base);
    await eventually(
      async () => {
        const pending = await appDatabase.db.selectFrom('intake_email_received').select('id').execute();
        const logged = await appDatabase.db.selectFrom('intake_email_messages').select('id').execute();
        return pending.length === 0 && logged.length === 2 ? true : undefined;
      },
      { timeoutMs: 30_000, what: 'both messages processed' },
    );
    await stopChildServer(server, 'SIGTERM');

    expect(await documentNames()).toEqual(['Before the crash.pdf', 'Killed at once.pdf']);
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/database';
import type { DatabaseOrTransaction } from '../db/database.types';
import { generateId } from '../shared/ids';
import { testDialects, useTestDatabase } from '../test/test-database';
import type { TestDatabaseLocation } from '../test/test-database-location';

/**
 * For a test that runs the command line several times: each run starts Node with tsx and opens
 * the database, a few seconds apiece when the machine is busy.
 */
const SEVERAL_RUNS_TIMEOUT_MS = 120_000;

const serverDir = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type LogEntry = {
  level: number;
  component?: string;
  command?: string;
  userId?: string;
  email?: string;
  msg: string;
};

/** The real command line, as `npm run admin` starts it, against the test's database. */
async function runAdminCommand(
  location: TestDatabaseLocation,
  args: string[],
  { stdin, logLevel = 'debug' }: { stdin?: string; logLevel?: string } = {},
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: location.dialect === 'sqlite' ? `file:${location.filename}` : location.connectionString,
      LOG_FORMAT: 'json',
      LOG_LEVEL: logLevel,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(stdin ?? '');
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  // Standard output holds what the command printed; standard error its log's JSON lines (in the
  // server's format) and its refusals.
  const isLogLine = (line: string) => line.startsWith('{"level"');
  const logEntries = stderr
    .split('\n')
    .filter(isLogLine)
    .map((line) => JSON.parse(line) as LogEntry);
  const printed = stdout
    .split('\n')
    .filter((line) => line !== '' && !isLogLine(line))
    .join('\n');
  return {
    code,
    stdout,
    stderr,
    printed,
    adminLog: logEntries.filter((entry) => entry.component === 'admin'),
  };
}

/** Rows better-auth writes, put straight into the database (their dates and booleans per dialect). */
function seeding(db: DatabaseOrTransaction, dialect: Dialect) {
  const authDate = (date: Date) => (dialect === 'postgres' ? date : date.toISOString());
  const authBoolean = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);
  const now = new Date();
  const inAMonth = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
  return {
    async user({
      email,
      name = 'Ada Lovelace',
      twoFactorEnabled = false,
      disabledAt = null,
    }: {
      email: string;
      name?: string;
      twoFactorEnabled?: boolean;
      disabledAt?: string | null;
    }) {
      const id = generateId('usr');
      await db
        .insertInto('users')
        .values({
          id,
          name,
          email,
          email_verified: authBoolean(true),
          image: null,
          locale: 'en',
          created_at: authDate(now),
          updated_at: authDate(now),
          two_factor_enabled: authBoolean(twoFactorEnabled),
          disabled_at: disabledAt,
        })
        .execute();
      return id;
    },
    async twoFactor(userId: string) {
      await db
        .insertInto('auth_two_factors')
        .values({
          id: generateId('tfa'),
          secret: 'encrypted-secret',
          backup_codes: 'encrypted-backup-codes',
          user_id: userId,
          verified: authBoolean(true),
          failed_verification_count: 0,
          locked_until: null,
          last_accepted_step: null,
        })
        .execute();
    },
    async passkey(userId: string) {
      await db
        .insertInto('auth_passkeys')
        .values({
          id: generateId('pk'),
          name: 'Laptop',
          public_key: 'public-key',
          user_id: userId,
          credential_id: generateId('pk'),
          counter: 0,
          device_type: 'multiDevice',
          backed_up: authBoolean(true),
          transports: 'internal',
          aaguid: null,
          created_at: authDate(now),
          last_used_at: null,
        })
        .execute();
    },
    async verification({ identifier, value }: { identifier: string; value: string }) {
      await db
        .insertInto('auth_verifications')
        .values({
          id: generateId('ver'),
          identifier,
          value,
          expires_at: authDate(inAMonth),
          created_at: authDate(now),
          updated_at: authDate(now),
        })
        .execute();
    },
    async trustedDevice(userId: string) {
      await this.verification({ identifier: `trust-device-${generateId('ver').slice(4)}`, value: userId });
    },
    async session(userId: string) {
      await db
        .insertInto('auth_sessions')
        .values({
          id: generateId('ses'),
          token: generateId('ses'),
          user_id: userId,
          expires_at: authDate(inAMonth),
          ip_address: '198.51.100.1',
          user_agent: 'Mozilla/5.0',
          created_at: authDate(now),
          updated_at: authDate(now),
        })
        .execute();
    },
    async password(userId: string, password: string) {
      await db
        .insertInto('auth_accounts')
        .values({
          id: generateId('acc'),
          account_id: userId,
          provider_id: 'credential',
          user_id: userId,
          access_token: null,
          refresh_token: null,
          id_token: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          scope: null,
          password: await hashPassword(password),
          created_at: authDate(now),
          updated_at: authDate(now),
        })
        .execute();
    },
  };
}

describe.each(testDialects)('the administration commands on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const seed = () => seeding(testDatabase.db, dialect);
  const run = (args: string[], options?: { stdin?: string; logLevel?: string }) =>
    runAdminCommand(testDatabase.location, args, options);

  const countRows = async (
    table: 'auth_sessions' | 'auth_passkeys' | 'auth_two_factors' | 'auth_accounts',
    userId: string,
  ) =>
    Number(
      (
        await testDatabase.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const trustedDevicesOf = async (userId: string) =>
    (
      await testDatabase.db
        .selectFrom('auth_verifications')
        .select('identifier')
        .where('value', '=', userId)
        .execute()
    ).map(({ identifier }) => identifier);
  const userRow = (userId: string) =>
    testDatabase.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const passwordHashOf = async (userId: string) =>
    (
      await testDatabase.db
        .selectFrom('auth_accounts')
        .select('password')
        .where('user_id', '=', userId)
        .where('provider_id', '=', 'credential')
        .executeTakeFirst()
    )?.password;

  it(
    'users:list shows each account with its second factors, password and status, as a table or as JSON',
    async () => {
      const rows = seed();
      const adaId = await rows.user({ email: 'list-ada@example.com', twoFactorEnabled: true });
      await rows.passkey(adaId);
      await rows.passkey(adaId);
      await rows.password(adaId, 'correct horse battery');
      const bobId = await rows.user({
        email: 'list-bob@example.com',
        name: 'Bob\u001b[31m Tables',
        disabledAt: '2026-01-02T03:04:05.000Z',
      });

      const table = await run(['users:list']);
      expect(table.code).toBe(0);
      const adaLine = table.printed.split('\n').find((line) => line.includes('list-ada@example.com'));
      expect(adaLine?.split(/\s{2,}/)).toEqual([
        adaId,
        'list-ada@example.com',
        'Ada Lovelace',
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
        'on',
        '2',
        'yes',
        'active',
      ]);
      const bobLine = table.printed.split('\n').find((line) => line.includes('list-bob@example.com'));
      // A terminal escape in a name is shown, not sent to the terminal.
      expect(bobLine).toContain('Bob?[31m Tables');
      expect(bobLine).toMatch(/off\s+0\s+no\s+disabled since 2026-01-02 03:04 UTC$/);
      expect(table.printed).toMatch(/\d+ users \((SQLite|PostgreSQL), /);
      expect(table.adminLog).toEqual([
        expect.objectContaining({ command: 'users:list', msg: 'Users listed' }),
      ]);

      const json = await run(['users:list', '--json'], { logLevel: 'info' });
      expect(json.code).toBe(0);
      const { users } = JSON.parse(json.stdout) as { users: Array<Record<string, unknown>> };
      expect(users.find((user) => user.id === adaId)).toEqual({
        id: adaId,
        email: 'list-ada@example.com',
        name: 'Ada Lovelace',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        twoFactorEnabled: true,
        passkeysCount: 2,
        hasPassword: true,
        disabledAt: null,
      });
      expect(users.find((user) => user.id === bobId)).toMatchObject({
        twoFactorEnabled: false,
        passkeysCount: 0,
        hasPassword: false,
        disabledAt: '2026-01-02T03:04:05.000Z',
      });
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  );

  it('users:disable-two-factor turns two-factor sign-in off and forgets the secret and the trusted devices', async () => {
    const rows = seed();
    const userId = await rows.user({ email: 'twofactor@example.com', twoFactorEnabled: true });
    const otherId = await rows.user({ email: 'twofactor-other@example.com', twoFactorEnabled: true });
    for (const id of [userId, otherId]) {
      await rows.twoFactor(id);
      await rows.trustedDevice(id);
    }
    await rows.trustedDevice(userId);
    // Another kind of verification that happens to hold the user's id is not a trusted device.
    await rows.verification({ identifier: 'email-verification-token', value: userId });

    // The address is found whatever its case and surrounding spaces.
    const result = await run(['users:disable-two-factor', '  TwoFactor@Example.COM ']);

    expect(result.code).toBe(0);
    expect(result.printed).toBe(
      'Two-factor sign-in disabled for twofactor@example.com (2 trusted devices forgotten).',
    );
    expect(Boolean((await userRow(userId)).two_factor_enabled)).toBe(false);
    expect(await countRows('auth_two_factors', userId)).toBe(0);
    expect(await trustedDevicesOf(userId)).toEqual(['email-verification-token']);
    expect(Boolean((await userRow(otherId)).two_factor_enabled)).toBe(true);
    expect(await countRows('auth_two_factors', otherId)).toBe(1);
    expect(await trustedDevicesOf(otherId)).toHaveLength(1);
    expect(result.adminLog).toEqual([
      expect.objectContaining({
        level: 30,
        command: 'users:disable-two-factor',
        userId,
        email: 'twofactor@example.com',
        trustedDevicesForgotten: 2,
      }),
    ]);
  });

  it(
    'users:remove-passkeys deletes every passkey of the user and says how many',
    async () => {
      const rows = seed();
      const userId = await rows.user({ email: 'passkeys@example.com' });
      const otherId = await rows.user({ email: 'passkeys-other@example.com' });
      for (const id of [userId, userId, userId, otherId]) await rows.passkey(id);

      const result = await run(['users:remove-passkeys', 'passkeys@example.com']);

      expect(result.code).toBe(0);
      expect(result.printed).toBe('Removed 3 passkeys of passkeys@example.com.');
      expect(await countRows('auth_passkeys', userId)).toBe(0);
      expect(await countRows('auth_passkeys', otherId)).toBe(1);
      expect(result.adminLog).toEqual([
        expect.objectContaining({ command: 'users:remove-passkeys', userId, passkeysRemoved: 3 }),
      ]);

      const again = await run(['users:remove-passkeys', 'passkeys@example.com']);
      expect(again.code).toBe(0);
      expect(again.printed).toBe('passkeys@example.com had no passkey; nothing removed.');
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  );

  it("users:set-password stores a hash better-auth accepts, read from standard input, and ends the user's sessions", async () => {
    const rows = seed();
    const userId = await rows.user({ email: 'password@example.com' });
    await rows.password(userId, 'the old password');
    await rows.session(userId);
    await rows.session(userId);
    await rows.trustedDevice(userId);

    const result = await run(['users:set-password', 'password@example.com'], {
      stdin: 'a brand new password\n',
    });

    expect(result.code).toBe(0);
    expect(result.printed).toBe(
      'Password set for password@example.com (2 sessions ended, 1 trusted device forgotten).',
    );
    const hash = await passwordHashOf(userId);
    expect(await verifyPassword({ hash: hash ?? '', password: 'a brand new password' })).toBe(true);
    expect(await verifyPassword({ hash: hash ?? '', password: 'the old password' })).toBe(false);
    expect(await countRows('auth_accounts', userId)).toBe(1);
    expect(await countRows('auth_sessions', userId)).toBe(0);
    expect(await trustedDevicesOf(userId)).toEqual([]);
    expect(result.adminLog).toEqual([
      expect.objectContaining({
        command: 'users:set-password',
        userId,
        email: 'password@example.com',
        sessionsEnded: 2,
      }),
    ]);
    expect(`${result.stdout}${result.stderr}`).not.toContain('a brand new password');
  });

  it('users:set-password gives a password sign-in to an account that had none', async () => {
    const userId = await seed().user({ email: 'provider-only@example.com' });

    const result = await run(['users:set-password', 'provider-only@example.com'], {
      stdin: 'first password here\n',
    });

    expect(result.code).toBe(0);
    expect(result.printed).toBe(
      'Password created for provider-only@example.com (0 sessions ended, 0 trusted devices forgotten).',
    );
    const account = await testDatabase.db
      .selectFrom('auth_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ provider_id: 'credential', account_id: userId });
    expect(account.id).toMatch(/^acc_[a-z0-9]{24}$/);
    expect(await verifyPassword({ hash: account.password ?? '', password: 'first password here' })).toBe(
      true,
    );
  });

  it(
    'users:set-password never takes the password as an argument, and refuses one too short or missing',
    async () => {
      const rows = seed();
      const userId = await rows.user({ email: 'refused-password@example.com' });
      await rows.password(userId, 'the old password');
      await rows.session(userId);
      const hashBefore = await passwordHashOf(userId);

      const asArgument = await run(
        ['users:set-password', 'refused-password@example.com', 'a brand new password'],
        {
          stdin: 'a brand new password\n',
        },
      );
      expect(asArgument.code).toBe(2);
      expect(asArgument.stderr).toContain('never given on the command line');

      const asOption = await run([
        'users:set-password',
        'refused-password@example.com',
        '--password=secret1234',
      ]);
      expect(asOption.code).toBe(2);

      const tooShort = await run(['users:set-password', 'refused-password@example.com'], {
        stdin: 'short\n',
      });
      expect(tooShort.code).toBe(1);
      expect(tooShort.stderr).toContain('The password must be 8 to 128 characters long. Nothing changed.');

      const missing = await run(['users:set-password', 'refused-password@example.com'], { stdin: '' });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No password on standard input; nothing changed.');

      expect(await passwordHashOf(userId)).toBe(hashBefore);
      expect(await countRows('auth_sessions', userId)).toBe(1);
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  );

  it(
    'users:disable marks the account disabled and ends its sessions at once; users:enable lets it in again',
    async () => {
      const rows = seed();
      const userId = await rows.user({ email: 'disable@example.com' });
      const otherId = await rows.user({ email: 'disable-other@example.com' });
      for (const id of [userId, userId, otherId]) await rows.session(id);
      const before = Date.now();

      const disabled = await run(['users:disable', 'disable@example.com']);

      expect(disabled.code).toBe(0);
      expect(disabled.printed).toBe(
        'Account disable@example.com disabled: it can no longer sign in, its API keys stop working (2 sessions ended).',
      );
      const disabledAt = (await userRow(userId)).disabled_at;
      expect(Date.parse(disabledAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(disabledAt ?? '')).toBeLessThanOrEqual(Date.now());
      expect(await countRows('auth_sessions', userId)).toBe(0);
      expect(await countRows('auth_sessions', otherId)).toBe(1);
      expect((await userRow(otherId)).disabled_at).toBeNull();
      expect(disabled.adminLog).toEqual([
        expect.objectContaining({
          command: 'users:disable',
          userId,
          email: 'disable@example.com',
          sessionsEnded: 2,
        }),
      ]);

      const twice = await run(['users:disable', 'disable@example.com']);
      expect(twice.code).toBe(0);
      expect(twice.printed).toBe(
        `Account disable@example.com was already disabled (since ${disabledAt}; 0 sessions ended).`,
      );
      expect((await userRow(userId)).disabled_at).toBe(disabledAt);

      const enabled = await run(['users:enable', 'disable@example.com']);
      expect(enabled.code).toBe(0);
      expect(enabled.printed).toBe('Account disable@example.com enabled: it can sign in again.');
      expect((await userRow(userId)).disabled_at).toBeNull();
      expect(enabled.adminLog).toEqual([
        expect.objectContaining({
          command: 'users:enable',
          userId,
          email: 'disable@example.com',
          wasDisabled: true,
        }),
      ]);
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  );

  it.each([
    'users:disable-two-factor',
    'users:remove-passkeys',
    'users:set-password',
    'users:disable',
    'users:enable',
  ])('%s refuses an e-mail address no account has, with exit code 1', async (command) => {
    const result = await run([command, 'nobody@example.com'], { stdin: 'a brand new password\n' });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user has the e-mail address nobody@example.com; nothing changed.');
    expect(result.printed).toBe('');
    expect(result.adminLog).toEqual([
      expect.objectContaining({ level: 40, command, email: 'nobody@example.com' }),
    ]);
  });

  it(
    'answers a usage error with exit code 2 and the help with 0',
    async () => {
      const unknown = await run(['users:delete-everything']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("unknown command 'users:delete-everything'");

      const missingEmail = await run(['users:disable']);
      expect(missingEmail.code).toBe(2);
      expect(missingEmail.stderr).toContain("missing required argument 'email'");

      const help = await run(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('users:set-password <email>');
    },
    SEVERAL_RUNS_TIMEOUT_MS,
  );
});

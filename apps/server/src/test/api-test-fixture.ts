import { afterAll, beforeAll } from 'vitest';
import {
  createUser,
  organizationsTestEnv,
  type TestServer,
} from '../modules/organizations/organizations.test-helpers';
import type { Clock } from '../shared/clock';
import { createTestServer } from './test-app';
import type { useTestDatabase } from './test-database';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

type Env = Record<string, string>;

/**
 * The set-up most API test files open with: a test SMTP server and the whole server on the file's
 * test database, with real e-mail delivery (`organizationsTestEnv`), so users are made through the
 * verification link. Call it in the `describe` after `useTestDatabase`; it registers a beforeAll
 * that starts the SMTP server and an afterAll that closes everything (the extraction pool and
 * webhook sender of every server it made, then the SMTP server).
 *
 * `server` and `smtp` are stand-ins that forward to the real ones, so they can be destructured and
 * passed around; read their fields only inside tests and hooks. The server is made on first use,
 * so `env` may be a function reading what the file's own beforeAll started first (a URL, say).
 * `serverWith(extra)` makes another server on the same database and SMTP server.
 *
 * ```ts
 * const testDatabase = useTestDatabase(dialect);
 * const { server, createUser } = useApiTestServer(testDatabase, {
 *   clock,
 *   env: { MAX_ORGANIZATIONS_PER_USER: '50' },
 * });
 * let owner: TestUser;
 * beforeAll(async () => {
 *   owner = await createUser('owner@example.com', 'Olivia Owner');
 * });
 * ```
 */
export function useApiTestServer(
  testDatabase: Pick<ReturnType<typeof useTestDatabase>, 'database'>,
  {
    clock,
    env = {},
  }: {
    clock?: Clock;
    /** Settings over `organizationsTestEnv`'s, for the server and for every `serverWith`. */
    env?: Env | (() => Env);
  } = {},
) {
  const context = {} as { smtp?: TestSmtpServer; server?: TestServer; env?: Env };
  const fileEnv = () => {
    context.env ??= typeof env === 'function' ? env() : env;
    return context.env;
  };
  const servers: TestServer[] = [];

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the test ${name} is only there inside tests and hooks`);
    return value;
  };
  const currentSmtp = () => ready(context.smtp, 'SMTP server');
  const currentServer = () => {
    context.server ??= serverWith();
    return context.server;
  };

  /** Another server on the same database and SMTP server, with `extra` over the file's env. */
  const serverWith = (extra: Env = {}): TestServer => {
    const created = createTestServer({
      database: testDatabase.database,
      env: organizationsTestEnv(currentSmtp(), { ...fileEnv(), ...extra }),
      ...(clock ? { clock } : {}),
    });
    servers.push(created);
    return created;
  };

  beforeAll(async () => {
    context.smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    for (const created of servers) {
      await created.services.extractionPool.close();
      created.services.webhookSender.close();
    }
    await context.smtp?.close();
  });

  const server = {
    get app() {
      return currentServer().app;
    },
    get config() {
      return currentServer().config;
    },
    get services() {
      return currentServer().services;
    },
    get jobQueue() {
      return currentServer().jobQueue;
    },
  } satisfies TestServer;

  const smtp = {
    get port() {
      return currentSmtp().port;
    },
    get url() {
      return currentSmtp().url;
    },
    get received() {
      return currentSmtp().received;
    },
    rejectNextRecipients: (count: number) => currentSmtp().rejectNextRecipients(count),
    close: () => currentSmtp().close(),
  } satisfies TestSmtpServer;

  return {
    server,
    smtp,
    serverWith,
    /** A verified, signed-in user of `server` (sign-up, the link of the real e-mail, sign-in). */
    createUser: (email: string, name?: string) => createUser(currentServer(), currentSmtp(), email, name),
    /** The same on another server of the file's (one from `serverWith`, say). */
    createUserOn: (on: TestServer, email: string, name?: string) =>
      createUser(on, currentSmtp(), email, name),
  };
}

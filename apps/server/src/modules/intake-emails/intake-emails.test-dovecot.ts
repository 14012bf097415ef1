import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './intake-emails.test-helpers';

/** Debian's `dovecot-imapd` puts the server here; DOVECOT_PATH names another one. */
export const DOVECOT_BINARY = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export const isDovecotInstalled = () => fs.existsSync(DOVECOT_BINARY);

/** The name of a group id (Dovecot's settings want names), else the id itself. */
const groupName = (gid: number) =>
  fs
    .readFileSync('/etc/group', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[2] === String(gid))?.[0] ?? String(gid);

/** Whether the system has a user of this name (the Debian package creates `dovecot` and `dovenull`). */
const hasSystemUser = (name: string) =>
  fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .some((line) => line.split(':')[0] === name);

export type TestMailboxUser = { user: string; password: string };

export type TestDovecot = {
  port: number;
  /** `imap://user:password@127.0.0.1:port/INBOX` for one of the users. */
  urlOf: (user: TestMailboxUser) => string;
  /** A logged-in client for one of the users; log it out when done. */
  connect: (user: TestMailboxUser) => Promise<ImapFlow>;
  /** Successful IMAP logins so far (from Dovecot's own log). */
  loginCount: () => number;
  stop: () => Promise<void>;
};

/**
 * A real Dovecot IMAP server for one test file: its own temporary config, base and state folders,
 * a passwd-file with `users`, Maildir mailboxes under the temporary folder, a loopback port and no
 * TLS. As root the mail and login processes run as the package's `dovecot` and `dovenull` users
 * (Dovecot refuses root for them); as another user, everything runs as that user.
 */
export async function startTestDovecot({
  users,
  port: wantedPort,
}: {
  users: TestMailboxUser[];
  port?: number;
}): Promise<TestDovecot> {
  const port = wantedPort ?? (await freePort());
  // Short: Dovecot's unix sockets live under base_dir, whose path must stay under ~100 characters.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-dovecot-'));
  // Dovecot's own processes (auth, mail) read the passwd file and write the mailboxes.
  fs.chmodSync(dir, 0o755);
  const mailDir = path.join(dir, 'mail');
  fs.mkdirSync(mailDir, { mode: 0o777 });
  fs.chmodSync(mailDir, 0o777);
  const passwdFile = path.join(dir, 'passwd');
  fs.writeFileSync(passwdFile, users.map(({ user, password }) => `${user}:{PLAIN}${password}\n`).join(''));
  const logFile = path.join(dir, 'dovecot.log');

  const me = os.userInfo();
  const isRoot = me.uid === 0;
  if (isRoot && !(hasSystemUser('dovecot') && hasSystemUser('dovenull'))) {
    throw new Error(
      'Running as root, Dovecot needs the dovecot and dovenull users (apt-get install dovecot-imapd)',
    );
  }
  const internalUser = isRoot ? 'dovecot' : me.username;
  const loginUser = isRoot ? 'dovenull' : me.username;
  const mailUid = isRoot ? 'dovecot' : String(me.uid);
  const mailGid = isRoot ? 'dovecot' : String(me.gid);
  const config = `
instance_name = ${path.basename(dir)}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internalUser}
default_internal_group = ${isRoot ? 'dovecot' : groupName(me.gid)}
default_login_user = ${loginUser}
first_valid_uid = 1
first_valid_gid = 1
mail_location = maildir:${mailDir}/%n
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwdFile}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${mailDir}/%n
}
# No chroot: a user other than root cannot chroot, and the test needs no jail.
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  const configFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(configFile, config);

  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // Ready once it greets on its port.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Dovecot did not start: ${stderr}\n${readLog()}`);
    }
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      // Accepted but silent (a login process still starting): try again.
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('data', (chunk: Buffer) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Dovecot did not answer on port ${port}: ${stderr}\n${readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    port,
    urlOf: ({ user, password }) =>
      `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    async connect({ user, password }) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
      });
      await client.connect();
      return client;
    },
    loginCount: () => (readLog().match(/imap-login: Info: Login: /g) ?? []).length,
    stop,
  };
}

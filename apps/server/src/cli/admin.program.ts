import { Command, type CommanderError } from 'commander';
import type { UserNotFound } from '../modules/account-security/account-admin.usecases';
import { countOf, formatUsersTable, printable } from './admin.format';
import type { AdminSession } from './admin.session';
import type { PasswordAnswer } from './read-password';

/** 0: done (or nothing to do); 1: refused (unknown e-mail, unacceptable password…); 2: usage error. */
export const ADMIN_EXIT_CODES = { done: 0, refused: 1, usage: 2 } as const;

export type AdminExitCode = (typeof ADMIN_EXIT_CODES)[keyof typeof ADMIN_EXIT_CODES];

export type AdminIo = {
  stdout: { write: (text: string) => unknown };
  stderr: { write: (text: string) => unknown };
  /** The new password of `users:set-password`: the terminal (without echo) or standard input. */
  readPassword: () => Promise<PasswordAnswer>;
  /** Whether the password is typed at a terminal, so the command says whose password it asks for. */
  isInteractive: boolean;
};

/** A command line the program cannot run as given (exit code 2). */
class UsageError extends Error {}

const HELP_HINT = "Run 'npm run admin -- --help' for the commands.";

/**
 * The administrator's commands for the person who runs the server (`npm run admin -- <command>`).
 * Parses `argv` (the arguments after the script's name), opens the database only for a command
 * that runs, and answers the process's exit code.
 */
export async function runAdmin(
  argv: string[],
  { openSession, io }: { openSession: () => Promise<AdminSession>; io: AdminIo },
): Promise<AdminExitCode> {
  let exitCode: AdminExitCode = ADMIN_EXIT_CODES.done;

  const print = (line: string) => io.stdout.write(`${line}\n`);
  const refuse = (line: string) => {
    io.stderr.write(`${line}\n`);
    exitCode = ADMIN_EXIT_CODES.refused;
  };

  /** Runs a command against an open session, closed afterwards whatever happens. */
  async function withSession(work: (session: AdminSession) => Promise<void>) {
    const session = await openSession();
    try {
      await work(session);
    } finally {
      await session.close();
    }
  }

  /** The one operand of a `<email>` command; any other operand is a usage error. */
  function emailOperand(
    { name, operands }: { name: string; operands: string[] },
    extraOperandsMessage?: string,
  ): string {
    const [email, ...extra] = operands;
    if (extra.length > 0)
      throw new UsageError(
        extraOperandsMessage ?? `${name} takes one e-mail address, not ${operands.length} arguments.`,
      );
    if (!email?.trim()) throw new UsageError(`${name} needs an e-mail address.`);
    return email;
  }

  function refuseUnknownEmail(session: AdminSession, command: string, { email }: UserNotFound) {
    session.logger.warn({ command, email }, 'Admin command refused: no user with this e-mail address');
    refuse(`No user has the e-mail address ${printable(email)}; nothing changed.`);
  }

  const program = new Command()
    .name('npm run admin --')
    .description('Account administration for the person who runs this Sheaf server.')
    .storeOptionsAsProperties(false)
    .passCommandToAction(false)
    .exitOverride();

  const list = program
    .command('users:list')
    .description('List every account: e-mail, name, creation date, two-factor, passkeys, password, status.')
    .option('--json', 'print the list as JSON ({ "users": [...] })')
    .action(async () => {
      if (list.args.length > 0) throw new UsageError('users:list takes no arguments.');
      const asJson = list.opts().json === true;
      await withSession(async (session) => {
        const users = await session.usecases.listUsers();
        // A read, like the server's access lines: logged at debug.
        session.logger.debug({ command: 'users:list', usersCount: users.length }, 'Users listed');
        if (asJson) {
          print(JSON.stringify({ users }, null, 2));
          return;
        }
        if (users.length === 0) {
          print(`No users yet (${session.databaseDescription}).`);
          return;
        }
        print(formatUsersTable(users));
        print(`\n${countOf(users.length, 'user')} (${session.databaseDescription}).`);
      });
    });

  const disableTwoFactor = program
    .command('users:disable-two-factor <email>')
    .description(
      'Turn two-factor sign-in off for a user who lost their authenticator and backup codes (their trusted devices are forgotten too).',
    )
    .action(async () => {
      const email = emailOperand({ name: 'users:disable-two-factor', operands: disableTwoFactor.args });
      await withSession(async (session) => {
        const result = await session.usecases.disableTwoFactor({ email });
        if (result.outcome === 'user_not_found')
          return refuseUnknownEmail(session, 'users:disable-two-factor', result);
        const { user, wasEnabled, trustedDevicesForgotten } = result;
        session.logger.info(
          {
            command: 'users:disable-two-factor',
            userId: user.id,
            email: user.email,
            wasEnabled,
            trustedDevicesForgotten,
          },
          'Two-factor sign-in disabled by the administrator',
        );
        const forgotten = `${countOf(trustedDevicesForgotten, 'trusted device')} forgotten`;
        print(
          wasEnabled
            ? `Two-factor sign-in disabled for ${printable(user.email)} (${forgotten}).`
            : `Two-factor sign-in was already off for ${printable(user.email)} (${forgotten}).`,
        );
      });
    });

  const removePasskeys = program
    .command('users:remove-passkeys <email>')
    .description(
      'Remove every passkey of a user (they sign in with their password, or another way, instead).',
    )
    .action(async () => {
      const email = emailOperand({ name: 'users:remove-passkeys', operands: removePasskeys.args });
      await withSession(async (session) => {
        const result = await session.usecases.removePasskeys({ email });
        if (result.outcome === 'user_not_found')
          return refuseUnknownEmail(session, 'users:remove-passkeys', result);
        const { user, passkeysRemoved } = result;
        session.logger.info(
          { command: 'users:remove-passkeys', userId: user.id, email: user.email, passkeysRemoved },
          'Passkeys removed by the administrator',
        );
        print(
          passkeysRemoved > 0
            ? `Removed ${countOf(passkeysRemoved, 'passkey')} of ${printable(user.email)}.`
            : `${printable(user.email)} had no passkey; nothing removed.`,
        );
      });
    });

  const setPassword = program
    .command('users:set-password <email>')
    .description(
      "Set a user's password, asked twice without echo (or read from the first line of standard input when it is not a terminal); their sessions end.",
    )
    .action(async () => {
      const email = emailOperand(
        { name: 'users:set-password', operands: setPassword.args },
        'users:set-password takes the e-mail address only: the password is asked for (or read from standard input), never given on the command line.',
      );
      await withSession(async (session) => {
        const command = 'users:set-password';
        const user = await session.usecases.findUser({ email });
        if (!user)
          return refuseUnknownEmail(session, command, { outcome: 'user_not_found', email: email.trim() });
        if (io.isInteractive) io.stderr.write(`Setting the password of ${printable(user.email)}.\n`);
        const answer = await io.readPassword();
        if ('refused' in answer) {
          session.logger.warn(
            { command, userId: user.id, email: user.email },
            'Admin command refused: no confirmed password',
          );
          return refuse(answer.refused);
        }
        const result = await session.usecases.setPassword({ email: user.email, password: answer.password });
        if (result.outcome === 'user_not_found') return refuseUnknownEmail(session, command, result);
        if (result.outcome === 'invalid_password') {
          session.logger.warn(
            { command, userId: user.id, email: user.email },
            'Admin command refused: password not acceptable',
          );
          return refuse(`${result.message} Nothing changed.`);
        }
        const { createdPasswordSignIn, sessionsEnded, trustedDevicesForgotten } = result;
        session.logger.info(
          {
            command,
            userId: result.user.id,
            email: result.user.email,
            createdPasswordSignIn,
            sessionsEnded,
            trustedDevicesForgotten,
          },
          'Password set by the administrator',
        );
        print(
          `Password ${createdPasswordSignIn ? 'created' : 'set'} for ${printable(result.user.email)} ` +
            `(${countOf(sessionsEnded, 'session')} ended, ${countOf(trustedDevicesForgotten, 'trusted device')} forgotten).`,
        );
      });
    });

  const disable = program
    .command('users:disable <email>')
    .description(
      'Disable an account: it cannot sign in, its sessions end at once and its API keys stop working.',
    )
    .action(async () => {
      const email = emailOperand({ name: 'users:disable', operands: disable.args });
      await withSession(async (session) => {
        const result = await session.usecases.disable({ email });
        if (result.outcome === 'user_not_found') return refuseUnknownEmail(session, 'users:disable', result);
        const { user, alreadyDisabled, disabledAt, sessionsEnded } = result;
        session.logger.info(
          {
            command: 'users:disable',
            userId: user.id,
            email: user.email,
            alreadyDisabled,
            disabledAt,
            sessionsEnded,
          },
          'Account disabled by the administrator',
        );
        const ended = `${countOf(sessionsEnded, 'session')} ended`;
        print(
          alreadyDisabled
            ? `Account ${printable(user.email)} was already disabled (since ${disabledAt}; ${ended}).`
            : `Account ${printable(user.email)} disabled: it can no longer sign in, its API keys stop working (${ended}).`,
        );
      });
    });

  const enable = program
    .command('users:enable <email>')
    .description('Enable a disabled account again: it can sign in, and its API keys work again.')
    .action(async () => {
      const email = emailOperand({ name: 'users:enable', operands: enable.args });
      await withSession(async (session) => {
        const result = await session.usecases.enable({ email });
        if (result.outcome === 'user_not_found') return refuseUnknownEmail(session, 'users:enable', result);
        const { user, wasDisabled } = result;
        session.logger.info(
          { command: 'users:enable', userId: user.id, email: user.email, wasDisabled },
          'Account enabled by the administrator',
        );
        print(
          wasDisabled
            ? `Account ${printable(user.email)} enabled: it can sign in again.`
            : `Account ${printable(user.email)} was not disabled; nothing changed.`,
        );
      });
    });

  const importPaperless = program
    .command('import:paperless <source>')
    .description(
      'Import a Paperless-ngx export (the folder document_exporter wrote, or a .zip of it) into an organization, printing the progress and the report. Run again, it imports only what is missing.',
    )
    .requiredOption('--organization <id>', 'the id of the organization to import into (org_…)')
    .option('--json', 'print the report as JSON')
    .action(async () => {
      const [source, ...extra] = importPaperless.args;
      if (!source?.trim() || extra.length > 0)
        throw new UsageError('import:paperless takes one folder or .zip path.');
      const { organization, json } = importPaperless.opts() as { organization: string; json?: boolean };
      await withSession(async (session) => {
        let ended: Awaited<ReturnType<AdminSession['runPaperlessImport']>>;
        try {
          ended = await session.runPaperlessImport({
            source,
            organizationId: organization,
            onProgress: ({ progress, ratePerSecond, etaSeconds }) => {
              io.stderr.write(
                `${progress.processed}/${progress.total ?? '?'} documents (${progress.imported} imported, ${progress.skipped} skipped, ${progress.failed} failed)` +
                  `${ratePerSecond !== null ? `, ${ratePerSecond}/s` : ''}${etaSeconds !== null ? `, about ${etaSeconds} s left` : ''}\n`,
              );
            },
          });
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (
            typeof code === 'string' &&
            (code.startsWith('paperless_imports.') || code === 'organizations.not_found')
          )
            return refuse(`${(error as Error).message} (${code}); nothing was imported.`);
          throw error;
        }
        const { import: result, report } = ended;
        session.logger.info(
          {
            command: 'import:paperless',
            importId: result.id,
            organizationId: organization,
            status: result.status,
          },
          'Paperless-ngx import run by the administrator',
        );
        if (json) {
          print(JSON.stringify(report ?? { import: result }, null, 2));
        } else {
          print(formatPaperlessReport(result, report));
        }
        if (result.status !== 'done') exitCode = ADMIN_EXIT_CODES.refused;
      });
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (isCommanderError(error)) {
      // Help asked for (exit code 0) is not an error; commander has already printed what went wrong.
      if (error.exitCode === 0) return ADMIN_EXIT_CODES.done;
      // Commander's own message already points at --help for an unknown command.
      if (error.code !== 'commander.help' && error.code !== 'commander.unknownCommand')
        io.stderr.write(`${HELP_HINT}\n`);
      return ADMIN_EXIT_CODES.usage;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\n${HELP_HINT}\n`);
      return ADMIN_EXIT_CODES.usage;
    }
    throw error;
  }
  return exitCode;
}

/** The report as the command prints it: the counts, then each item skipped, mismatched or missing. */
function formatPaperlessReport(
  result: Awaited<ReturnType<AdminSession['runPaperlessImport']>>['import'],
  report: Awaited<ReturnType<AdminSession['runPaperlessImport']>>['report'],
): string {
  const lines = [
    `Import ${result.id}: ${result.status}${result.error ? ` (${result.error.code}: ${result.error.message})` : ''}`,
  ];
  if (!report) return lines.join('\n');
  const { summary } = report;
  lines.push(
    `Paperless-ngx ${summary.paperlessVersion ?? 'version unknown'}; imported: ${summary.imported.documents} documents, ${summary.imported.tags} tags, ${summary.imported.properties} properties (${summary.imported.propertyValues} values), ${summary.imported.notes} notes, ${summary.imported.savedViews} saved views, ${summary.imported.taggingRules} tagging rules.`,
  );
  const already = report.documents.filter((document) => document.outcome === 'already_imported').length;
  if (already > 0) lines.push(`${countOf(already, 'document')} already imported before.`);
  for (const item of report.skipped)
    lines.push(
      `Skipped ${item.kind}${item.name ? ` "${printable(item.name)}"` : ''}${item.paperlessId !== null ? ` (#${item.paperlessId})` : ''}: ${item.reason}`,
    );
  for (const item of report.checksumMismatches)
    lines.push(
      `Checksum mismatch: document #${item.paperlessId}, ${printable(item.file)} (expected ${item.expected}, got ${item.actual}).`,
    );
  for (const item of report.missingFiles)
    lines.push(`Missing file: document #${item.paperlessId}, ${printable(item.file)}.`);
  for (const item of report.overLimit)
    lines.push(`Over a plan limit: document #${item.paperlessId} "${printable(item.name)}" (${item.limit}).`);
  if (report.notImported.length > 0)
    lines.push(
      `Not imported: ${report.notImported.map(({ kind, count }) => `${count} ${kind.replaceAll('_', ' ')}`).join(', ')}.`,
    );
  return lines.join('\n');
}

function isCommanderError(error: unknown): error is CommanderError {
  return (
    error instanceof Error &&
    typeof (error as Partial<CommanderError>).code === 'string' &&
    (error as Partial<CommanderError>).code?.startsWith('commander.') === true
  );
}

import type { AdminUserSummary } from '../modules/account-security/account-admin.usecases';

/** "1 session", "3 sessions". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * Names and addresses come from users and identity providers: control characters (a terminal's
 * escape sequences among them) are shown as "?" rather than sent to the operator's terminal.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to replace.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** "2026-05-04 09:12 UTC", a date an operator reads at a glance. */
function shortDate(timestamp: string): string {
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)} UTC`;
}

/** `users:list` as a table with a header row, columns padded to their widest cell. */
export function formatUsersTable(users: AdminUserSummary[]): string {
  const header = ['ID', 'E-MAIL', 'NAME', 'CREATED', 'TWO-FACTOR', 'PASSKEYS', 'PASSWORD', 'STATUS'];
  const rows = users.map((user) => [
    user.id,
    printable(user.email),
    printable(user.name),
    shortDate(user.createdAt),
    user.twoFactorEnabled ? 'on' : 'off',
    String(user.passkeysCount),
    user.hasPassword ? 'yes' : 'no',
    user.disabledAt ? `disabled since ${shortDate(user.disabledAt)}` : 'active',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

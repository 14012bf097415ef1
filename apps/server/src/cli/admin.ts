// `npm run admin -- <command>`: account administration for the person who runs the server.
// `npm run admin -- --help` lists the commands; the README's "Administration commands" explains them.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config';
import { ADMIN_EXIT_CODES, runAdmin } from './admin.program';
import { readNewPassword } from './read-password';

// The same database as `npm start`'s server: it runs from the repository root (where a relative
// DATA_DIR or file: DATABASE_URL is read from), with the root's .env, in production unless told.
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
process.chdir(repositoryRoot);
const envFile = path.join(repositoryRoot, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
process.env.NODE_ENV ??= 'production';

try {
  process.exitCode = await runAdmin(process.argv.slice(2), {
    // Loaded only for a command that runs: help and usage errors answer without the database drivers.
    openSession: async () => (await import('./admin.session')).openAdminSession(process.env),
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      readPassword: () => readNewPassword({ input: process.stdin, output: process.stderr }),
      isInteractive: process.stdin.isTTY === true,
    },
  });
} catch (error) {
  // A bad configuration says which variable; anything else (the database unreachable…) as it is.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = ADMIN_EXIT_CODES.refused;
}

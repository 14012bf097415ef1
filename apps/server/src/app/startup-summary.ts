import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';

export type StartupSummary = {
  version: string;
  url: string;
  dataDir: string;
  database: string;
  storage: string;
  emails: string;
};

/** The server's version, from its package.json (beside src/ in development, above dist/ when built). */
export function readServerVersion(fromDir = import.meta.dirname): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    const file = path.resolve(fromDir, candidate);
    if (!fs.existsSync(file)) continue;
    const { name, version } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (name === '@sheaf/server' && version) return version;
  }
  return 'unknown';
}

/** Where a PostgreSQL URL points, without its user or password. */
function describePostgres(connectionString: string): string {
  const url = new URL(connectionString);
  return `PostgreSQL, database ${url.pathname.replace(/^\//, '') || 'postgres'} on ${url.hostname}:${url.port || '5432'}`;
}

/** What a newcomer needs after `npm start`: where the UI is and where their data goes. */
export function describeStartup({ config, version }: { config: Config; version: string }): StartupSummary {
  const { env } = config;
  return {
    version,
    url: env.APP_BASE_URL,
    dataDir: config.dataDir,
    database:
      config.database.dialect === 'sqlite'
        ? `SQLite, ${config.database.filename}`
        : describePostgres(config.database.connectionString),
    storage:
      env.DOCUMENTS_STORAGE_DRIVER === 's3'
        ? `S3 bucket ${env.DOCUMENTS_STORAGE_S3_BUCKET ?? ''}${env.DOCUMENTS_STORAGE_S3_ENDPOINT ? ` at ${env.DOCUMENTS_STORAGE_S3_ENDPOINT}` : ''}`
        : `files in ${env.DOCUMENTS_STORAGE_FILESYSTEM_ROOT ? path.resolve(env.DOCUMENTS_STORAGE_FILESYSTEM_ROOT) : path.join(config.dataDir, 'documents')}`,
    emails:
      env.EMAILS_DRIVER === 'smtp'
        ? `sent through ${new URL(env.SMTP_URL ?? 'smtp://localhost').hostname}`
        : 'printed here; set SMTP_URL (and EMAILS_DRIVER=smtp) to send them',
  };
}

/** The summary as a short block for a terminal. */
export function formatStartupSummary(summary: StartupSummary): string {
  const rows: Array<[string, string]> = [
    ['Open', summary.url],
    ['Data', summary.dataDir],
    ['Database', summary.database],
    ['Documents', summary.storage],
    ['E-mails', summary.emails],
  ];
  return [
    '',
    `  Sheaf ${summary.version} is ready.`,
    '',
    ...rows.map(([label, value]) => `  ${label.padEnd(10)} ${value}`),
    '',
    '  Stop it with Ctrl+C.',
    '',
  ].join('\n');
}

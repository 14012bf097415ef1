import type { PaperlessImportDto, PaperlessImportReport } from '@sheaf/contracts/paperless-imports';
import { createServices } from '../app/services';
import type { Config } from '../config/config';
import type { AppDatabase } from '../db/database';
import { resolveAuthSecret } from '../modules/auth/auth.secret';
import { createJobQueue } from '../modules/jobs/jobs.queue';
import { systemClock } from '../shared/clock';
import { createApiError } from '../shared/errors';
import type { Logger } from '../shared/logger';

/**
 * `import:paperless <folder|zip> --organization <id>`: imports a Paperless-ngx export in this
 * process, with the server's services on its database (the import is recorded like one started in
 * the web app, and listed there). Progress is told through `onProgress` about once a second; answers
 * the ended import and its report. Run again after an interruption, it imports only what is missing.
 */
export async function runPaperlessImportCommand({
  config,
  database,
  logger,
  source,
  organizationId,
  onProgress,
}: {
  config: Config;
  database: AppDatabase;
  logger: Logger;
  source: string;
  organizationId: string;
  onProgress: (progress: PaperlessImportDto) => void;
}): Promise<{ import: PaperlessImportDto; report: PaperlessImportReport | null }> {
  const organization = await database.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!organization)
    throw createApiError('organizations.not_found', {
      message: `No organization has the id ${organizationId}.`,
    });
  const jobQueue = createJobQueue({ database, clock: systemClock, logger });
  const services = createServices({
    config,
    database,
    logger,
    clock: systemClock,
    jobQueue,
    authSecret: resolveAuthSecret({ config, logger }),
  });
  const { paperlessImports } = services;
  try {
    const queued = await paperlessImports.createFromFolder({
      organizationId,
      userId: null,
      folder: source,
      asAdministrator: true,
      runInline: true,
    });
    const importId = queued.id;
    const running = paperlessImports.runImport({ importId });
    const timer = setInterval(() => {
      paperlessImports.getImport({ organizationId, importId }).then(onProgress, () => {});
    }, 1000);
    try {
      await running;
    } finally {
      clearInterval(timer);
    }
    const ended = await paperlessImports.getImport({ organizationId, importId });
    const report = await paperlessImports.getReport({ organizationId, importId }).catch(() => null);
    return { import: ended, report };
  } finally {
    await services.extractionPool.close();
    services.webhookSender.close();
  }
}

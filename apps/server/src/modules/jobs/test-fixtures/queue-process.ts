// A separate OS process running a job queue against a test database, so tests can check what
// happens when several processes share one database. Arguments: one JSON object (see Args).
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { openDatabaseAt, type TestDatabaseLocation } from '../../../test/test-database-location';
import { createJobQueue } from '../jobs.queue';

type Args = {
  location: TestDatabaseLocation;
  now: string;
  outputFile: string;
  /** Waits until this epoch millisecond so the processes start their work together. */
  startAt: number;
};

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const database = openDatabaseAt(args.location);
const queue = createJobQueue({
  database,
  clock: { now: () => new Date(args.now) },
  logger: pino({ level: 'silent' }),
});
queue.register<{ index?: number }>('test.process-job', async (payload, { jobId }) => {
  fs.appendFileSync(args.outputFile, `${process.pid} ${jobId} ${payload?.index ?? 'periodic'}\n`);
  await sleep(2);
});
queue.schedule({ name: 'test-process-schedule', type: 'test.process-job', intervalMs: 60 * 60 * 1000 });

await sleep(Math.max(0, args.startAt - Date.now()));
await queue.runDueSchedules();
await queue.runDueJobs();
await database.destroy();

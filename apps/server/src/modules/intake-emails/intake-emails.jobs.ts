import type { JobQueue } from '../jobs/jobs.queue';
import {
  type IntakeEmailsUsecases,
  PROCESS_INTAKE_EMAIL_JOB_TYPE,
  PROCESS_INTAKE_EMAIL_MAX_ATTEMPTS,
  type ProcessIntakeEmailPayload,
} from './intake-emails.usecases';

/** Processes each stored intake message (a light job: parsing and uploads, no extraction). */
export function registerIntakeEmailsJobs({
  jobQueue,
  intakeEmails,
}: {
  jobQueue: JobQueue;
  intakeEmails: Pick<IntakeEmailsUsecases, 'processReceived'>;
}) {
  jobQueue.register<ProcessIntakeEmailPayload>(
    PROCESS_INTAKE_EMAIL_JOB_TYPE,
    async ({ receivedId }, { attempt }) => {
      await intakeEmails.processReceived({ receivedId, attempt });
    },
    // A job that fails for good leaves its stored message in intake_email_received (and its last
    // error in the jobs table) for an operator to look at.
    { kind: 'light', maxAttempts: PROCESS_INTAKE_EMAIL_MAX_ATTEMPTS },
  );
}

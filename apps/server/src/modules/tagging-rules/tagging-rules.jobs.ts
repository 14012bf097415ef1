import type { JobQueue } from '../jobs/jobs.queue';
import {
  APPLY_TAGGING_RULE_JOB_TYPE,
  type ApplyTaggingRulePayload,
  type TaggingRulesUsecases,
} from './tagging-rules.usecases';

const APPLY_MAX_ATTEMPTS = 3;

/** Runs of rules over existing documents: retried from their cursor, failed after the last try. */
export function registerTaggingRulesJobs({
  jobQueue,
  taggingRules,
}: {
  jobQueue: JobQueue;
  taggingRules: TaggingRulesUsecases;
}) {
  jobQueue.register<ApplyTaggingRulePayload>(
    APPLY_TAGGING_RULE_JOB_TYPE,
    ({ runId }, { attempt, signal }) =>
      taggingRules.runTaggingRuleRun({ runId, signal, isLastAttempt: attempt >= APPLY_MAX_ATTEMPTS }),
    { maxAttempts: APPLY_MAX_ATTEMPTS, backoffBaseMs: 2_000 },
  );
}

import type {
  TaggingRuleCondition,
  TaggingRuleDto,
  TaggingRuleMatchMode,
  TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, TaggingRulesTable, Timestamp } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { describeError } from '../jobs/jobs.models';
import type { JobQueue } from '../jobs/jobs.queue';
import type { TagsUsecases } from '../tags/tags.usecases';
import { createTaggingRuleNotFoundError, createTaggingRuleRunNotFoundError } from './tagging-rules.errors';
import { parseConditions, ruleMatches, toTaggingRuleDto, toTaggingRuleRunDto } from './tagging-rules.models';
import { createTaggingRulesRepository } from './tagging-rules.repository';

/** A rule as the body of POST and PUT gives it, parsed by `taggingRuleInputSchema`. */
export type TaggingRuleFields = {
  name: string;
  description: string | null;
  conditions: TaggingRuleCondition[];
  tagIds: string[];
  enabled: boolean;
  conditionMatchMode: TaggingRuleMatchMode;
};

/** Documents read and tagged per transaction when a rule is applied to existing documents. */
export const APPLY_BATCH_SIZE = 100;

/** The job that applies a rule to existing documents; its payload names the run. */
export const APPLY_TAGGING_RULE_JOB_TYPE = 'tagging-rules.apply';
export type ApplyTaggingRulePayload = { runId: string };

/** Finished runs kept per rule (the newest); older ones are deleted when a new run starts. */
export const RUNS_KEPT_PER_RULE = 10;

export function createTaggingRulesUsecases({
  database,
  jobQueue,
  clock = systemClock,
  tags,
}: {
  database: AppDatabase;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  clock?: Clock;
  /**
   * The tags module: checks a rule's tags, and attaches them (with their `tagged` activity
   * entries) in the caller's transaction.
   */
  tags: Pick<TagsUsecases, 'requireTags' | 'attachTagsToDocument'>;
}) {
  const repository = createTaggingRulesRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  const toDtos = async (rows: TaggingRulesTable[]) => {
    const taggingRuleIds = rows.map(({ id }) => id);
    const [actions, latestRuns] = await Promise.all([
      repository.getActionsByRuleIds({ taggingRuleIds }),
      repository.getLatestRunsByRuleIds({ taggingRuleIds }),
    ]);
    return rows.map((row) => toTaggingRuleDto(row, actions.get(row.id) ?? [], latestRuns.get(row.id)));
  };

  async function getTaggingRule({
    organizationId,
    taggingRuleId,
  }: {
    organizationId: string;
    taggingRuleId: string;
  }): Promise<TaggingRuleDto> {
    const row = await repository.findById({ organizationId, taggingRuleId });
    if (!row) throw createTaggingRuleNotFoundError();
    const [dto] = await toDtos([row]);
    return dto!;
  }

  const columnsOf = (fields: TaggingRuleFields) => ({
    name: fields.name,
    description: fields.description,
    conditions: JSON.stringify(fields.conditions),
    match_mode: fields.conditionMatchMode,
    enabled: fields.enabled ? (1 as const) : (0 as const),
  });

  return {
    async listTaggingRules({ organizationId }: { organizationId: string }) {
      return toDtos(await repository.list({ organizationId }));
    },

    getTaggingRule,

    async createTaggingRule({
      organizationId,
      fields,
    }: {
      organizationId: string;
      fields: TaggingRuleFields;
    }) {
      const id = generateId('tr');
      await database.db.transaction().execute(async (trx) => {
        await tags.requireTags({ trx, organizationId, tagIds: fields.tagIds });
        const createdAt = now();
        const rules = createTaggingRulesRepository({ db: trx });
        await rules.insert({
          id,
          organization_id: organizationId,
          ...columnsOf(fields),
          created_at: createdAt,
          updated_at: createdAt,
        });
        await rules.replaceActions({ taggingRuleId: id, tagIds: fields.tagIds, now: createdAt });
      });
      return getTaggingRule({ organizationId, taggingRuleId: id });
    },

    /** Replaces the whole rule (PUT has the body of POST). */
    async updateTaggingRule({
      organizationId,
      taggingRuleId,
      fields,
    }: {
      organizationId: string;
      taggingRuleId: string;
      fields: TaggingRuleFields;
    }) {
      await database.db.transaction().execute(async (trx) => {
        const rules = createTaggingRulesRepository({ db: trx });
        if (!(await rules.findById({ organizationId, taggingRuleId })))
          throw createTaggingRuleNotFoundError();
        await tags.requireTags({ trx, organizationId, tagIds: fields.tagIds });
        const updatedAt = now();
        await rules.update({
          organizationId,
          taggingRuleId,
          set: { ...columnsOf(fields), updated_at: updatedAt },
        });
        await rules.replaceActions({ taggingRuleId, tagIds: fields.tagIds, now: updatedAt });
      });
      return getTaggingRule({ organizationId, taggingRuleId });
    },

    async deleteTaggingRule({
      organizationId,
      taggingRuleId,
    }: {
      organizationId: string;
      taggingRuleId: string;
    }) {
      if (!(await repository.delete({ organizationId, taggingRuleId })))
        throw createTaggingRuleNotFoundError();
    },

    /**
     * Starts a run of one rule — enabled or not, since it is asked for explicitly — over the
     * organization's existing documents, as a durable job. While a run of the rule is pending or
     * going on, that run is answered instead of starting a second one.
     */
    async startTaggingRuleRun({
      organizationId,
      taggingRuleId,
    }: {
      organizationId: string;
      taggingRuleId: string;
    }): Promise<TaggingRuleRunDto> {
      const run = await database.db.transaction().execute(async (trx) => {
        const rules = createTaggingRulesRepository({ db: trx });
        if (!(await rules.findById({ organizationId, taggingRuleId })))
          throw createTaggingRuleNotFoundError();
        const active = await rules.findActiveRun({ taggingRuleId });
        if (active) return active;
        await rules.pruneFinishedRuns({ taggingRuleId, keep: RUNS_KEPT_PER_RULE - 1 });
        const row = {
          id: generateId('trr'),
          organization_id: organizationId,
          tagging_rule_id: taggingRuleId,
          status: 'pending' as const,
          processed_documents_count: 0,
          tagged_documents_count: 0,
          last_document_id: null,
          error: null,
          created_at: now(),
          started_at: null,
          finished_at: null,
        };
        await rules.insertRun(row);
        await jobQueue.enqueue(
          APPLY_TAGGING_RULE_JOB_TYPE,
          { runId: row.id } satisfies ApplyTaggingRulePayload,
          {
            trx,
          },
        );
        return row;
      });
      return toTaggingRuleRunDto(run);
    },

    async getTaggingRuleRun({
      organizationId,
      taggingRuleId,
      runId,
    }: {
      organizationId: string;
      taggingRuleId: string;
      runId: string;
    }): Promise<TaggingRuleRunDto> {
      if (!(await repository.findById({ organizationId, taggingRuleId })))
        throw createTaggingRuleNotFoundError();
      const run = await repository.findRun({ organizationId, taggingRuleId, runId });
      if (!run) throw createTaggingRuleRunNotFoundError();
      return toTaggingRuleRunDto(run);
    },

    /**
     * The run's job: goes through the organization's documents outside the trash by id, from the
     * run's cursor, in batches of APPLY_BATCH_SIZE. Each batch attaches the rule's tags where its
     * conditions match (with `tagged` entries by no user) and moves the run's counts and cursor in
     * one transaction, so a run taken over after a crash neither skips nor counts a document twice.
     * `taggedDocumentsCount` counts documents that got at least one new tag. Stops between batches
     * when `signal` aborts (the queue releases the job); marks the run failed when `isLastAttempt`.
     */
    async runTaggingRuleRun({
      runId,
      signal,
      isLastAttempt,
    }: {
      runId: string;
      signal?: AbortSignal;
      isLastAttempt: boolean;
    }) {
      const run = await repository.findRunById({ runId });
      if (!run || run.status === 'succeeded' || run.status === 'failed') return;
      const { organization_id: organizationId, tagging_rule_id: taggingRuleId } = run;
      try {
        await repository.updateRun({
          runId,
          set: { status: 'running', started_at: run.started_at ?? now(), error: null },
        });
        const rule = await getTaggingRule({ organizationId, taggingRuleId });
        const tagIds = rule.actions.map(({ tagId }) => tagId);
        const withContent = rule.conditions.some(({ field }) => field === 'content');
        let afterId = run.last_document_id;
        while (tagIds.length > 0) {
          if (signal?.aborted) return;
          const batch = await repository.listActiveDocumentsAfter({
            organizationId,
            afterId,
            limit: APPLY_BATCH_SIZE,
            withContent,
          });
          if (batch.length === 0) break;
          const matching = batch.filter((document) => ruleMatches(rule, document));
          const lastDocumentId = batch[batch.length - 1]!.id;
          await database.db.transaction().execute(async (trx) => {
            let tagged = 0;
            const at = now();
            for (const document of matching) {
              const attached = await tags.attachTagsToDocument({
                trx,
                organizationId,
                documentId: document.id,
                tagIds,
                userId: null,
                now: at,
              });
              if (attached.length > 0) tagged++;
            }
            await createTaggingRulesRepository({ db: trx }).advanceRun({
              runId,
              processed: batch.length,
              tagged,
              lastDocumentId,
            });
          });
          if (batch.length < APPLY_BATCH_SIZE) break;
          afterId = lastDocumentId;
        }
        await repository.updateRun({ runId, set: { status: 'succeeded', finished_at: now() } });
      } catch (error) {
        if (isLastAttempt)
          await repository.updateRun({
            runId,
            set: { status: 'failed', error: describeError(error), finished_at: now() },
          });
        throw error;
      }
    },

    /**
     * The engine, run inside the transaction that saves a document's extracted text: every
     * enabled rule of the organization whose conditions match attaches its tags, skipping those
     * the document carries, with `tagged` activity entries by no user.
     */
    async applyRulesToDocument({
      trx,
      organizationId,
      documentId,
      name,
      content,
      now: at,
    }: {
      trx: Transaction<Database>;
      organizationId: string;
      documentId: string;
      name: string;
      content: string;
      now: Timestamp;
    }) {
      const rules = createTaggingRulesRepository({ db: trx });
      const enabled = await rules.listEnabled({ organizationId });
      const matching = enabled.filter((row) =>
        ruleMatches(
          { conditions: parseConditions(row.conditions), conditionMatchMode: row.match_mode },
          { name, content },
        ),
      );
      if (matching.length === 0) return;
      const actions = await rules.getActionsByRuleIds({ taggingRuleIds: matching.map(({ id }) => id) });
      const tagIds = [
        ...new Set(matching.flatMap(({ id }) => (actions.get(id) ?? []).map(({ tagId }) => tagId))),
      ];
      await tags.attachTagsToDocument({
        trx,
        organizationId,
        documentId,
        tagIds,
        userId: null,
        now: at,
      });
    },
  };
}

export type TaggingRulesUsecases = ReturnType<typeof createTaggingRulesUsecases>;

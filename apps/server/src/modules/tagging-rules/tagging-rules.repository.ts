import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import type {
  DatabaseOrTransaction,
  TaggingRuleRunsTable,
  TaggingRulesTable,
  Timestamp,
} from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';
import { sortTagRowsByName } from '../tags/tags.models';
import type { RuleAction } from './tagging-rules.models';

/** Rule action ids: `tra_` and 24 random alphanumerics. */
const generateActionId = () => `tra_${randomAlphanumeric(ID_RANDOM_LENGTH)}`;

export function createTaggingRulesRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    /** The organization's rules, oldest first. */
    async list({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('tagging_rules')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The organization's enabled rules, oldest first (the engine's query). */
    async listEnabled({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('tagging_rules')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('enabled', '=', 1)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async findById({ organizationId, taggingRuleId }: { organizationId: string; taggingRuleId: string }) {
      return db
        .selectFrom('tagging_rules')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', taggingRuleId)
        .executeTakeFirst();
    },

    async insert(row: TaggingRulesTable) {
      await db.insertInto('tagging_rules').values(row).execute();
    },

    /** False when no such rule is in the organization. */
    async update({
      organizationId,
      taggingRuleId,
      set,
    }: {
      organizationId: string;
      taggingRuleId: string;
      set: Omit<TaggingRulesTable, 'id' | 'organization_id' | 'created_at'>;
    }) {
      const result = await db
        .updateTable('tagging_rules')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', taggingRuleId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the rule and its actions; false when no such rule is in the organization. */
    async delete({ organizationId, taggingRuleId }: { organizationId: string; taggingRuleId: string }) {
      const result = await db
        .deleteFrom('tagging_rules')
        .where('organization_id', '=', organizationId)
        .where('id', '=', taggingRuleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Makes `tagIds` the rule's tags, in that order. */
    async replaceActions({
      taggingRuleId,
      tagIds,
      now,
    }: {
      taggingRuleId: string;
      tagIds: string[];
      now: Timestamp;
    }) {
      await db.deleteFrom('tagging_rule_actions').where('tagging_rule_id', '=', taggingRuleId).execute();
      if (tagIds.length === 0) return;
      await db
        .insertInto('tagging_rule_actions')
        .values(
          tagIds.map((tagId) => ({
            id: generateActionId(),
            tagging_rule_id: taggingRuleId,
            tag_id: tagId,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Each rule's tags, by rule id, in the order of the tags list (sortTagRowsByName). */
    async getActionsByRuleIds({ taggingRuleIds }: { taggingRuleIds: string[] }) {
      const byRule = new Map<string, RuleAction[]>();
      if (taggingRuleIds.length === 0) return byRule;
      const rows = await db
        .selectFrom('tagging_rule_actions')
        .innerJoin('tags', 'tags.id', 'tagging_rule_actions.tag_id')
        .select(['tagging_rule_actions.tagging_rule_id', 'tags.id', 'tags.name', 'tags.color'])
        .where('tagging_rule_actions.tagging_rule_id', 'in', taggingRuleIds)
        .execute();
      for (const { tagging_rule_id, ...tag } of sortTagRowsByName(rows)) {
        const list = byRule.get(tagging_rule_id) ?? [];
        list.push({ tagId: tag.id, tag });
        byRule.set(tagging_rule_id, list);
      }
      return byRule;
    },

    /** Each rule's newest run, by rule id. */
    async getLatestRunsByRuleIds({ taggingRuleIds }: { taggingRuleIds: string[] }) {
      const byRule = new Map<string, TaggingRuleRunsTable>();
      if (taggingRuleIds.length === 0) return byRule;
      // Old runs are pruned (RUNS_KEPT_PER_RULE), so reading every run of these rules stays small.
      const rows = await db
        .selectFrom('tagging_rule_runs')
        .selectAll()
        .where('tagging_rule_id', 'in', taggingRuleIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows) if (!byRule.has(row.tagging_rule_id)) byRule.set(row.tagging_rule_id, row);
      return byRule;
    },

    async findRun({
      organizationId,
      taggingRuleId,
      runId,
    }: {
      organizationId: string;
      taggingRuleId: string;
      runId: string;
    }) {
      return db
        .selectFrom('tagging_rule_runs')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('tagging_rule_id', '=', taggingRuleId)
        .where('id', '=', runId)
        .executeTakeFirst();
    },

    async findRunById({ runId }: { runId: string }) {
      return db.selectFrom('tagging_rule_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    },

    /** The rule's run that is waiting or going on, if any. */
    async findActiveRun({ taggingRuleId }: { taggingRuleId: string }) {
      return db
        .selectFrom('tagging_rule_runs')
        .selectAll()
        .where('tagging_rule_id', '=', taggingRuleId)
        .where('status', 'in', ['pending', 'running'])
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    async insertRun(row: TaggingRuleRunsTable) {
      await db.insertInto('tagging_rule_runs').values(row).execute();
    },

    async updateRun({
      runId,
      set,
    }: {
      runId: string;
      set: Partial<Omit<TaggingRuleRunsTable, 'id' | 'organization_id' | 'tagging_rule_id' | 'created_at'>>;
    }) {
      await db.updateTable('tagging_rule_runs').set(set).where('id', '=', runId).execute();
    },

    /** Adds a batch to the run's counts and moves its cursor past the batch. */
    async advanceRun({
      runId,
      processed,
      tagged,
      lastDocumentId,
    }: {
      runId: string;
      processed: number;
      tagged: number;
      lastDocumentId: string;
    }) {
      await db
        .updateTable('tagging_rule_runs')
        .set((eb) => ({
          processed_documents_count: eb('processed_documents_count', '+', processed),
          tagged_documents_count: eb('tagged_documents_count', '+', tagged),
          last_document_id: lastDocumentId,
        }))
        .where('id', '=', runId)
        .execute();
    },

    /** Deletes the rule's finished runs beyond the newest `keep`. */
    async pruneFinishedRuns({ taggingRuleId, keep }: { taggingRuleId: string; keep: number }) {
      const kept = await db
        .selectFrom('tagging_rule_runs')
        .select('id')
        .where('tagging_rule_id', '=', taggingRuleId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep)
        .execute();
      let query = db
        .deleteFrom('tagging_rule_runs')
        .where('tagging_rule_id', '=', taggingRuleId)
        .where('status', 'in', ['succeeded', 'failed']);
      if (kept.length > 0)
        query = query.where(
          'id',
          'not in',
          kept.map(({ id }) => id),
        );
      await query.execute();
    },

    /**
     * A page of the organization's documents outside the trash, by id after `afterId`; with their
     * content only when asked (it can be megabytes), else an empty one.
     */
    async listActiveDocumentsAfter({
      organizationId,
      afterId,
      limit,
      withContent,
    }: {
      organizationId: string;
      afterId: string | null;
      limit: number;
      withContent: boolean;
    }): Promise<Array<{ id: string; name: string; content: string }>> {
      let query = db
        .selectFrom('documents')
        .select(['id', 'name'])
        .where('organization_id', '=', organizationId)
        .where('is_deleted', '=', 0);
      if (afterId !== null) query = query.where('id', '>', afterId);
      query = query.orderBy('id').limit(limit);
      if (withContent) return query.select('content').execute();
      return (await query.execute()).map((row) => ({ ...row, content: '' }));
    },
  };
}

export type TaggingRulesRepository = ReturnType<typeof createTaggingRulesRepository>;

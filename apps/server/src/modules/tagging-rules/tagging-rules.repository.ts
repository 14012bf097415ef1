import { ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import type { PropertyValue } from '@sheaf/contracts/properties';
import type { TaggingRulePropertyAction } from '@sheaf/contracts/tagging-rules';
import type {
  DatabaseOrTransaction,
  TaggingRuleRunsTable,
  TaggingRulesTable,
  Timestamp,
} from '../../db/database.types';
import { randomAlphanumeric } from '../../shared/ids';
import { propertyValueFromRows } from '../documents/documents.property-values';
import { parsePropertyOptions } from '../properties/properties.models';
import { sortTagRowsByName } from '../tags/tags.models';
import {
  parsePropertyActionValue,
  type RuleAction,
  type RulePropertyDefinition,
} from './tagging-rules.models';

/** Rule action ids: `tra_` and 24 random alphanumerics (tag and property actions alike). */
const generateActionId = () => `tra_${randomAlphanumeric(ID_RANDOM_LENGTH)}`;

/** What the rules read of a document (the content only when a rule reads it: it can be megabytes). */
export type RuleDocumentRow = {
  id: string;
  name: string;
  content: string;
  mime_type: string;
  document_date: string | null;
};

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

    /** Makes `actions` the rule's property actions, in that order (values already checked). */
    async replacePropertyActions({
      taggingRuleId,
      actions,
      now,
    }: {
      taggingRuleId: string;
      actions: TaggingRulePropertyAction[];
      now: Timestamp;
    }) {
      await db
        .deleteFrom('tagging_rule_property_actions')
        .where('tagging_rule_id', '=', taggingRuleId)
        .execute();
      if (actions.length === 0) return;
      await db
        .insertInto('tagging_rule_property_actions')
        .values(
          actions.map(({ propertyId, value }, position) => ({
            id: generateActionId(),
            tagging_rule_id: taggingRuleId,
            property_id: propertyId,
            value: JSON.stringify(value),
            position,
            created_at: now,
          })),
        )
        .execute();
    },

    /** Each rule's property actions, by rule id, in their order. */
    async getPropertyActionsByRuleIds({ taggingRuleIds }: { taggingRuleIds: string[] }) {
      const byRule = new Map<string, TaggingRulePropertyAction[]>();
      if (taggingRuleIds.length === 0) return byRule;
      const rows = await db
        .selectFrom('tagging_rule_property_actions')
        .select(['tagging_rule_id', 'property_id', 'value'])
        .where('tagging_rule_id', 'in', taggingRuleIds)
        .orderBy('tagging_rule_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const list = byRule.get(row.tagging_rule_id) ?? [];
        list.push({ propertyId: row.property_id, value: parsePropertyActionValue(row.value) });
        byRule.set(row.tagging_rule_id, list);
      }
      return byRule;
    },

    /**
     * The organization's property definitions (type and options), by id: what conditions and
     * actions are checked against. Read here, in the caller's transaction, as the documents list
     * reads tags (the rules run inside the transaction that saves extracted text).
     */
    async getPropertyDefinitions({ organizationId }: { organizationId: string }) {
      const rows = await db
        .selectFrom('property_definitions')
        .select(['id', 'type', 'options'])
        .where('organization_id', '=', organizationId)
        .execute();
      return new Map<string, RulePropertyDefinition>(
        rows.map((row) => [row.id, { type: row.type, options: parsePropertyOptions(row.options) }]),
      );
    },

    /**
     * The values of `propertyIds` (all of them when absent) each document carries, by document id
     * then property id, read with the definitions' types.
     */
    async getPropertyValues({
      documentIds,
      definitions,
      propertyIds,
    }: {
      documentIds: string[];
      definitions: ReadonlyMap<string, RulePropertyDefinition>;
      propertyIds?: string[];
    }) {
      const byDocument = new Map<string, Record<string, PropertyValue>>();
      if (documentIds.length === 0 || propertyIds?.length === 0) return byDocument;
      let query = db
        .selectFrom('document_property_values')
        .select([
          'document_id',
          'property_id',
          'value_text',
          'value_number',
          'value_currency',
          'value_date',
          'value_boolean',
          'value_option_id',
          'value_user_id',
        ])
        .where('document_id', 'in', documentIds);
      if (propertyIds) query = query.where('property_id', 'in', propertyIds);
      const rows = await query.execute();
      const grouped = new Map<string, Map<string, typeof rows>>();
      for (const row of rows) {
        const ofDocument = grouped.get(row.document_id) ?? new Map<string, typeof rows>();
        ofDocument.set(row.property_id, [...(ofDocument.get(row.property_id) ?? []), row]);
        grouped.set(row.document_id, ofDocument);
      }
      for (const [documentId, ofDocument] of grouped) {
        const values: Record<string, PropertyValue> = {};
        for (const [propertyId, valueRows] of ofDocument) {
          const definition = definitions.get(propertyId);
          if (!definition) continue;
          const value = propertyValueFromRows(
            definition.type,
            valueRows,
            definition.options.map(({ id }) => id),
          );
          if (value !== null) values[propertyId] = value;
        }
        byDocument.set(documentId, values);
      }
      return byDocument;
    },

    /** What the rules read of one document of the organization (any, trashed or not), or undefined. */
    async findRuleDocument({
      organizationId,
      documentId,
    }: {
      organizationId: string;
      documentId: string;
    }): Promise<Omit<RuleDocumentRow, 'content'> | undefined> {
      return db
        .selectFrom('documents')
        .select(['id', 'name', 'mime_type', 'document_date'])
        .where('organization_id', '=', organizationId)
        .where('id', '=', documentId)
        .executeTakeFirst();
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
    }): Promise<RuleDocumentRow[]> {
      let query = db
        .selectFrom('documents')
        .select(['id', 'name', 'mime_type', 'document_date'])
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

import type {
  ApplyTaggingRuleResult,
  TaggingRuleCondition,
  TaggingRuleDto,
  TaggingRuleMatchMode,
} from '@sheaf/contracts/tagging-rules';
import type { Kysely, Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, TaggingRulesTable, Timestamp } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { createTagNotFoundError } from '../tags/tags.errors';
import { createTagsRepository } from '../tags/tags.repository';
import { attachTagsToDocument } from '../tags/tags.usecases';
import { createTaggingRuleNotFoundError } from './tagging-rules.errors';
import { parseConditions, ruleMatches, toTaggingRuleDto } from './tagging-rules.models';
import { createTaggingRulesRepository } from './tagging-rules.repository';

type DatabaseOrTransaction = Kysely<Database> | Transaction<Database>;

/** A rule as the body of POST and PUT gives it, parsed by `taggingRuleInputSchema`. */
export type TaggingRuleFields = {
  name: string;
  description: string | null;
  conditions: TaggingRuleCondition[];
  tagIds: string[];
  enabled: boolean;
  matchMode: TaggingRuleMatchMode;
};

/** Documents read and tagged per transaction when a rule is applied to existing documents. */
export const APPLY_BATCH_SIZE = 100;

/** Every id of `tagIds` must be a tag of the organization: else 404 `tags.not_found`. */
async function requireTags({
  db,
  organizationId,
  tagIds,
}: {
  db: DatabaseOrTransaction;
  organizationId: string;
  tagIds: string[];
}) {
  const existing = await createTagsRepository({ db }).findExistingIds({ organizationId, tagIds });
  if (tagIds.some((tagId) => !existing.has(tagId))) throw createTagNotFoundError();
}

export function createTaggingRulesUsecases({
  database,
  clock = systemClock,
}: {
  database: AppDatabase;
  clock?: Clock;
}) {
  const repository = createTaggingRulesRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  const toDtos = async (rows: TaggingRulesTable[]) => {
    const actions = await repository.getActionsByRuleIds({ taggingRuleIds: rows.map(({ id }) => id) });
    return rows.map((row) => toTaggingRuleDto(row, actions.get(row.id) ?? []));
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
    match_mode: fields.matchMode,
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
        await requireTags({ db: trx, organizationId, tagIds: fields.tagIds });
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
        await requireTags({ db: trx, organizationId, tagIds: fields.tagIds });
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
     * Runs one rule — enabled or not, since it is asked for explicitly — over the organization's
     * documents outside the trash, in batches of APPLY_BATCH_SIZE (one transaction each), attaching
     * its tags where its conditions match, with `tagged` activity entries by no user. Answers how
     * many documents got at least one new tag; running it again answers 0.
     */
    async applyTaggingRule({
      organizationId,
      taggingRuleId,
    }: {
      organizationId: string;
      taggingRuleId: string;
    }): Promise<ApplyTaggingRuleResult> {
      const rule = await getTaggingRule({ organizationId, taggingRuleId });
      const tagIds = rule.actions.map(({ tagId }) => tagId);
      if (tagIds.length === 0) return { taggedDocumentsCount: 0 };
      const withContent = rule.conditions.some(({ field }) => field === 'content');
      let taggedDocumentsCount = 0;
      let afterId: string | null = null;
      for (;;) {
        const batch = await repository.listActiveDocumentsAfter({
          organizationId,
          afterId,
          limit: APPLY_BATCH_SIZE,
          withContent,
        });
        const matching = batch.filter((document) => ruleMatches(rule, document));
        if (matching.length > 0) {
          taggedDocumentsCount += await database.db.transaction().execute(async (trx) => {
            let tagged = 0;
            const at = now();
            for (const document of matching) {
              const attached = await attachTagsToDocument({
                db: trx,
                organizationId,
                documentId: document.id,
                tagIds,
                userId: null,
                now: at,
              });
              if (attached.length > 0) tagged++;
            }
            return tagged;
          });
        }
        if (batch.length < APPLY_BATCH_SIZE) break;
        afterId = batch[batch.length - 1]!.id;
      }
      return { taggedDocumentsCount };
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
          { conditions: parseConditions(row.conditions), matchMode: row.match_mode },
          { name, content },
        ),
      );
      if (matching.length === 0) return;
      const actions = await rules.getActionsByRuleIds({ taggingRuleIds: matching.map(({ id }) => id) });
      const tagIds = [
        ...new Set(matching.flatMap(({ id }) => (actions.get(id) ?? []).map(({ tagId }) => tagId))),
      ];
      await attachTagsToDocument({ db: trx, organizationId, documentId, tagIds, userId: null, now: at });
    },
  };
}

export type TaggingRulesUsecases = ReturnType<typeof createTaggingRulesUsecases>;

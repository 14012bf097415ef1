import { propertyValueSchemaFor } from '@sheaf/contracts/properties';
import {
  propertyConditionIssues,
  propertyIdsReadByRule,
  ruleReadsContent,
  type TaggingRuleCondition,
  type TaggingRuleDto,
  type TaggingRuleMatchMode,
  type TaggingRulePropertyAction,
  type TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import type { ValidationIssue } from '@sheaf/contracts/validation-issues';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, TaggingRulesTable, Timestamp } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { createValidationError, isHttpError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import { describeError } from '../jobs/jobs.models';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PropertiesUsecases } from '../properties/properties.usecases';
import type { TagsUsecases } from '../tags/tags.usecases';
import { createTaggingRuleNotFoundError, createTaggingRuleRunNotFoundError } from './tagging-rules.errors';
import {
  parseConditions,
  propertyValuesSetByRules,
  type RuleDocument,
  type RulePropertyDefinition,
  ruleMatches,
  toTaggingRuleDto,
  toTaggingRuleRunDto,
} from './tagging-rules.models';
import { createTaggingRulesRepository, type RuleDocumentRow } from './tagging-rules.repository';

/** A rule as the body of POST and PUT gives it, parsed by `taggingRuleInputSchema`. */
export type TaggingRuleFields = {
  name: string;
  description: string | null;
  conditions: TaggingRuleCondition[];
  tagIds: string[];
  setProperties: TaggingRulePropertyAction[];
  enabled: boolean;
  conditionMatchMode: TaggingRuleMatchMode;
};

/** A rule as the engine applies it: its conditions and both kinds of actions. */
type ApplicableRule = {
  conditions: TaggingRuleCondition[];
  conditionMatchMode: TaggingRuleMatchMode;
  tagIds: string[];
  setProperties: TaggingRulePropertyAction[];
};

/** The document as the matcher reads it, from its row and its property values. */
const toRuleDocument = (
  row: RuleDocumentRow,
  propertyValues: RuleDocument['propertyValues'] = {},
): RuleDocument => ({
  name: row.name,
  content: row.content,
  documentDate: row.document_date,
  mimeType: row.mime_type,
  propertyValues,
});

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
  properties,
}: {
  database: AppDatabase;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  clock?: Clock;
  /**
   * The tags module: checks a rule's tags, and attaches them (with their `tagged` activity
   * entries) in the caller's transaction.
   */
  tags: Pick<TagsUsecases, 'requireTags' | 'attachTagsToDocument'>;
  /**
   * The properties module: checks the values of a rule's property actions, and sets them (with
   * their `updated` activity entries, none when the value is already there) in the caller's
   * transaction.
   */
  properties: Pick<PropertiesUsecases, 'checkPropertyValue' | 'setDocumentPropertyValue'>;
}) {
  const repository = createTaggingRulesRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  const toDtos = async (rows: TaggingRulesTable[]) => {
    const taggingRuleIds = rows.map(({ id }) => id);
    const [actions, propertyActions, latestRuns] = await Promise.all([
      repository.getActionsByRuleIds({ taggingRuleIds }),
      repository.getPropertyActionsByRuleIds({ taggingRuleIds }),
      repository.getLatestRunsByRuleIds({ taggingRuleIds }),
    ]);
    return rows.map((row) =>
      toTaggingRuleDto(row, {
        actions: actions.get(row.id) ?? [],
        setProperties: propertyActions.get(row.id) ?? [],
        latestRun: latestRuns.get(row.id),
      }),
    );
  };

  /**
   * Checks the rule's property conditions and actions against the organization's properties, and
   * answers the actions with their values as they will be stored. Every issue at once, as 400
   * `api.validation_error` at the body's paths (`conditions.<i>.value`, `setProperties.<i>.propertyId`…).
   */
  async function checkPropertyFields({
    trx,
    organizationId,
    fields,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    fields: TaggingRuleFields;
  }): Promise<TaggingRulePropertyAction[]> {
    const issues: ValidationIssue[] = [];
    const usesProperties =
      fields.setProperties.length > 0 || fields.conditions.some(({ field }) => field === 'property');
    if (!usesProperties) return [];
    const definitions = await createTaggingRulesRepository({ db: trx }).getPropertyDefinitions({
      organizationId,
    });
    fields.conditions.forEach((condition, index) => {
      if (condition.field !== 'property') return;
      for (const { path, message } of propertyConditionIssues(
        condition,
        definitions.get(condition.propertyId),
      )) {
        issues.push({ path: `conditions.${index}.${path}`, message, code: 'custom' });
      }
    });
    const actions: TaggingRulePropertyAction[] = [];
    for (const [index, { propertyId, value }] of fields.setProperties.entries()) {
      if (!definitions.has(propertyId)) {
        issues.push({
          path: `setProperties.${index}.propertyId`,
          message: 'This property does not exist',
          code: 'custom',
        });
        continue;
      }
      try {
        const checked = await properties.checkPropertyValue({ organizationId, propertyId, value, db: trx });
        actions.push({ propertyId, value: checked });
      } catch (error) {
        // The value's issues, moved from the property's own body (`value…`) to this action.
        if (!isHttpError(error) || error.code !== 'api.validation_error') throw error;
        for (const issue of error.details as ValidationIssue[])
          issues.push({ ...issue, path: `setProperties.${index}.${issue.path}` });
      }
    }
    if (issues.length > 0) throw createValidationError(issues);
    return actions;
  }

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
        const propertyActions = await checkPropertyFields({ trx, organizationId, fields });
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
        await rules.replacePropertyActions({ taggingRuleId: id, actions: propertyActions, now: createdAt });
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
        const propertyActions = await checkPropertyFields({ trx, organizationId, fields });
        await tags.requireTags({ trx, organizationId, tagIds: fields.tagIds });
        const updatedAt = now();
        await rules.update({
          organizationId,
          taggingRuleId,
          set: { ...columnsOf(fields), updated_at: updatedAt },
        });
        await rules.replaceActions({ taggingRuleId, tagIds: fields.tagIds, now: updatedAt });
        await rules.replacePropertyActions({ taggingRuleId, actions: propertyActions, now: updatedAt });
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
     * run's cursor, in batches of APPLY_BATCH_SIZE. Each batch applies the rule's actions where its
     * conditions match — tags (`tagged` entries by no user) and property values (`updated` entries
     * by no user; a value the document already has is not written again) — and moves the run's
     * counts and cursor in one transaction, so a run taken over after a crash neither skips, applies
     * nor counts a document twice. `taggedDocumentsCount` counts documents that got a new tag or
     * value. Stops between batches when `signal` aborts (the queue releases the job); marks the
     * run failed when `isLastAttempt`.
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
        const dto = await getTaggingRule({ organizationId, taggingRuleId });
        const rule: ApplicableRule = { ...dto, tagIds: dto.actions.map(({ tagId }) => tagId) };
        const withContent = ruleReadsContent(rule);
        const readPropertyIds = [...new Set(propertyIdsReadByRule(rule))];
        let afterId = run.last_document_id;
        while (rule.tagIds.length > 0 || rule.setProperties.length > 0) {
          if (signal?.aborted) return;
          const batch = await repository.listActiveDocumentsAfter({
            organizationId,
            afterId,
            limit: APPLY_BATCH_SIZE,
            withContent,
          });
          if (batch.length === 0) break;
          const lastDocumentId = batch[batch.length - 1]!.id;
          await database.db.transaction().execute(async (trx) => {
            const rules = createTaggingRulesRepository({ db: trx });
            const definitions = await rules.getPropertyDefinitions({ organizationId });
            const values = await rules.getPropertyValues({
              documentIds: batch.map(({ id }) => id),
              definitions,
              propertyIds: readPropertyIds,
            });
            const context = { propertyIds: new Set(definitions.keys()) };
            const propertyValues = propertyValuesSetByRules([rule]);
            let changed = 0;
            const at = now();
            for (const document of batch) {
              if (!ruleMatches(rule, toRuleDocument(document, values.get(document.id)), context)) continue;
              const applied = await applyActions({
                trx,
                organizationId,
                documentId: document.id,
                tagIds: rule.tagIds,
                propertyValues,
                definitions,
                now: at,
              });
              if (applied) changed++;
            }
            await rules.advanceRun({ runId, processed: batch.length, tagged: changed, lastDocumentId });
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
     * The engine, run inside the transaction that saves a document's extracted text (after the
     * document date is detected there): every enabled rule of the organization whose conditions
     * match the document — its name, text, date, file type and property values as they were before
     * any rule ran — attaches its tags, skipping those the document carries, and sets its
     * properties (the oldest matching rule's value when several set one; a value already there is
     * not written again), with `tagged` and `updated` activity entries by no user.
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
      if (enabled.length === 0) return;
      const row = await rules.findRuleDocument({ organizationId, documentId });
      if (!row) return;
      const definitions = await rules.getPropertyDefinitions({ organizationId });
      const parsed = enabled.map((rule) => ({
        id: rule.id,
        conditions: parseConditions(rule.conditions),
        conditionMatchMode: rule.match_mode,
      }));
      const readPropertyIds = [...new Set(parsed.flatMap(propertyIdsReadByRule))];
      const values = await rules.getPropertyValues({
        documentIds: [documentId],
        definitions,
        propertyIds: readPropertyIds,
      });
      const document = toRuleDocument({ ...row, name, content }, values.get(documentId));
      const context = { propertyIds: new Set(definitions.keys()) };
      const matching = parsed.filter((rule) => ruleMatches(rule, document, context));
      if (matching.length === 0) return;
      const taggingRuleIds = matching.map(({ id }) => id);
      const actions = await rules.getActionsByRuleIds({ taggingRuleIds });
      const propertyActions = await rules.getPropertyActionsByRuleIds({ taggingRuleIds });
      await applyActions({
        trx,
        organizationId,
        documentId,
        tagIds: [
          ...new Set(taggingRuleIds.flatMap((id) => (actions.get(id) ?? []).map(({ tagId }) => tagId))),
        ],
        propertyValues: propertyValuesSetByRules(
          taggingRuleIds.map((id) => ({ setProperties: propertyActions.get(id) ?? [] })),
        ),
        definitions,
        now: at,
      });
    },
  };

  /**
   * Attaches `tagIds` and sets `propertyValues` on the document, in `trx`; answers whether
   * anything changed. A value that no longer fits its property (an option removed, a member gone
   * since the rule was saved) or a property deleted is skipped, not an error: the rest still applies.
   */
  async function applyActions({
    trx,
    organizationId,
    documentId,
    tagIds,
    propertyValues,
    definitions,
    now: at,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    documentId: string;
    tagIds: string[];
    propertyValues: ReadonlyMap<string, TaggingRulePropertyAction['value']>;
    definitions: ReadonlyMap<string, RulePropertyDefinition>;
    now: Timestamp;
  }): Promise<boolean> {
    let changed = false;
    if (tagIds.length > 0) {
      const attached = await tags.attachTagsToDocument({
        trx,
        organizationId,
        documentId,
        tagIds,
        userId: null,
        now: at,
      });
      changed = attached.length > 0;
    }
    for (const [propertyId, value] of propertyValues) {
      const definition = definitions.get(propertyId);
      if (!definition || !propertyValueSchemaFor(definition).safeParse(value).success) continue;
      try {
        const result = await properties.setDocumentPropertyValue({
          organizationId,
          documentId,
          propertyId,
          value,
          userId: null,
          db: trx,
          now: at,
        });
        if (result.changed) changed = true;
      } catch (error) {
        // Refused before any write (a member who left, the document trashed meanwhile): no
        // statement failed, so the transaction carries on without this value.
        if (isHttpError(error) && SKIPPED_ACTION_ERRORS.has(error.code)) continue;
        throw error;
      }
    }
    return changed;
  }
}

/** What a property action may meet that skips it rather than failing the document's transaction. */
const SKIPPED_ACTION_ERRORS = new Set<string>([
  'api.validation_error',
  'documents.not_found',
  'properties.not_found',
]);

export type TaggingRulesUsecases = ReturnType<typeof createTaggingRulesUsecases>;

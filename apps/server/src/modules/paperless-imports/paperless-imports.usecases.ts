import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PROPERTY_OPTIONS_LIMIT } from '@sheaf/contracts/limits';
import {
  isPaperlessImportFinished,
  type PaperlessImportDto,
  type PaperlessImportReport,
  type PaperlessImportSkipParams,
  type PaperlessImportSkipReason,
  type PaperlessImportSource,
  type PaperlessImportStatus,
  type PaperlessImportSummary,
} from '@sheaf/contracts/paperless-imports';
import type { PropertyDefinitionDto, PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import { createSavedViewSchema } from '@sheaf/contracts/saved-views';
import type { TaggingRuleCondition } from '@sheaf/contracts/tagging-rules';
import type { TagDto } from '@sheaf/contracts/tags';
import type { AppDatabase } from '../../db/database';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { type HttpError, isHttpError } from '../../shared/errors';
import { generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { NotesUsecases } from '../notes/notes.usecases';
import type { PropertiesUsecases } from '../properties/properties.usecases';
import type { SavedViewsUsecases } from '../saved-views/saved-views.usecases';
import type { TaggingRulesUsecases } from '../tagging-rules/tagging-rules.usecases';
import type { TagsUsecases } from '../tags/tags.usecases';
import {
  createPaperlessImportError,
  createPaperlessImportNotFoundError,
  isPaperlessImportFailure,
} from './paperless-imports.errors';
import {
  ASN_PROPERTY_NAME,
  asNumber,
  asString,
  CORRESPONDENT_PROPERTY_NAME,
  CUSTOM_FIELD_TYPES,
  cleanName,
  countNotImported,
  customFieldValueOf,
  DOCUMENT_TYPE_PROPERTY_NAME,
  defaultCurrencyOf,
  describePaperlessImportSkip,
  documentDateOf,
  emptyReport,
  MATCHING_ALGORITHMS,
  nestedTagNames,
  PAPERLESS_IMPORT_JOB_TYPE,
  type PaperlessImportJobPayload,
  type PaperlessRecord,
  paperlessVersionOf,
  propertyNameOf,
  savedViewFiltersOf,
  selectOptionsOf,
  summaryOf,
  tagColorOf,
  tagParentOf,
  timestampOf,
  toPaperlessImportDto,
} from './paperless-imports.models';
import {
  EXPORTER_FILE_NAME,
  exportFilePath,
  looksLikeZip,
  openPaperlessExport,
  type PaperlessExport,
} from './paperless-imports.reader';
import { createPaperlessImportsRepository } from './paperless-imports.repository';

const OPTION_COLOR = '#7cc7ff';

/** How often a running import writes its progress (its cancellation is seen as often). */
const PROGRESS_SAVE_MS = 200;

/** The organization's members by lower-cased e-mail address (note authors). */
export type ListMemberEmails = (organizationId: string) => Promise<Map<string, string>>;

type Counters = { processed: number; imported: number; skipped: number; failed: number };

/** Why an import stopped before its end: cancelled by a user, or the worker stopping (resumed later). */
class ImportInterrupted extends Error {
  constructor(readonly reason: 'cancelled' | 'stopping') {
    super(reason);
  }
}

/** What a document's fields are mapped with: the tags, properties and custom fields made so far. */
type DocumentMappings = {
  tagIds: Map<number, string>;
  correspondent: PropertyDefinitionDto | undefined;
  correspondentNames: Map<number, string>;
  documentType: PropertyDefinitionDto | undefined;
  documentTypeNames: Map<number, string>;
  asn: PropertyDefinitionDto | undefined;
  customFields: Map<
    number,
    {
      dataType: string;
      definition: PropertyDefinitionDto;
      options: Map<string, string>;
      currency: string | null;
    }
  >;
  instances: PaperlessRecord[];
};

/**
 * Imports of Paperless-ngx exports: the import row and its job, the run (resumable and idempotent:
 * documents already imported, by Paperless id or by content, are not imported again), the report.
 */
type SkippedItem = Pick<PaperlessImportReport['skipped'][number], 'kind' | 'paperlessId' | 'name'>;

/** Lists an item in the report's `skipped`, with its reason's code, parameters and English text. */
function skipItem(
  report: PaperlessImportReport,
  item: SkippedItem,
  code: PaperlessImportSkipReason,
  params: PaperlessImportSkipParams = {},
) {
  report.skipped.push({ ...item, code, params, reason: describePaperlessImportSkip(code, params) });
}

/** skipItem for what Sheaf refused with an error of the catalogue (a plan limit, a bad value…). */
function skipRefused(report: PaperlessImportReport, item: SkippedItem, error: HttpError) {
  skipItem(report, item, 'refused', { code: error.code, message: error.message });
}

export function createPaperlessImportsUsecases({
  database,
  clock = systemClock,
  jobQueue,
  documents,
  tags,
  properties,
  notes,
  taggingRules,
  savedViews,
  listMemberEmails,
  findOrganizationOwnerId,
  workDir,
  adminEmails,
  logger,
}: {
  database: AppDatabase;
  clock?: Clock;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  documents: Pick<DocumentsUsecases, 'importDocumentFromFile' | 'findDocumentIdByContent'>;
  tags: Pick<TagsUsecases, 'listTags' | 'createTag' | 'attachTagsToDocument'>;
  properties: Pick<
    PropertiesUsecases,
    | 'listPropertyDefinitions'
    | 'createPropertyDefinition'
    | 'updatePropertyDefinition'
    | 'setDocumentPropertyValue'
  >;
  notes: Pick<NotesUsecases, 'createNote' | 'listNotes'>;
  taggingRules: Pick<TaggingRulesUsecases, 'listTaggingRules' | 'createTaggingRule'>;
  savedViews: Pick<SavedViewsUsecases, 'listSavedViews' | 'createSavedView'>;
  listMemberEmails: ListMemberEmails;
  /** The user id of the organization's owner (null when it has none). */
  findOrganizationOwnerId: (organizationId: string) => Promise<string | null>;
  /** Where uploaded zips are kept until their import ends, and exports are extracted. */
  workDir: string;
  /** The server's administrators (lower-cased e-mail addresses): they may import from a folder. */
  adminEmails: readonly string[];
  logger: Logger;
}) {
  const repository = createPaperlessImportsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());
  const uploadsDir = path.join(workDir, 'uploads');
  const extractDir = path.join(workDir, 'extracted');

  async function requireImport({ organizationId, importId }: { organizationId: string; importId: string }) {
    const row = await repository.findById({ organizationId, importId });
    if (!row) throw createPaperlessImportNotFoundError();
    return row;
  }

  const toDto = (row: Parameters<typeof toPaperlessImportDto>[0]) => toPaperlessImportDto(row, clock.now());

  async function queueImport({
    organizationId,
    userId,
    source,
    sourceName,
    sourcePath,
    importId = generateId('pli'),
    queue = true,
  }: {
    organizationId: string;
    userId: string | null;
    source: PaperlessImportSource;
    sourceName: string;
    sourcePath: string;
    importId?: string;
    /** False: the caller runs it (the admin command), no job is queued. */
    queue?: boolean;
  }): Promise<PaperlessImportDto> {
    await database.db.transaction().execute(async (trx) => {
      await createPaperlessImportsRepository({ db: trx }).insert({
        id: importId,
        organization_id: organizationId,
        created_by: userId,
        source,
        source_name: sourceName,
        source_path: sourcePath,
        status: 'queued',
        processed: 0,
        imported: 0,
        skipped: 0,
        failed: 0,
        created_at: now(),
      });
      if (queue)
        await jobQueue.enqueue(PAPERLESS_IMPORT_JOB_TYPE, { importId } satisfies PaperlessImportJobPayload, {
          trx,
        });
    });
    return toDto(await requireImport({ organizationId, importId }));
  }

  // ---- The run ------------------------------------------------------------------------------

  async function ensureTags({
    organizationId,
    records,
    report,
  }: {
    organizationId: string;
    records: PaperlessRecord[];
    report: PaperlessImportReport;
  }) {
    const paperlessTags = records.map((record) => ({
      pk: Number(record.pk),
      name: cleanName(record.fields.name, 64),
      parent: tagParentOf(record.fields),
      color: tagColorOf(record.fields),
    }));
    const names = nestedTagNames(paperlessTags);
    const existing = new Map(
      (await tags.listTags({ organizationId })).map((tag) => [tag.name.toLowerCase(), tag]),
    );
    const tagIds = new Map<number, string>();
    for (const tag of paperlessTags) {
      const name = names.get(tag.pk) ?? '';
      if (name === '') {
        skipItem(report, { kind: 'tag', paperlessId: tag.pk, name: null }, 'tag_without_name');
        continue;
      }
      let found: TagDto | undefined = existing.get(name.toLowerCase());
      if (!found) {
        try {
          found = await tags.createTag({
            organizationId,
            fields: { name, color: tag.color, description: null },
          });
          report.summary.imported.tags++;
        } catch (error) {
          if (!isHttpError(error) || error.code !== 'tags.already_exists') throw error;
          found = (await tags.listTags({ organizationId })).find(
            (t) => t.name.toLowerCase() === name.toLowerCase(),
          );
        }
        if (found) existing.set(name.toLowerCase(), found);
      }
      if (found) tagIds.set(tag.pk, found.id);
    }
    return tagIds;
  }

  /**
   * The property named `name` of `type`: the organization's (its select options completed with
   * `optionNames`) or a new one. Undefined, with the reason in the report, when the name is taken by
   * another type or the organization has no room for another property.
   */
  async function ensureProperty({
    organizationId,
    name,
    type,
    description,
    optionNames = [],
    currency = null,
    definitions,
    report,
    skippedAs,
  }: {
    organizationId: string;
    name: string;
    type: PropertyType;
    description: string | null;
    optionNames?: string[];
    currency?: string | null;
    definitions: Map<string, PropertyDefinitionDto>;
    report: PaperlessImportReport;
    skippedAs: { kind: PaperlessImportReport['skipped'][number]['kind']; paperlessId: number | null };
  }): Promise<PropertyDefinitionDto | undefined> {
    const wanted = [...new Set(optionNames)];
    const kept = wanted.slice(0, PROPERTY_OPTIONS_LIMIT);
    for (const dropped of wanted.slice(PROPERTY_OPTIONS_LIMIT)) {
      skipItem(report, { kind: skippedAs.kind, paperlessId: null, name: dropped }, 'options_limit', {
        property: name,
        limit: PROPERTY_OPTIONS_LIMIT,
      });
    }
    let definition = definitions.get(name.toLowerCase());
    if (definition && definition.type !== type) {
      skipItem(
        report,
        { kind: skippedAs.kind, paperlessId: skippedAs.paperlessId, name },
        'property_of_another_type',
        {
          property: definition.name,
          type: definition.type,
        },
      );
      return undefined;
    }
    try {
      if (!definition) {
        definition = await properties.createPropertyDefinition({
          organizationId,
          fields: {
            name,
            type,
            description,
            ...(type === 'select'
              ? { options: kept.map((option) => ({ name: option, color: OPTION_COLOR })) }
              : {}),
            ...(type === 'monetary' ? { currency } : {}),
          },
        });
        report.summary.imported.properties++;
      } else if (type === 'select') {
        const known = new Set(definition.options.map((option) => option.name.toLowerCase()));
        const missing = kept.filter((option) => !known.has(option.toLowerCase()));
        const room = PROPERTY_OPTIONS_LIMIT - definition.options.length;
        if (missing.length > 0 && room > 0) {
          definition = await properties.updatePropertyDefinition({
            organizationId,
            propertyId: definition.id,
            changes: {
              options: [
                ...definition.options.map(({ id, name: optionName, color }) => ({
                  id,
                  name: optionName,
                  color,
                })),
                ...missing.slice(0, room).map((option) => ({ name: option, color: OPTION_COLOR })),
              ],
            },
          });
        }
      }
    } catch (error) {
      if (
        isHttpError(error) &&
        (error.code === 'properties.limit_reached' || error.code === 'api.validation_error')
      ) {
        skipRefused(report, { kind: skippedAs.kind, paperlessId: skippedAs.paperlessId, name }, error);
        return undefined;
      }
      throw error;
    }
    definitions.set(name.toLowerCase(), definition);
    return definition;
  }

  const optionIdOf = (definition: PropertyDefinitionDto | undefined, name: string) =>
    definition?.options.find((option) => option.name.toLowerCase() === name.toLowerCase())?.id;

  /** Words of an `any`/`all` match as Paperless splits them: quoted phrases kept together. */
  const matchWords = (match: string) =>
    [...match.matchAll(/"([^"]+)"|(\S+)/g)]
      .map(([, quoted, word]) => (quoted ?? word ?? '').replace(/\s+/g, ' ').trim())
      .filter((word) => word !== '');

  async function importMatchingRules({
    organizationId,
    byModel,
    tagIds,
    correspondent,
    documentType,
    report,
  }: {
    organizationId: string;
    byModel: Map<string, PaperlessRecord[]>;
    tagIds: Map<number, string>;
    correspondent: PropertyDefinitionDto | undefined;
    documentType: PropertyDefinitionDto | undefined;
    report: PaperlessImportReport;
  }) {
    const existing = new Set(
      (await taggingRules.listTaggingRules({ organizationId })).map((rule) => rule.name.toLowerCase()),
    );
    const sources = [
      { model: 'documents.tag', label: 'Tag' },
      { model: 'documents.correspondent', label: 'Correspondent' },
      { model: 'documents.documenttype', label: 'Document type' },
    ] as const;
    for (const { model, label } of sources) {
      for (const record of byModel.get(model) ?? []) {
        const pk = Number(record.pk);
        const name = cleanName(record.fields.name, 64);
        const algorithm =
          MATCHING_ALGORITHMS[
            asNumber(record.fields.matching_algorithm) as keyof typeof MATCHING_ALGORITHMS
          ] ?? 'none';
        const match = asString(record.fields.match)?.trim() ?? '';
        if (algorithm === 'none') continue;
        const item = { kind: 'matching_rule', paperlessId: pk, name: `${label}: ${name}` } as const;
        const skip = (code: PaperlessImportSkipReason) => skipItem(report, item, code);
        if (algorithm === 'regex' || algorithm === 'fuzzy' || algorithm === 'auto') {
          skip(
            algorithm === 'auto'
              ? 'matching_automatic'
              : algorithm === 'regex'
                ? 'matching_regex'
                : 'matching_fuzzy',
          );
          continue;
        }
        if (match === '') {
          skip('matching_without_words');
          continue;
        }
        const words = algorithm === 'literal' ? [match] : matchWords(match);
        const conditions: TaggingRuleCondition[] = words
          .slice(0, 50)
          .map((word) => ({ field: 'content', operator: 'contains', value: word.slice(0, 255) }));
        let tagIdsOfRule: string[] = [];
        let setProperties: Array<{ propertyId: string; value: PropertyValue }> = [];
        if (model === 'documents.tag') {
          const tagId = tagIds.get(pk);
          if (!tagId) {
            skip('matching_tag_not_imported');
            continue;
          }
          tagIdsOfRule = [tagId];
        } else {
          const definition = model === 'documents.correspondent' ? correspondent : documentType;
          const optionId = optionIdOf(definition, name);
          if (!definition || !optionId) {
            skip(
              model === 'documents.correspondent'
                ? 'matching_correspondent_not_imported'
                : 'matching_document_type_not_imported',
            );
            continue;
          }
          setProperties = [{ propertyId: definition.id, value: optionId }];
        }
        const ruleName = cleanName(`Paperless-ngx: ${label} ${name}`, 64);
        if (existing.has(ruleName.toLowerCase())) continue;
        try {
          await taggingRules.createTaggingRule({
            organizationId,
            fields: {
              name: ruleName,
              description: `Imported from Paperless-ngx (${algorithm} matching${
                record.fields.is_insensitive === false ? ', case-sensitive there' : ''
              }).`,
              conditions,
              tagIds: tagIdsOfRule,
              setProperties,
              enabled: true,
              conditionMatchMode: algorithm === 'any' ? 'any' : 'all',
            },
          });
          existing.add(ruleName.toLowerCase());
          report.summary.imported.taggingRules++;
        } catch (error) {
          if (!isHttpError(error)) throw error;
          skipRefused(report, item, error);
        }
      }
    }
  }

  /**
   * Saved views whose filter rules all map onto Sheaf's filters become shared views (owned by the
   * member who started the import, or by the organization's owner for the administrator's command);
   * the others are reported with the rules that do not map.
   */
  async function importSavedViews({
    organizationId,
    userId: startedBy,
    byModel,
    tagIds,
    correspondent,
    correspondentNames,
    documentType,
    documentTypeNames,
    asn,
    report,
  }: {
    organizationId: string;
    userId: string | null;
    byModel: Map<string, PaperlessRecord[]>;
    tagIds: Map<number, string>;
    correspondent: PropertyDefinitionDto | undefined;
    correspondentNames: Map<number, string>;
    documentType: PropertyDefinitionDto | undefined;
    documentTypeNames: Map<number, string>;
    asn: PropertyDefinitionDto | undefined;
    report: PaperlessImportReport;
  }) {
    const rulesByView = new Map<number, Array<{ type: number; value: string | null }>>();
    for (const rule of byModel.get('documents.savedviewfilterrule') ?? []) {
      const view = asNumber(rule.fields.saved_view);
      const type = asNumber(rule.fields.rule_type);
      if (view === null || type === null) continue;
      rulesByView.set(view, [...(rulesByView.get(view) ?? []), { type, value: asString(rule.fields.value) }]);
    }
    const userId = startedBy ?? (await findOrganizationOwnerId(organizationId));
    const existing = userId
      ? new Set(
          (await savedViews.listSavedViews({ organizationId, userId, role: 'owner' })).map((view) =>
            view.name.toLowerCase(),
          ),
        )
      : new Set<string>();
    for (const view of byModel.get('documents.savedview') ?? []) {
      const pk = Number(view.pk);
      const name = cleanName(view.fields.name, 64);
      const item = { kind: 'saved_view', paperlessId: pk, name: name || null } as const;
      const mapped = savedViewFiltersOf({
        rules: rulesByView.get(pk) ?? [],
        tagIds,
        optionOf: (kind, value) => {
          const id = asNumber(value);
          if (id === null) return undefined;
          const definition = kind === 'correspondent' ? correspondent : documentType;
          const names = kind === 'correspondent' ? correspondentNames : documentTypeNames;
          const optionId = optionIdOf(definition, names.get(id) ?? '');
          return definition && optionId ? `${definition.id}:eq:${optionId}` : undefined;
        },
        asnPropertyId: asn?.id,
      });
      if ('unmapped' in mapped) {
        skipItem(report, item, 'view_filters_unmapped', { rules: mapped.unmapped.join(', ') });
        continue;
      }
      if (!userId) {
        skipItem(report, item, 'view_without_owner');
        continue;
      }
      if (name === '') {
        skipItem(report, item, 'view_without_name');
        continue;
      }
      if (existing.has(name.toLowerCase())) continue;
      const sortField = asString(view.fields.sort_field);
      const sort =
        sortField === 'created'
          ? 'documentDate'
          : sortField === 'title'
            ? 'name'
            : sortField === 'added'
              ? 'createdAt'
              : null;
      const parsed = createSavedViewSchema.safeParse({
        name,
        visibility: 'organization',
        filters: mapped.filters,
        ...(sort ? { sort, order: view.fields.sort_reverse === true ? 'desc' : 'asc' } : {}),
      });
      if (!parsed.success) {
        skipItem(report, item, 'view_does_not_fit');
        continue;
      }
      try {
        await savedViews.createSavedView({
          member: { organizationId, userId, role: 'owner' },
          input: parsed.data,
        });
        existing.add(name.toLowerCase());
        report.summary.imported.savedViews++;
      } catch (error) {
        if (!isHttpError(error)) throw error;
        skipRefused(report, item, error);
      }
    }
  }

  /** MD5 (or SHA-256 when the manifest has one) and SHA-256 of a file, read once. */
  async function hashesOf(file: string, expected: string) {
    const paperless = createHash(expected.length === 64 ? 'sha256' : 'md5');
    const sha256 = createHash('sha256');
    const stream = fs.createReadStream(file);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      paperless.update(chunk);
      sha256.update(chunk);
    }
    return { paperless: paperless.digest('hex'), sha256: sha256.digest('hex') };
  }

  async function runImport({ importId, signal }: { importId: string; signal?: AbortSignal }) {
    const row = await repository.findByIdForJob({ importId });
    if (!row || isPaperlessImportFinished(row.status as PaperlessImportStatus)) return;
    const organizationId = row.organization_id;
    const startedAt = row.started_at ?? now();
    await repository.update({
      importId,
      set: { status: 'running', started_at: startedAt },
      fromStatuses: ['queued', 'running'],
    });
    const report = emptyReport({
      importId,
      organizationId,
      source: row.source as PaperlessImportSource,
      sourceName: row.source_name,
    });
    report.startedAt = startedAt;
    // A run killed before: what it made is counted again (each thing it made is found, not made,
    // by this run). Its documents are counted by their recorded import instead.
    if (row.summary) {
      const { documents: _counted, ...made } = (JSON.parse(row.summary) as PaperlessImportSummary).imported;
      Object.assign(report.summary.imported, made);
    }

    let exported: PaperlessExport;
    try {
      // What a run killed while extracting or importing left behind.
      const leftovers = await fsp.readdir(extractDir).catch(() => [] as string[]);
      for (const name of leftovers.filter((entry) => entry.startsWith(`${importId}-`)))
        await fsp.rm(path.join(extractDir, name), { recursive: true, force: true });
      exported = await openPaperlessExport({
        source: row.source_path,
        tempDir: extractDir,
        tempPrefix: `${importId}-`,
      });
    } catch (error) {
      if (!isPaperlessImportFailure(error)) throw error;
      await finish({
        importId,
        status: 'failed',
        report,
        error: { code: error.code, message: error.message },
        summary: null,
      });
      return;
    }
    try {
      report.paperlessVersion = paperlessVersionOf(exported.version);
      report.summary.paperlessVersion = report.paperlessVersion;
      report.notImported = countNotImported(exported.records);
      const byModel = new Map<string, PaperlessRecord[]>();
      for (const record of exported.records) {
        const list = byModel.get(record.model);
        if (list) list.push(record);
        else byModel.set(record.model, [record]);
      }
      const documentRecords = (byModel.get('documents.document') ?? []).sort(
        (a, b) => Number(a.pk) - Number(b.pk),
      );
      await repository.update({ importId, set: { total: documentRecords.length } });

      const tagIds = await ensureTags({
        organizationId,
        records: byModel.get('documents.tag') ?? [],
        report,
      });
      const definitions = new Map(
        (await properties.listPropertyDefinitions({ organizationId })).map((d) => [d.name.toLowerCase(), d]),
      );
      const namesOf = (model: string) =>
        new Map(
          (byModel.get(model) ?? []).map((record) => [Number(record.pk), cleanName(record.fields.name, 64)]),
        );
      const correspondentNames = namesOf('documents.correspondent');
      const documentTypeNames = namesOf('documents.documenttype');
      const correspondent =
        correspondentNames.size > 0
          ? await ensureProperty({
              organizationId,
              name: CORRESPONDENT_PROPERTY_NAME,
              type: 'select',
              description: 'Imported from Paperless-ngx.',
              optionNames: [...correspondentNames.values()].filter((name) => name !== ''),
              definitions,
              report,
              skippedAs: { kind: 'correspondent', paperlessId: null },
            })
          : undefined;
      const documentType =
        documentTypeNames.size > 0
          ? await ensureProperty({
              organizationId,
              name: DOCUMENT_TYPE_PROPERTY_NAME,
              type: 'select',
              description: 'Imported from Paperless-ngx.',
              optionNames: [...documentTypeNames.values()].filter((name) => name !== ''),
              definitions,
              report,
              skippedAs: { kind: 'document_type', paperlessId: null },
            })
          : undefined;
      const asn = documentRecords.some((record) => asNumber(record.fields.archive_serial_number) !== null)
        ? await ensureProperty({
            organizationId,
            name: ASN_PROPERTY_NAME,
            type: 'number',
            description: 'Archive serial number, imported from Paperless-ngx.',
            definitions,
            report,
            skippedAs: { kind: 'other', paperlessId: null },
          })
        : undefined;

      // Custom fields → properties of the matching type.
      const customFields = new Map<
        number,
        {
          dataType: string;
          definition: PropertyDefinitionDto;
          options: Map<string, string>;
          currency: string | null;
        }
      >();
      for (const record of byModel.get('documents.customfield') ?? []) {
        const pk = Number(record.pk);
        const name = propertyNameOf(record.fields.name);
        const dataType = asString(record.fields.data_type) ?? '';
        const type = CUSTOM_FIELD_TYPES[dataType];
        if (!type || name === '') {
          skipItem(
            report,
            { kind: 'custom_field', paperlessId: pk, name: name || null },
            'custom_field_type',
            {
              type: dataType,
            },
          );
          continue;
        }
        const options = selectOptionsOf(record.fields.extra_data);
        const currency = defaultCurrencyOf(record.fields.extra_data);
        const definition = await ensureProperty({
          organizationId,
          name,
          type,
          description:
            dataType === 'documentlink'
              ? 'Document links imported from Paperless-ngx, as text.'
              : 'Imported from Paperless-ngx.',
          optionNames: options.map((option) => option.label),
          currency,
          definitions,
          report,
          skippedAs: { kind: 'custom_field', paperlessId: pk },
        });
        if (!definition) continue;
        const optionIds = new Map<string, string>();
        for (const option of options) {
          const id = optionIdOf(definition, option.label);
          if (id) optionIds.set(option.key, id);
        }
        customFields.set(pk, { dataType, definition, options: optionIds, currency });
      }

      const instancesByDocument = new Map<number, PaperlessRecord[]>();
      for (const instance of byModel.get('documents.customfieldinstance') ?? []) {
        const documentPk = asNumber(instance.fields.document);
        if (documentPk === null) continue;
        instancesByDocument.set(documentPk, [...(instancesByDocument.get(documentPk) ?? []), instance]);
      }
      const notesByDocument = new Map<number, PaperlessRecord[]>();
      for (const note of [
        ...(byModel.get('documents.note') ?? []),
        ...(byModel.get('documents.comment') ?? []),
      ]) {
        if (note.fields.deleted_at) continue;
        const documentPk = asNumber(note.fields.document);
        if (documentPk === null) continue;
        notesByDocument.set(documentPk, [...(notesByDocument.get(documentPk) ?? []), note]);
      }
      const paperlessUsers = new Map(
        (byModel.get('auth.user') ?? []).map((user) => [
          Number(user.pk),
          {
            username: asString(user.fields.username) ?? `#${user.pk}`,
            email: asString(user.fields.email) ?? '',
          },
        ]),
      );
      const memberEmails = await listMemberEmails(organizationId);
      const documentTitles = new Map(
        documentRecords.map((record) => [Number(record.pk), cleanName(record.fields.title, 255)]),
      );
      const alreadyImported = await repository.findImportedDocuments({ organizationId });
      const previousRuns = new Map(
        (
          await database.db
            .selectFrom('paperless_import_documents')
            .select(['paperless_id', 'import_id'])
            .where('organization_id', '=', organizationId)
            .execute()
        ).map((mapped) => [Number(mapped.paperless_id), mapped.import_id]),
      );

      const counters: Counters = { processed: 0, imported: 0, skipped: 0, failed: 0 };
      // Written at most every PROGRESS_SAVE_MS (and at the end); false once the import was cancelled.
      let savedAt = 0;
      const saveProgress = async ({ force = false } = {}) => {
        if (!force && Date.now() - savedAt < PROGRESS_SAVE_MS) return true;
        savedAt = Date.now();
        return repository.update({
          importId,
          // The counts so far, for a run resuming this one after a crash (see above).
          set: { ...counters, summary: JSON.stringify(report.summary) },
          fromStatuses: ['running'],
        });
      };
      if (!(await saveProgress({ force: true }))) throw new ImportInterrupted('cancelled');

      for (const record of documentRecords) {
        if (signal?.aborted) throw new ImportInterrupted('stopping');
        const outcome = await importOneDocument({
          organizationId,
          importId,
          record,
          exported,
          report,
          alreadyImported,
          previousRuns,
          tagIds,
          correspondent,
          correspondentNames,
          documentType,
          documentTypeNames,
          asn,
          customFields,
          instances: instancesByDocument.get(Number(record.pk)) ?? [],
          notes: notesByDocument.get(Number(record.pk)) ?? [],
          paperlessUsers,
          memberEmails,
          documentTitles,
          userId: row.created_by,
        });
        counters.processed++;
        counters[outcome]++;
        if (!(await saveProgress())) throw new ImportInterrupted('cancelled');
      }
      if (!(await saveProgress({ force: true }))) throw new ImportInterrupted('cancelled');

      await importMatchingRules({ organizationId, byModel, tagIds, correspondent, documentType, report });
      await importSavedViews({
        organizationId,
        userId: row.created_by,
        byModel,
        tagIds,
        correspondent,
        correspondentNames,
        documentType,
        documentTypeNames,
        asn,
        report,
      });
      await finish({ importId, status: 'done', report });
    } catch (error) {
      if (error instanceof ImportInterrupted) {
        if (error.reason === 'cancelled') {
          // The cancel already ended the row; its report is what was done until then.
          await finishReportOnly({ importId, report });
          return;
        }
        throw new Error('The import was interrupted: it resumes at its next run');
      }
      throw error;
    } finally {
      await exported.cleanup();
    }
  }

  async function importOneDocument({
    organizationId,
    importId,
    record,
    exported,
    report,
    alreadyImported,
    previousRuns,
    tagIds,
    correspondent,
    correspondentNames,
    documentType,
    documentTypeNames,
    asn,
    customFields,
    instances,
    notes: noteRecords,
    paperlessUsers,
    memberEmails,
    documentTitles,
    userId,
  }: {
    organizationId: string;
    importId: string;
    record: PaperlessRecord;
    exported: Pick<PaperlessExport, 'root' | 'contentOf'>;
    report: PaperlessImportReport;
    alreadyImported: Map<number, string>;
    previousRuns: Map<number, string>;
    notes: PaperlessRecord[];
    paperlessUsers: Map<number, { username: string; email: string }>;
    memberEmails: Map<string, string>;
    documentTitles: Map<number, string>;
    userId: string | null;
  } & DocumentMappings): Promise<'imported' | 'skipped' | 'failed'> {
    const pk = Number(record.pk);
    const { fields } = record;
    const originalName = cleanName(fields.original_filename, 255);
    const fileName = asString(record[EXPORTER_FILE_NAME]);
    const title =
      documentTitles.get(pk) || originalName || (fileName ? path.basename(fileName) : `Document ${pk}`);

    const mapped = alreadyImported.get(pk);
    if (mapped) {
      const outcome = previousRuns.get(pk) === importId ? 'imported' : 'already_imported';
      report.documents.push({ paperlessId: pk, documentId: mapped, name: title, outcome });
      if (outcome === 'imported') {
        report.summary.imported.documents++;
        return 'imported';
      }
      return 'skipped';
    }
    if (!fileName) {
      report.missingFiles.push({ paperlessId: pk, file: '' });
      return 'failed';
    }
    const file = exportFilePath(exported.root, fileName);
    if (!file) {
      skipItem(report, { kind: 'document', paperlessId: pk, name: title }, 'file_outside_export', {
        file: fileName,
      });
      return 'skipped';
    }
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile()) {
      report.missingFiles.push({ paperlessId: pk, file: fileName });
      return 'failed';
    }
    const expected = (asString(fields.checksum) ?? '').toLowerCase();
    const hashes = await hashesOf(file, expected);
    if (expected !== '' && hashes.paperless !== expected) {
      report.checksumMismatches.push({ paperlessId: pk, file: fileName, expected, actual: hashes.paperless });
      return 'failed';
    }

    let documentId = await documents.findDocumentIdByContent({ organizationId, sha256: hashes.sha256 });
    let created = false;
    if (!documentId) {
      try {
        const result = await documents.importDocumentFromFile({
          organizationId,
          userId,
          file: {
            name: originalName || path.basename(fileName),
            mimeType: asString(fields.mime_type) ?? undefined,
            content: fs.createReadStream(file) as Readable,
          },
          imported: {
            name: title,
            content: (await exported.contentOf(record)) ?? '',
            documentDate: documentDateOf(fields.created),
            createdAt: timestampOf(fields.added) ?? now(),
          },
        });
        documentId = result.document.id;
        created = result.created;
      } catch (error) {
        if (isHttpError(error)) {
          if (error.code === 'document.already_exists') {
            documentId = await documents.findDocumentIdByContent({ organizationId, sha256: hashes.sha256 });
          } else if (
            error.code === 'document.size_too_large' ||
            error.code === 'documents.storage_limit_reached'
          ) {
            report.overLimit.push({ paperlessId: pk, name: title, limit: error.code });
            return 'failed';
          } else if (error.code === 'api.validation_error') {
            skipRefused(report, { kind: 'document', paperlessId: pk, name: title }, error);
            return 'skipped';
          } else throw error;
        } else throw error;
      }
    }
    if (!documentId)
      throw new Error(`The document of Paperless id ${pk} could not be found after its import`);

    await applyMetadata({
      organizationId,
      documentId,
      pk,
      fields,
      report,
      tagIds,
      correspondent,
      correspondentNames,
      documentType,
      documentTypeNames,
      asn,
      customFields,
      instances,
      documentTitles,
    });
    await importNotes({ organizationId, documentId, noteRecords, report, paperlessUsers, memberEmails });
    await repository.insertImportedDocument({
      organization_id: organizationId,
      paperless_id: pk,
      document_id: documentId,
      import_id: importId,
      created_at: now(),
    });
    alreadyImported.set(pk, documentId);
    report.documents.push({
      paperlessId: pk,
      documentId,
      name: title,
      outcome: created ? 'imported' : 'already_imported',
    });
    if (created) {
      report.summary.imported.documents++;
      return 'imported';
    }
    return 'skipped';
  }

  async function applyMetadata({
    organizationId,
    documentId,
    pk,
    fields,
    report,
    tagIds,
    correspondent,
    correspondentNames,
    documentType,
    documentTypeNames,
    asn,
    customFields,
    instances,
    documentTitles,
  }: {
    organizationId: string;
    documentId: string;
    pk: number;
    fields: Record<string, unknown>;
    report: PaperlessImportReport;
    documentTitles: Map<number, string>;
  } & DocumentMappings) {
    const values: Array<{ propertyId: string; value: PropertyValue }> = [];
    const correspondentPk = asNumber(fields.correspondent);
    if (correspondentPk !== null) {
      const optionId = optionIdOf(correspondent, correspondentNames.get(correspondentPk) ?? '');
      if (correspondent && optionId) values.push({ propertyId: correspondent.id, value: optionId });
    }
    const documentTypePk = asNumber(fields.document_type);
    if (documentTypePk !== null) {
      const optionId = optionIdOf(documentType, documentTypeNames.get(documentTypePk) ?? '');
      if (documentType && optionId) values.push({ propertyId: documentType.id, value: optionId });
    }
    const serial = asNumber(fields.archive_serial_number);
    if (asn && serial !== null) values.push({ propertyId: asn.id, value: serial });
    for (const instance of instances) {
      if (instance.fields.deleted_at) continue;
      const fieldPk = asNumber(instance.fields.field);
      const field = fieldPk === null ? undefined : customFields.get(fieldPk);
      if (!field) continue;
      const value = customFieldValueOf({
        dataType: field.dataType,
        fields: instance.fields,
        defaultCurrency: field.currency,
        documentTitles,
      });
      if (value === null) continue;
      if (typeof value === 'object' && !Array.isArray(value) && 'selectKey' in value) {
        const optionId = field.options.get(value.selectKey);
        if (optionId) values.push({ propertyId: field.definition.id, value: optionId });
        continue;
      }
      values.push({ propertyId: field.definition.id, value });
    }
    const documentTagIds = (Array.isArray(fields.tags) ? fields.tags : [])
      .map((tag) => tagIds.get(Number(tag)))
      .filter((id): id is string => id !== undefined);

    await database.db.transaction().execute(async (trx) => {
      const at = now();
      if (documentTagIds.length > 0)
        await tags.attachTagsToDocument({
          trx,
          organizationId,
          documentId,
          tagIds: documentTagIds,
          userId: null,
          now: at,
        });
      for (const { propertyId, value } of values) {
        try {
          const { changed } = await properties.setDocumentPropertyValue({
            organizationId,
            documentId,
            propertyId,
            value,
            userId: null,
            db: trx,
            now: at,
          });
          if (changed) report.summary.imported.propertyValues++;
        } catch (error) {
          if (!isHttpError(error) || error.code !== 'api.validation_error') throw error;
          skipItem(report, { kind: 'custom_field', paperlessId: pk, name: null }, 'value_does_not_fit', {
            document: pk,
          });
        }
      }
    });
  }

  async function importNotes({
    organizationId,
    documentId,
    noteRecords,
    report,
    paperlessUsers,
    memberEmails,
  }: {
    organizationId: string;
    documentId: string;
    noteRecords: PaperlessRecord[];
    report: PaperlessImportReport;
    paperlessUsers: Map<number, { username: string; email: string }>;
    memberEmails: Map<string, string>;
  }) {
    if (noteRecords.length === 0) return;
    const { notes: existing } = await notes.listNotes({
      organizationId,
      documentId,
      pageIndex: 0,
      pageSize: 100,
    });
    for (const note of noteRecords) {
      const text = (asString(note.fields.note ?? note.fields.comment) ?? '').trim();
      if (text === '') {
        skipItem(report, { kind: 'note', paperlessId: Number(note.pk), name: null }, 'note_empty');
        continue;
      }
      const author = paperlessUsers.get(asNumber(note.fields.user) ?? -1);
      const authorId = author?.email ? memberEmails.get(author.email.toLowerCase()) : undefined;
      const content = authorId
        ? text
        : `Imported from Paperless-ngx (${author?.username ?? 'unknown user'})\n\n${text}`;
      const createdAt = timestampOf(note.fields.created) ?? now();
      if (existing.some((note) => note.content === content && note.createdAt === createdAt)) continue;
      try {
        await notes.createNote({ organizationId, documentId, userId: authorId ?? null, content, createdAt });
        report.summary.imported.notes++;
      } catch (error) {
        if (!isHttpError(error) || error.code !== 'api.validation_error') throw error;
        skipRefused(report, { kind: 'note', paperlessId: Number(note.pk), name: null }, error);
      }
    }
  }

  const withCounts = (report: PaperlessImportReport): PaperlessImportSummary =>
    summaryOf({ paperlessVersion: report.paperlessVersion, imported: report.summary.imported }, report);

  async function finish({
    importId,
    status,
    report,
    error = null,
    summary,
  }: {
    importId: string;
    status: 'done' | 'failed';
    report: PaperlessImportReport;
    error?: { code: string; message: string } | null;
    summary?: PaperlessImportSummary | null;
  }) {
    const finishedAt = now();
    const finalSummary = summary === undefined ? withCounts(report) : summary;
    const finalReport: PaperlessImportReport = {
      ...report,
      status,
      finishedAt,
      summary: finalSummary ?? withCounts(report),
    };
    await repository.update({
      importId,
      set: {
        status,
        finished_at: finishedAt,
        error_code: error?.code ?? null,
        error_message: error?.message ?? null,
        summary: finalSummary ? JSON.stringify(finalSummary) : null,
        report: JSON.stringify(finalReport),
      },
      fromStatuses: ['queued', 'running'],
    });
    await removeUpload(importId);
  }

  /** A cancelled import: its row ended already; the report of what was done is kept. */
  async function finishReportOnly({ importId, report }: { importId: string; report: PaperlessImportReport }) {
    const row = await repository.findByIdForJob({ importId });
    const summary = withCounts(report);
    await repository.update({
      importId,
      set: {
        summary: JSON.stringify(summary),
        report: JSON.stringify({
          ...report,
          status: 'cancelled',
          finishedAt: row?.finished_at ?? now(),
          summary,
        }),
      },
    });
    await removeUpload(importId);
  }

  async function removeUpload(importId: string) {
    await fsp.rm(path.join(uploadsDir, `${importId}.zip`), { force: true }).catch((error: unknown) => {
      logger.warn({ err: error, importId }, 'Could not remove an imported zip');
    });
  }

  return {
    /** Stores an uploaded zip (a stream, never whole in memory), then queues its import. */
    async createFromUpload({
      organizationId,
      userId,
      fileName,
      content,
    }: {
      organizationId: string;
      userId: string | null;
      fileName: string;
      content: Readable;
    }): Promise<PaperlessImportDto> {
      const importId = generateId('pli');
      await fsp.mkdir(uploadsDir, { recursive: true });
      const target = path.join(uploadsDir, `${importId}.zip`);
      try {
        await pipeline(content, fs.createWriteStream(target, { flags: 'wx' }));
        if (!(await looksLikeZip(target))) throw createPaperlessImportError('paperless_imports.not_a_zip');
      } catch (error) {
        await fsp.rm(target, { force: true });
        throw error;
      }
      return queueImport({
        organizationId,
        userId,
        source: 'upload',
        sourceName: cleanName(fileName, 255) || 'export.zip',
        sourcePath: target,
        importId,
      });
    },

    /**
     * Queues the import of a folder (or zip) on the server. `asAdministrator`: the caller is a server
     * administrator (the admin command, or a user listed in SERVER_ADMIN_EMAILS).
     */
    async createFromFolder({
      organizationId,
      userId,
      userEmail,
      folder,
      asAdministrator = false,
      runInline = false,
    }: {
      organizationId: string;
      userId: string | null;
      userEmail?: string;
      folder: string;
      asAdministrator?: boolean;
      /** The caller runs the import itself (runImport), no job is queued. */
      runInline?: boolean;
    }): Promise<PaperlessImportDto> {
      const isAdministrator =
        asAdministrator || (userEmail !== undefined && adminEmails.includes(userEmail.toLowerCase()));
      if (!isAdministrator) throw createPaperlessImportError('paperless_imports.forbidden_folder');
      const resolved = path.resolve(folder);
      const stat = await fsp.stat(resolved).catch(() => undefined);
      if (!stat) throw createPaperlessImportError('paperless_imports.folder_not_found');
      if (!stat.isDirectory() && !(await looksLikeZip(resolved)))
        throw createPaperlessImportError('paperless_imports.not_a_zip');
      return queueImport({
        organizationId,
        userId,
        source: 'folder',
        sourceName: resolved,
        sourcePath: resolved,
        queue: !runInline,
      });
    },

    async listImports({ organizationId }: { organizationId: string }) {
      return (await repository.listRecent({ organizationId })).map(toDto);
    },

    async getImport({ organizationId, importId }: { organizationId: string; importId: string }) {
      return toDto(await requireImport({ organizationId, importId }));
    },

    async getReport({ organizationId, importId }: { organizationId: string; importId: string }) {
      const row = await requireImport({ organizationId, importId });
      if (!row.report || !isPaperlessImportFinished(row.status as PaperlessImportStatus))
        throw createPaperlessImportError('paperless_imports.report_not_ready');
      return JSON.parse(row.report) as PaperlessImportReport;
    },

    /** Ends a queued or running import at once (a running one stops before its next document). */
    async cancelImport({ organizationId, importId }: { organizationId: string; importId: string }) {
      const row = await requireImport({ organizationId, importId });
      const finishedAt = now();
      const report: PaperlessImportReport = {
        ...emptyReport({
          importId,
          organizationId,
          source: row.source as PaperlessImportSource,
          sourceName: row.source_name,
        }),
        status: 'cancelled',
        startedAt: row.started_at,
        finishedAt,
      };
      const cancelled = await repository.update({
        importId,
        set: {
          status: 'cancelled',
          finished_at: finishedAt,
          summary: JSON.stringify(report.summary),
          report: JSON.stringify(report),
        },
        fromStatuses: ['queued', 'running'],
      });
      if (!cancelled) throw createPaperlessImportError('paperless_imports.already_finished');
      if (row.status === 'queued') await removeUpload(importId);
      return toDto(await requireImport({ organizationId, importId }));
    },

    runImport,

    /** After the job's last attempt failed: the import ends `failed`, what it imported staying. */
    async failImport({ importId, message }: { importId: string; message: string }) {
      const row = await repository.findByIdForJob({ importId });
      if (!row) return;
      const report = emptyReport({
        importId,
        organizationId: row.organization_id,
        source: row.source as PaperlessImportSource,
        sourceName: row.source_name,
      });
      report.startedAt = row.started_at;
      await finish({
        importId,
        status: 'failed',
        report,
        error: { code: 'internal.error', message },
        summary: null,
      });
    },
  };
}

export type PaperlessImportsUsecases = ReturnType<typeof createPaperlessImportsUsecases>;

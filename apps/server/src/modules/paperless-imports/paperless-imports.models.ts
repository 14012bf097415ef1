import { isValidCalendarDate } from '@sheaf/contracts/calendar-dates';
import {
  PROPERTY_NAME_MAX_LENGTH,
  PROPERTY_OPTION_NAME_MAX_LENGTH,
  PROPERTY_TEXT_VALUE_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
} from '@sheaf/contracts/limits';
import {
  isPaperlessImportFinished,
  type PaperlessImportDto,
  type PaperlessImportNotImportedKind,
  type PaperlessImportReport,
  type PaperlessImportSkipParams,
  type PaperlessImportSkipReason,
  type PaperlessImportSource,
  type PaperlessImportStatus,
  type PaperlessImportSummary,
} from '@sheaf/contracts/paperless-imports';
import type { PropertyType, PropertyValue } from '@sheaf/contracts/properties';
import type { PaperlessImportsTable } from '../../db/database.types';

/** One Django serialized object of a Paperless-ngx manifest. */
export type PaperlessRecord = {
  model: string;
  pk: number | string | null;
  fields: Record<string, unknown>;
  [key: string]: unknown;
};

/** The job that runs an import (payload: its id). */
export const PAPERLESS_IMPORT_JOB_TYPE = 'paperless-imports.run';
export type PaperlessImportJobPayload = { importId: string };

/** Sheaf properties the import makes for Paperless-ngx's built-in fields. */
export const ASN_PROPERTY_NAME = 'ASN';
export const CORRESPONDENT_PROPERTY_NAME = 'Correspondent';
export const DOCUMENT_TYPE_PROPERTY_NAME = 'Document type';

/** Paperless-ngx's matching algorithms (MatchingModel.MATCH_*). */
export const MATCHING_ALGORITHMS = {
  0: 'none',
  1: 'any',
  2: 'all',
  3: 'literal',
  4: 'regex',
  5: 'fuzzy',
  6: 'auto',
} as const;

/** Paperless 1.x's first tag colours, by the number the old `colour` field stored. */
const LEGACY_TAG_COLOURS = [
  '#a6cee3',
  '#1f78b4',
  '#b2df8a',
  '#33a02c',
  '#fb9a99',
  '#e31a1c',
  '#fdbf6f',
  '#ff7f00',
  '#cab2d6',
  '#6a3d9a',
  '#b15928',
  '#000000',
  '#cccccc',
];
const DEFAULT_TAG_COLOR = '#a6cee3';

/** Models the report counts as not imported, by kind. */
const NOT_IMPORTED_MODELS: Record<string, PaperlessImportNotImportedKind> = {
  'auth.user': 'users',
  'auth.group': 'groups',
  'auth.permission': 'permissions',
  'guardian.userobjectpermission': 'permissions',
  'guardian.groupobjectpermission': 'permissions',
  'paperless_mail.mailaccount': 'mail_accounts',
  'paperless_mail.mailrule': 'mail_rules',
  'documents.workflow': 'workflows',
  'documents.workflowtrigger': 'workflows',
  'documents.workflowaction': 'workflows',
  'documents.workflowactionemail': 'workflows',
  'documents.workflowactionwebhook': 'workflows',
  'documents.storagepath': 'storage_paths',
  'documents.sharelink': 'share_links',
  'documents.sharelinkbundle': 'share_links',
};
/** Models that are the export's plumbing, not data a user made: neither imported nor reported. */
const IGNORED_MODELS = new Set([
  'contenttypes.contenttype',
  'documents.uisettings',
  'paperless.applicationconfiguration',
  'auditlog.logentry',
  'documents.paperlesstask',
  'django_celery_results.taskresult',
  'account.emailaddress',
  'socialaccount.socialaccount',
  'socialaccount.socialapp',
  'socialaccount.socialtoken',
  'mfa.authenticator',
  'documents.log',
]);
/** Models the import maps. */
export const MAPPED_MODELS = new Set([
  'documents.document',
  'documents.tag',
  'documents.correspondent',
  'documents.documenttype',
  'documents.customfield',
  'documents.customfieldinstance',
  'documents.note',
  'documents.comment',
  'documents.savedview',
  'documents.savedviewfilterrule',
]);

/** What the report lists as not imported: users, groups, permissions, mail, workflows… with counts. */
export function countNotImported(records: PaperlessRecord[]): PaperlessImportReport['notImported'] {
  const counts = new Map<PaperlessImportNotImportedKind, number>();
  for (const record of records) {
    if (MAPPED_MODELS.has(record.model) || IGNORED_MODELS.has(record.model)) continue;
    const kind = NOT_IMPORTED_MODELS[record.model] ?? 'other';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => ({ kind, count }));
}

export const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

export const asString = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** A name cut to `max` characters, trimmed, without control characters. */
export function cleanName(value: unknown, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const text = (asString(value) ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  return text.slice(0, max).trim();
}

/** A tag's colour: its `color` (2.x and later 1.x), the old numbered `colour`, else Paperless's default. */
export function tagColorOf(fields: Record<string, unknown>): string {
  const color = asString(fields.color)?.trim().toLowerCase();
  if (color && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(color)) return color;
  const numbered = asNumber(fields.colour);
  if (numbered !== null) return LEGACY_TAG_COLOURS[numbered - 1] ?? DEFAULT_TAG_COLOR;
  return DEFAULT_TAG_COLOR;
}

/** A tag's parent: `tn_parent` (nested tags, django-treenode) or `parent`. */
export const tagParentOf = (fields: Record<string, unknown>) => asNumber(fields.tn_parent ?? fields.parent);

/**
 * The Sheaf names of nested tags: "Parent / Child", each part as Paperless names it; a loop in the
 * parents stops at the first tag seen again.
 */
export function nestedTagNames(tags: Array<{ pk: number; name: string; parent: number | null }>) {
  const byPk = new Map(tags.map((tag) => [tag.pk, tag]));
  const names = new Map<number, string>();
  for (const tag of tags) {
    const parts: string[] = [];
    const seen = new Set<number>();
    let current: (typeof tags)[number] | undefined = tag;
    while (current && !seen.has(current.pk)) {
      seen.add(current.pk);
      parts.unshift(current.name);
      current = current.parent === null ? undefined : byPk.get(current.parent);
    }
    names.set(tag.pk, cleanName(parts.join(' / '), TAG_NAME_MAX_LENGTH));
  }
  return names;
}

/** `created` → the document date: a date (2.x) or a date-time (1.x and early 2.x), as its calendar day. */
export function documentDateOf(created: unknown): string | null {
  const text = asString(created);
  if (!text) return null;
  const day = text.slice(0, 10);
  return isValidCalendarDate(day) ? day : null;
}

/** `added` → the upload date as an ISO timestamp; undefined when missing or not a date. */
export function timestampOf(value: unknown): string | undefined {
  const text = asString(value);
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The Sheaf property type a custom field's data type becomes (document links as text). */
export const CUSTOM_FIELD_TYPES: Record<string, PropertyType> = {
  string: 'text',
  longtext: 'text',
  url: 'url',
  date: 'date',
  boolean: 'boolean',
  integer: 'number',
  float: 'number',
  monetary: 'monetary',
  documentlink: 'text',
  select: 'select',
};

/** A select custom field's options: strings (2.x before 2.15) or `{ id, label }`. */
export function selectOptionsOf(extraData: unknown): Array<{ key: string; index: number; label: string }> {
  const options = (extraData as { select_options?: unknown } | null)?.select_options;
  if (!Array.isArray(options)) return [];
  return options
    .map((option, index) => {
      if (typeof option === 'string') return { key: String(index), index, label: option };
      const { id, label } = (option ?? {}) as { id?: unknown; label?: unknown };
      return { key: asString(id) ?? String(index), index, label: asString(label) ?? '' };
    })
    .map((option) => ({ ...option, label: cleanName(option.label, PROPERTY_OPTION_NAME_MAX_LENGTH) }))
    .filter((option) => option.label !== '');
}

/** The ISO 4217 code a monetary custom field defaults to (`extra_data.default_currency`), if any. */
export function defaultCurrencyOf(extraData: unknown): string | null {
  const code = asString((extraData as { default_currency?: unknown } | null)?.default_currency);
  return code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : null;
}

/**
 * A monetary value as Paperless stores it: `EUR123.45` (code then amount), or `123.45` in the
 * field's default currency.
 */
export function monetaryValueOf(value: unknown, defaultCurrency: string | null) {
  const text = asString(value)?.trim();
  if (!text) return null;
  const match = /^([A-Za-z]{3})?\s*(-?\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return null;
  const currency = (match[1] ?? defaultCurrency ?? 'EUR').toUpperCase();
  return { amount: Number(match[2]), currency };
}

const CUSTOM_FIELD_VALUE_COLUMNS: Record<string, string> = {
  string: 'value_text',
  longtext: 'value_long_text',
  url: 'value_url',
  date: 'value_date',
  boolean: 'value_bool',
  integer: 'value_int',
  float: 'value_float',
  monetary: 'value_monetary',
  documentlink: 'value_document_ids',
  select: 'value_select',
};

/**
 * A custom field instance's value as the Sheaf property takes it: null when it has none (or one
 * that does not fit: reported by the caller), a select's option key for a select (mapped to the
 * option id by the caller).
 */
export function customFieldValueOf({
  dataType,
  fields,
  defaultCurrency,
  documentTitles,
}: {
  dataType: string;
  fields: Record<string, unknown>;
  defaultCurrency: string | null;
  /** Linked documents' titles by Paperless id (document links become text). */
  documentTitles: Map<number, string>;
}): PropertyValue | { selectKey: string } | null {
  const column = CUSTOM_FIELD_VALUE_COLUMNS[dataType];
  const raw = column ? fields[column] : undefined;
  if (raw === null || raw === undefined || raw === '') return null;
  switch (dataType) {
    case 'string':
    case 'longtext': {
      const text = cleanName(raw, PROPERTY_TEXT_VALUE_MAX_LENGTH);
      return text === '' ? null : text;
    }
    case 'url':
      return asString(raw);
    case 'date': {
      const day = asString(raw)?.slice(0, 10) ?? '';
      return isValidCalendarDate(day) ? day : null;
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : null;
    case 'integer':
    case 'float':
      return asNumber(raw);
    case 'monetary':
      return monetaryValueOf(raw, defaultCurrency);
    case 'documentlink': {
      if (!Array.isArray(raw) || raw.length === 0) return null;
      const text = raw
        .map((id) => {
          const title = documentTitles.get(Number(id));
          return title ? `${title} (#${id})` : `#${id}`;
        })
        .join(', ');
      return cleanName(text, PROPERTY_TEXT_VALUE_MAX_LENGTH);
    }
    case 'select':
      return { selectKey: String(raw) };
    default:
      return null;
  }
}

export const propertyNameOf = (value: unknown) => cleanName(value, PROPERTY_NAME_MAX_LENGTH);

const EMPTY_SUMMARY_IMPORTED = {
  documents: 0,
  tags: 0,
  properties: 0,
  propertyValues: 0,
  notes: 0,
  savedViews: 0,
  taggingRules: 0,
};

/** A report before anything ran. */
export function emptyReport({
  importId,
  organizationId,
  source,
  sourceName,
}: {
  importId: string;
  organizationId: string;
  source: PaperlessImportSource;
  sourceName: string;
}): PaperlessImportReport {
  return {
    importId,
    organizationId,
    source,
    sourceName,
    status: 'running',
    startedAt: null,
    finishedAt: null,
    paperlessVersion: null,
    summary: summaryOf({ paperlessVersion: null, imported: { ...EMPTY_SUMMARY_IMPORTED } }),
    documents: [],
    skipped: [],
    checksumMismatches: [],
    missingFiles: [],
    overLimit: [],
    notImported: [],
  };
}

/** The summary of a report: its counts. */
export function summaryOf(
  base: { paperlessVersion: string | null; imported: PaperlessImportSummary['imported'] },
  report?: Pick<PaperlessImportReport, 'skipped' | 'checksumMismatches' | 'missingFiles' | 'overLimit'>,
): PaperlessImportSummary {
  return {
    paperlessVersion: base.paperlessVersion,
    imported: base.imported,
    skippedCount: report?.skipped.length ?? 0,
    checksumMismatchCount: report?.checksumMismatches.length ?? 0,
    missingFileCount: report?.missingFiles.length ?? 0,
    overLimitCount: report?.overLimit.length ?? 0,
  };
}

/** The version the summary states: metadata.json's, else `1.x` for an export without one. */
export const paperlessVersionOf = (version: string | null) => version ?? '1.x';

export function toPaperlessImportDto(row: PaperlessImportsTable, now: Date): PaperlessImportDto {
  const status = row.status as PaperlessImportStatus;
  const running = status === 'running' && row.started_at !== null;
  const finished = isPaperlessImportFinished(status);
  let ratePerSecond: number | null = null;
  let etaSeconds: number | null = null;
  if (running && row.processed > 0 && row.started_at) {
    const seconds = Math.max((now.getTime() - new Date(row.started_at).getTime()) / 1000, 0.001);
    ratePerSecond = Math.round((row.processed / seconds) * 10) / 10;
    if (row.total !== null && ratePerSecond > 0)
      etaSeconds = Math.max(0, Math.round((row.total - row.processed) / (row.processed / seconds)));
  }
  return {
    id: row.id,
    source: row.source as PaperlessImportSource,
    sourceName: row.source_name,
    status,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    progress: {
      total: row.total,
      processed: row.processed,
      imported: row.imported,
      skipped: row.skipped,
      failed: row.failed,
    },
    ratePerSecond,
    etaSeconds,
    // While running, the column holds the counts so far (kept for a resumed run), not a summary yet.
    summary: finished && row.summary ? (JSON.parse(row.summary) as PaperlessImportSummary) : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

const dayShift = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * A Paperless-ngx saved view's filter rules (SavedViewFilterRule.rule_type) as Sheaf's document
 * filters: has tag (6) / has tags in (22) / does not have tag (17), correspondent (3, 26) and document
 * type (4, 28) as their select property, ASN is (2), created before/after (8, 9) as the document
 * date, added before/after (13, 14) as the upload date (Paperless's bounds are exclusive, Sheaf's
 * inclusive: a day is added or taken). Any other rule: `unmapped` lists the rule types.
 */
export function savedViewFiltersOf({
  rules,
  tagIds,
  optionOf,
  asnPropertyId,
}: {
  rules: Array<{ type: number; value: string | null }>;
  tagIds: Map<number, string>;
  optionOf: (kind: 'correspondent' | 'document_type', value: string | null) => string | undefined;
  asnPropertyId: string | undefined;
}): { filters: Record<string, string | string[]> } | { unmapped: number[] } {
  const filters: Record<string, string[]> = {};
  const add = (key: string, value: string) => {
    filters[key] = [...(filters[key] ?? []), value];
  };
  const unmapped: number[] = [];
  const tagOf = (value: string | null) => tagIds.get(asNumber(value) ?? -1);
  const day = (value: string | null) => {
    const text = (value ?? '').slice(0, 10);
    return isValidCalendarDate(text) ? text : undefined;
  };
  for (const { type, value } of rules) {
    let done = false;
    switch (type) {
      case 6:
      case 22:
      case 17: {
        const tagId = tagOf(value);
        if (tagId) {
          add(type === 6 ? 'tags' : type === 22 ? 'anyTags' : 'excludedTags', tagId);
          done = true;
        }
        break;
      }
      case 3:
      case 26:
      case 4:
      case 28: {
        const condition = optionOf(type === 3 || type === 26 ? 'correspondent' : 'document_type', value);
        if (condition) {
          add('property', condition);
          done = true;
        }
        break;
      }
      case 2:
        if (asnPropertyId && asNumber(value) !== null) {
          add('property', `${asnPropertyId}:eq:${asNumber(value)}`);
          done = true;
        }
        break;
      case 8:
      case 9:
      case 13:
      case 14: {
        const bound = day(value);
        if (bound) {
          const key = { 8: 'documentDateTo', 9: 'documentDateFrom', 13: 'createdTo', 14: 'createdFrom' }[
            type
          ];
          filters[key] = [dayShift(bound, type === 8 || type === 13 ? -1 : 1)];
          done = true;
        }
        break;
      }
    }
    if (!done) unmapped.push(type);
  }
  if (unmapped.length > 0) return { unmapped: [...new Set(unmapped)] };
  // One value where the filter takes one (dates), lists elsewhere.
  return {
    filters: Object.fromEntries(
      Object.entries(filters).map(([key, values]) => [
        key,
        /Date|created/.test(key) ? (values[0] ?? '') : values,
      ]),
    ),
  };
}

/** A skip reason in English, from its code and parameters (the web app translates the same code). */
export function describePaperlessImportSkip(
  code: PaperlessImportSkipReason,
  params: PaperlessImportSkipParams,
) {
  const text = {
    tag_without_name: () => 'The tag has no name.',
    options_limit: () =>
      `The property "${params.property}" already has ${params.limit} options, the most a select property has.`,
    property_of_another_type: () =>
      `A property named "${params.property}" of another type (${params.type}) already exists.`,
    custom_field_type: () => `Custom fields of type "${params.type}" have no matching property type.`,
    file_outside_export: () => `Its file name "${params.file}" leaves the export's folder.`,
    value_does_not_fit: () => `A value of document ${params.document} does not fit its property.`,
    note_empty: () => 'The note is empty.',
    matching_automatic: () =>
      "Automatic matching learns from Paperless-ngx's own classifier: Sheaf has no equivalent.",
    matching_regex: () => 'Regular expression matching has no tagging-rule equivalent in Sheaf.',
    matching_fuzzy: () => 'Fuzzy matching has no tagging-rule equivalent in Sheaf.',
    matching_without_words: () => 'The matching rule has no words to match.',
    matching_tag_not_imported: () => 'Its tag was not imported.',
    matching_correspondent_not_imported: () => 'Its correspondent was not imported.',
    matching_document_type_not_imported: () => 'Its document type was not imported.',
    view_filters_unmapped: () =>
      `Its filter rules of types ${params.rules} do not map onto Sheaf's document filters.`,
    view_without_name: () => 'The view has no name.',
    view_without_owner: () => 'The organization has no owner to own the view.',
    view_does_not_fit: () => "The view does not fit Sheaf's saved views.",
    refused: () => `Sheaf refused it: ${params.message ?? params.code}`,
  } satisfies Record<PaperlessImportSkipReason, () => string>;
  return text[code]();
}

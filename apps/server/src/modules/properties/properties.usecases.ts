import { PROPERTIES_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import {
  type DocumentPropertyValueDto,
  isSelectPropertyType,
  type PropertyDefinitionDto,
  type PropertyOptionDto,
  type PropertyType,
  type PropertyValue,
  propertyValueSchemaFor,
} from '@sheaf/contracts/properties';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import { formatIssues } from '@sheaf/contracts/validation-issues';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database, Timestamp } from '../../db/database.types';
import { lockRow } from '../../db/locks';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { ActivityRecorder } from '../activity/activity.usecases';
import type { DocumentsReadPort } from '../documents/documents.port';
import { propertyValueFromRows, propertyValueToRows } from '../documents/documents.property-values';
import {
  createPropertiesLimitReachedError,
  createPropertyAlreadyExistsError,
  createPropertyFieldValidationError,
  createPropertyNotFoundError,
  createPropertyValueValidationError,
} from './properties.errors';
import {
  isSamePropertyValue,
  parsePropertyOptions,
  propertyActivityField,
  toPropertyDefinitionDto,
} from './properties.models';
import {
  createPropertiesRepository,
  type DefinitionLock,
  type PropertyDefinitionUpdate,
} from './properties.repository';

/** A new definition, as `createPropertyDefinitionSchema` parses it. */
export type PropertyDefinitionFields = {
  name: string;
  type: PropertyType;
  description: string | null;
  options?: PropertyOptionInput[];
  currency?: string | null;
};

/** Changes to a definition, as `updatePropertyDefinitionSchema` parses them (undefined: unchanged). */
export type PropertyDefinitionChanges = {
  name?: string;
  description?: string | null;
  options?: PropertyOptionInput[];
  currency?: string | null;
};

/** An option as sent: with the id of one to keep, without one to add. */
export type PropertyOptionInput = { id?: string; name: string; color: string };

/**
 * What other modules call to set a document's value (tagging rules' "set property to value"):
 * the same checks and activity entry as PUT …/documents/:documentId/properties/:propertyId.
 */
export type SetDocumentPropertyValue = (input: {
  organizationId: string;
  documentId: string;
  propertyId: string;
  /** Checked by `propertyValueSchemaFor` (and membership for `member`). */
  value: unknown;
  /** Who the activity entry names; null for the system (a rule). */
  userId: string | null;
  /** The caller's transaction: the value and its activity entry commit with the caller's change. */
  db?: Transaction<Database>;
  /** The time written on the rows and the entry; the clock's when absent. */
  now?: Timestamp;
}) => Promise<{ property: DocumentPropertyValueDto; changed: boolean }>;

export function createPropertiesUsecases({
  database,
  clock = systemClock,
  activity,
  documents,
}: {
  database: AppDatabase;
  clock?: Clock;
  /** Records the `updated` entries of value changes in their transaction (and so the webhooks). */
  activity: ActivityRecorder;
  /** Tells whether a document takes values (in the organization, outside the trash). */
  documents: Pick<DocumentsReadPort, 'requireActiveDocument'>;
}) {
  const { dialect } = database;
  const repositoryOn = (db: AppDatabase['db'] | Transaction<Database>) =>
    createPropertiesRepository({ db, dialect });
  const repository = repositoryOn(database.db);
  const now = () => toTimestamp(clock.now());

  /** Runs `work` in `db` when the caller gives its transaction, else in a transaction of its own. */
  const inTransaction = <Result>(
    db: Transaction<Database> | undefined,
    work: (trx: Transaction<Database>) => Promise<Result>,
  ) => (db ? work(db) : database.db.transaction().execute(work));

  async function getPropertyDefinition({
    organizationId,
    propertyId,
  }: {
    organizationId: string;
    propertyId: string;
  }): Promise<PropertyDefinitionDto> {
    const row = await repository.findByIdWithCount({ organizationId, propertyId });
    if (!row) throw createPropertyNotFoundError();
    return toPropertyDefinitionDto(row);
  }

  /** The definition in the organization, held as `lock` says (see DefinitionLock); else 404 `properties.not_found`. */
  async function requireDefinition({
    trx,
    organizationId,
    propertyId,
    lock,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    propertyId: string;
    lock: DefinitionLock;
  }) {
    const row = await repositoryOn(trx).findById({ organizationId, propertyId, lock });
    if (!row) throw createPropertyNotFoundError();
    return { row, options: parsePropertyOptions(row.options) };
  }

  /**
   * The value as stored, checked against the definition: `propertyValueSchemaFor`, then, for a
   * member, a current membership of the organization. 400 `api.validation_error` at `value`
   * otherwise. Writes nothing, so a caller may catch the error and go on in its transaction.
   */
  async function checkValue({
    trx,
    organizationId,
    definition,
    value,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    definition: Pick<PropertyDefinitionDto, 'type' | 'options'>;
    value: unknown;
  }): Promise<PropertyValue> {
    const parsed = propertyValueSchemaFor(definition).safeParse(value);
    if (!parsed.success) throw createPropertyValueValidationError(formatIssues(parsed.error));
    if (
      definition.type === 'member' &&
      !(await repositoryOn(trx).isMember({ organizationId, userId: parsed.data as string }))
    ) {
      throw createPropertyValueValidationError([
        { path: '', message: 'The value must be a member of the organization', code: 'not_a_member' },
      ]);
    }
    return parsed.data;
  }

  /**
   * The options after an edit: those sent with an id keep it (and their values), those without get
   * a new `opt_…` id. An id that is not one of the property's options is refused (400 at its path).
   */
  function resolveOptions({
    current,
    input,
  }: {
    current: PropertyOptionDto[];
    input: PropertyOptionInput[];
  }): PropertyOptionDto[] {
    const known = new Set(current.map(({ id }) => id));
    const seen = new Set<string>();
    return input.map((option, index) => {
      if (option.id !== undefined) {
        if (!known.has(option.id) || seen.has(option.id)) {
          throw createPropertyFieldValidationError(
            `options.${index}.id`,
            seen.has(option.id) ? 'This option is given twice' : 'This option does not exist',
          );
        }
        seen.add(option.id);
      }
      return { id: option.id ?? generateId('opt'), name: option.name, color: option.color };
    });
  }

  const setDocumentPropertyValue: SetDocumentPropertyValue = async ({
    organizationId,
    documentId,
    propertyId,
    value,
    userId,
    db,
    now: at = now(),
  }) =>
    inTransaction(db, async (trx) => {
      // The type tells the lock: a multi select replaces a set of rows, so such writes on one
      // property go one at a time (PostgreSQL; on SQLite the plain read is all there is to do).
      const probe = await repositoryOn(trx).findById({ organizationId, propertyId });
      if (!probe) throw createPropertyNotFoundError();
      const { row: definitionRow, options } =
        dialect === 'postgres'
          ? await requireDefinition({
              trx,
              organizationId,
              propertyId,
              lock: probe.type === 'multi_select' ? 'update' : 'share',
            })
          : { row: probe, options: parsePropertyOptions(probe.options) };
      const definition = { type: definitionRow.type, options };
      const optionIds = options.map(({ id }) => id);
      await documents.requireActiveDocument({ trx, organizationId, documentId });
      const checked = await checkValue({ trx, organizationId, definition, value });
      const values = repositoryOn(trx);
      const current = propertyValueFromRows(
        definition.type,
        await values.findValueRows({ documentId, propertyId }),
        optionIds,
      );
      const columns = propertyValueToRows(definition.type, checked);
      // As a read would answer it (a multi select in the options' order).
      const stored = propertyValueFromRows(definition.type, columns, optionIds) ?? checked;
      const property = { propertyId, value: stored };
      if (isSamePropertyValue(current, stored)) return { property, changed: false };
      await values.deleteValueRows({
        documentId,
        propertyId,
        keepKeys: columns.map(({ value_key }) => value_key),
      });
      await values.upsertValueRows(
        columns.map((row) => ({
          ...row,
          document_id: documentId,
          property_id: propertyId,
          organization_id: organizationId,
          created_at: at,
          updated_at: at,
        })),
      );
      await activity.recordActivity(trx, {
        organizationId,
        documentId,
        event: 'updated',
        userId,
        eventData: { updatedFields: [propertyActivityField(propertyId)] },
        now: at,
      });
      return { property, changed: true };
    });

  return {
    async listPropertyDefinitions({
      organizationId,
    }: {
      organizationId: string;
    }): Promise<PropertyDefinitionDto[]> {
      return (await repository.list({ organizationId })).map(toPropertyDefinitionDto);
    },

    getPropertyDefinition,

    /**
     * Defines a property. Names are unique per organization ignoring case (409
     * `properties.already_exists`, also for creations racing each other: the unique index decides);
     * at most PROPERTIES_PER_ORGANIZATION_LIMIT per organization, counted under the organization's
     * row lock so that creations at once cannot pass it together (403 `properties.limit_reached`).
     */
    async createPropertyDefinition({
      organizationId,
      fields,
    }: {
      organizationId: string;
      fields: PropertyDefinitionFields;
    }): Promise<PropertyDefinitionDto> {
      const id = generateId('prop');
      const options = isSelectPropertyType(fields.type)
        ? resolveOptions({ current: [], input: fields.options ?? [] })
        : [];
      const createdAt = now();
      await database.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'organizations', organizationId);
        const definitions = repositoryOn(trx);
        if ((await definitions.count({ organizationId })) >= PROPERTIES_PER_ORGANIZATION_LIMIT) {
          throw createPropertiesLimitReachedError();
        }
        try {
          await definitions.insert({
            id,
            organization_id: organizationId,
            name: fields.name,
            name_key: tagNameKey(fields.name),
            type: fields.type,
            description: fields.description,
            options: JSON.stringify(options),
            currency: fields.type === 'monetary' ? (fields.currency ?? null) : null,
            created_at: createdAt,
            updated_at: createdAt,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw createPropertyAlreadyExistsError();
          throw error;
        }
      });
      return getPropertyDefinition({ organizationId, propertyId: id });
    },

    /**
     * Edits a definition; its type never changes. Renaming keeps every value. Options left out of
     * `options` are removed with the values that chose them, in the same transaction.
     */
    async updatePropertyDefinition({
      organizationId,
      propertyId,
      changes,
    }: {
      organizationId: string;
      propertyId: string;
      changes: PropertyDefinitionChanges;
    }): Promise<PropertyDefinitionDto> {
      await database.db.transaction().execute(async (trx) => {
        const { row, options: currentOptions } = await requireDefinition({
          trx,
          organizationId,
          propertyId,
          lock: 'update',
        });
        if (changes.options !== undefined && !isSelectPropertyType(row.type)) {
          throw createPropertyFieldValidationError('options', 'Only select properties have options');
        }
        if (changes.currency && row.type !== 'monetary') {
          throw createPropertyFieldValidationError('currency', 'Only monetary properties have a currency');
        }
        const set: PropertyDefinitionUpdate = { updated_at: now() };
        if (changes.name !== undefined) {
          set.name = changes.name;
          set.name_key = tagNameKey(changes.name);
        }
        if (changes.description !== undefined) set.description = changes.description;
        if (changes.currency !== undefined) set.currency = changes.currency;
        let removedOptionIds: string[] = [];
        if (changes.options !== undefined) {
          const options = resolveOptions({ current: currentOptions, input: changes.options });
          const kept = new Set(options.map(({ id }) => id));
          removedOptionIds = currentOptions.map(({ id }) => id).filter((id) => !kept.has(id));
          set.options = JSON.stringify(options);
        }
        const definitions = repositoryOn(trx);
        try {
          await definitions.update({ organizationId, propertyId, set });
        } catch (error) {
          if (isUniqueViolation(error)) throw createPropertyAlreadyExistsError();
          throw error;
        }
        await definitions.deleteValuesOfOptions({ propertyId, optionIds: removedOptionIds });
      });
      return getPropertyDefinition({ organizationId, propertyId });
    },

    /** Deletes the definition and every document's value of it, in one transaction. */
    async deletePropertyDefinition({
      organizationId,
      propertyId,
    }: {
      organizationId: string;
      propertyId: string;
    }) {
      await database.db.transaction().execute(async (trx) => {
        await requireDefinition({ trx, organizationId, propertyId, lock: 'update' });
        const definitions = repositoryOn(trx);
        // The foreign key cascades too; deleting them first says so here, on both databases.
        await definitions.deleteValuesOfProperty({ propertyId });
        await definitions.delete({ organizationId, propertyId });
      });
    },

    /**
     * Sets a document's value (see SetDocumentPropertyValue). A value equal to the one the
     * document has changes nothing and records no entry (`changed: false`).
     */
    setDocumentPropertyValue,

    /**
     * Clears a document's value: its rows go, with an `updated` entry naming the property; clearing
     * a value the document does not have changes nothing.
     */
    async clearDocumentPropertyValue({
      organizationId,
      documentId,
      propertyId,
      userId,
      db,
      now: at = now(),
    }: {
      organizationId: string;
      documentId: string;
      propertyId: string;
      userId: string | null;
      db?: Transaction<Database>;
      now?: Timestamp;
    }): Promise<{ changed: boolean }> {
      return inTransaction(db, async (trx) => {
        await requireDefinition({ trx, organizationId, propertyId, lock: 'share' });
        await documents.requireActiveDocument({ trx, organizationId, documentId });
        const removed = await repositoryOn(trx).deleteValueRows({ documentId, propertyId });
        if (removed === 0) return { changed: false };
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'updated',
          userId,
          eventData: { updatedFields: [propertyActivityField(propertyId)] },
          now: at,
        });
        return { changed: true };
      });
    },

    /**
     * A value as it would be stored, checked against the property (404 `properties.not_found`,
     * 400 at `value`): for a caller that keeps a value to set later (a tagging rule's action).
     */
    async checkPropertyValue({
      organizationId,
      propertyId,
      value,
      db,
    }: {
      organizationId: string;
      propertyId: string;
      value: unknown;
      db?: Transaction<Database>;
    }): Promise<PropertyValue> {
      return inTransaction(db, async (trx) => {
        const { row, options } = await requireDefinition({ trx, organizationId, propertyId, lock: 'share' });
        return checkValue({ trx, organizationId, definition: { type: row.type, options }, value });
      });
    },
  };
}

export type PropertiesUsecases = ReturnType<typeof createPropertiesUsecases>;

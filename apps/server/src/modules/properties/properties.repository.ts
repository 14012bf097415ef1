import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database';
import type {
  Database,
  DatabaseOrTransaction,
  DocumentPropertyValuesTable,
  PropertyDefinitionsTable,
} from '../../db/database.types';
import { type PropertyDefinitionWithCountRow, sortPropertyRowsByName } from './properties.models';

const DEFINITION_COLUMNS = [
  'property_definitions.id',
  'property_definitions.organization_id',
  'property_definitions.name',
  'property_definitions.type',
  'property_definitions.description',
  'property_definitions.options',
  'property_definitions.currency',
  'property_definitions.created_at',
  'property_definitions.updated_at',
] as const;

const VALUE_COLUMNS = [
  'value_key',
  'value_text',
  'value_number',
  'value_currency',
  'value_date',
  'value_boolean',
  'value_option_id',
  'value_user_id',
] as const;

/**
 * How a write holds the definition row until its transaction ends (PostgreSQL; SQLite runs one
 * transaction at a time on its connection, so there is nothing to take):
 * - `share`: a value being set. The definition cannot change (an option removed, the property
 *   deleted) until the value is written, so no value outlives what it refers to; value writes on
 *   the property still run side by side.
 * - `update`: the definition being edited, or a multi select's set of rows being replaced: such
 *   writes on one property run one after the other, so two replacements never mix their rows.
 */
export type DefinitionLock = 'share' | 'update';

/** The columns an edit of a definition writes (`updated_at` always). */
export type PropertyDefinitionUpdate = Pick<
  Updateable<PropertyDefinitionsTable>,
  'name' | 'name_key' | 'description' | 'options' | 'currency'
> & { updated_at: string };

export function createPropertiesRepository({ db, dialect }: { db: DatabaseOrTransaction; dialect: Dialect }) {
  /**
   * Each property's count of documents outside the trash carrying a value: its value rows (found by
   * `property_id`, the first column of the value indexes, which hold every row) less the
   * organization's trash, a short list read once. A single-valued property has one row per
   * document: counted as is; only a multi select's rows (one per option) are counted by distinct
   * document. Joining each row to its document instead read a row per value (7 s at 100,000
   * documents with five properties on SQLite, against 0.1 s).
   */
  const countsQuery = (organizationId: string, propertyId?: string) => {
    const trash = (eb: ExpressionBuilder<Database, 'document_property_values'>) =>
      eb
        .selectFrom('documents')
        .select('documents.id')
        .where('documents.organization_id', '=', organizationId)
        .where('documents.is_deleted', '=', 1);
    const propertiesOf =
      (multiSelect: boolean) => (eb: ExpressionBuilder<Database, 'document_property_values'>) =>
        eb
          .selectFrom('property_definitions')
          .select('property_definitions.id')
          .where('property_definitions.organization_id', '=', organizationId)
          .where('property_definitions.type', multiSelect ? '=' : '<>', 'multi_select')
          .$if(propertyId !== undefined, (query) =>
            query.where('property_definitions.id', '=', propertyId ?? ''),
          );
    const singleValued = db
      .selectFrom('document_property_values')
      .select((eb) => [
        'document_property_values.property_id',
        eb.fn.countAll<number | string>().as('documents_count'),
      ])
      .where('document_property_values.property_id', 'in', propertiesOf(false))
      .where('document_property_values.document_id', 'not in', trash)
      .groupBy('document_property_values.property_id');
    const multiSelect = db
      .selectFrom('document_property_values')
      .select((eb) => [
        'document_property_values.property_id',
        eb.fn.count<number | string>('document_property_values.document_id').distinct().as('documents_count'),
      ])
      .where('document_property_values.property_id', 'in', propertiesOf(true))
      .where('document_property_values.document_id', 'not in', trash)
      .groupBy('document_property_values.property_id');
    return singleValued.unionAll(multiSelect);
  };

  const definitionsWithCounts = (organizationId: string, propertyId?: string) =>
    db
      .selectFrom('property_definitions')
      .leftJoin(
        countsQuery(organizationId, propertyId).as('counts'),
        'counts.property_id',
        'property_definitions.id',
      )
      .select((eb) => [
        ...DEFINITION_COLUMNS,
        eb.fn.coalesce('counts.documents_count', eb.lit(0)).as('documents_count'),
      ])
      .where('property_definitions.organization_id', '=', organizationId);

  return {
    /** The organization's definitions in reading order, each with its documents count. */
    async list({ organizationId }: { organizationId: string }) {
      const rows = (await definitionsWithCounts(
        organizationId,
      ).execute()) as PropertyDefinitionWithCountRow[];
      return sortPropertyRowsByName(rows);
    },

    async findByIdWithCount({ organizationId, propertyId }: { organizationId: string; propertyId: string }) {
      return (await definitionsWithCounts(organizationId, propertyId)
        .where('property_definitions.id', '=', propertyId)
        .executeTakeFirst()) as PropertyDefinitionWithCountRow | undefined;
    },

    /** The definition row, held as `lock` says until the transaction `db` ends (see DefinitionLock). */
    async findById({
      organizationId,
      propertyId,
      lock,
    }: {
      organizationId: string;
      propertyId: string;
      lock?: DefinitionLock;
    }): Promise<Selectable<PropertyDefinitionsTable> | undefined> {
      let query = db
        .selectFrom('property_definitions')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', propertyId);
      if (lock && dialect === 'postgres') {
        // Not FOR UPDATE for edits: the value rows' foreign-key checks (KEY SHARE) go on meanwhile.
        query = lock === 'share' ? query.forShare() : query.forNoKeyUpdate();
      }
      return query.executeTakeFirst();
    },

    async count({ organizationId }: { organizationId: string }) {
      const row = await db
        .selectFrom('property_definitions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(row: Insertable<PropertyDefinitionsTable>) {
      await db.insertInto('property_definitions').values(row).execute();
    },

    async update({
      organizationId,
      propertyId,
      set,
    }: {
      organizationId: string;
      propertyId: string;
      set: PropertyDefinitionUpdate;
    }) {
      await db
        .updateTable('property_definitions')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', propertyId)
        .execute();
    },

    /** False when no such definition is in the organization. */
    async delete({ organizationId, propertyId }: { organizationId: string; propertyId: string }) {
      const result = await db
        .deleteFrom('property_definitions')
        .where('organization_id', '=', organizationId)
        .where('id', '=', propertyId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every value of the property, on every document; answers how many rows went. */
    async deleteValuesOfProperty({ propertyId }: { propertyId: string }) {
      const result = await db
        .deleteFrom('document_property_values')
        .where('property_id', '=', propertyId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The values that chose one of these options (a select's row, a multi select's rows). */
    async deleteValuesOfOptions({ propertyId, optionIds }: { propertyId: string; optionIds: string[] }) {
      if (optionIds.length === 0) return 0;
      const result = await db
        .deleteFrom('document_property_values')
        .where('property_id', '=', propertyId)
        .where('value_option_id', 'in', optionIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A document's rows of one property (several for a multi select). */
    async findValueRows({ documentId, propertyId }: { documentId: string; propertyId: string }) {
      return db
        .selectFrom('document_property_values')
        .select(VALUE_COLUMNS)
        .where('document_id', '=', documentId)
        .where('property_id', '=', propertyId)
        .orderBy('value_key')
        .execute();
    },

    /** Deletes the document's rows of the property, except those keyed by `keepKeys`; answers how many went. */
    async deleteValueRows({
      documentId,
      propertyId,
      keepKeys = [],
    }: {
      documentId: string;
      propertyId: string;
      keepKeys?: string[];
    }) {
      let query = db
        .deleteFrom('document_property_values')
        .where('document_id', '=', documentId)
        .where('property_id', '=', propertyId);
      if (keepKeys.length > 0) query = query.where('value_key', 'not in', keepKeys);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Writes rows, replacing the typed columns of a row already there under the same key (a value
     * set twice at once is one row: the primary key).
     */
    async upsertValueRows(rows: DocumentPropertyValuesTable[]) {
      if (rows.length === 0) return;
      await db
        .insertInto('document_property_values')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['document_id', 'property_id', 'value_key']).doUpdateSet((eb) => ({
            value_text: eb.ref('excluded.value_text'),
            value_number: eb.ref('excluded.value_number'),
            value_currency: eb.ref('excluded.value_currency'),
            value_date: eb.ref('excluded.value_date'),
            value_boolean: eb.ref('excluded.value_boolean'),
            value_option_id: eb.ref('excluded.value_option_id'),
            value_user_id: eb.ref('excluded.value_user_id'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** Whether the user is a member of the organization now (the `member` type's values). */
    async isMember({ organizationId, userId }: { organizationId: string; userId: string }) {
      const row = await db
        .selectFrom('organization_members')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PropertiesRepository = ReturnType<typeof createPropertiesRepository>;

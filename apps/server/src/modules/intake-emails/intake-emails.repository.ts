import type { Insertable } from 'kysely';
import type {
  DatabaseOrTransaction,
  IntakeEmailMessagesTable,
  IntakeEmailReceivedTable,
  IntakeEmailsTable,
} from '../../db/database.types';

export function createIntakeEmailsRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    async list({ organizationId }: { organizationId: string }) {
      return db
        .selectFrom('intake_emails')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async count({ organizationId }: { organizationId: string }) {
      const row = await db
        .selectFrom('intake_emails')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async findById({ organizationId, intakeEmailId }: { organizationId: string; intakeEmailId: string }) {
      return db
        .selectFrom('intake_emails')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', intakeEmailId)
        .executeTakeFirst();
    },

    /** Addresses among `emailAddresses` that belong to a live (not deleted) organization, any state. */
    async findByAddresses({ emailAddresses }: { emailAddresses: string[] }) {
      if (emailAddresses.length === 0) return [];
      return db
        .selectFrom('intake_emails')
        .innerJoin('organizations', 'organizations.id', 'intake_emails.organization_id')
        .selectAll('intake_emails')
        .where('intake_emails.email_address', 'in', emailAddresses)
        .where('organizations.deleted_at', 'is', null)
        .execute();
    },

    async insert(row: IntakeEmailsTable) {
      await db.insertInto('intake_emails').values(row).execute();
    },

    async update({
      organizationId,
      intakeEmailId,
      set,
    }: {
      organizationId: string;
      intakeEmailId: string;
      set: Partial<Pick<IntakeEmailsTable, 'is_enabled' | 'allowed_origins' | 'updated_at'>>;
    }) {
      const result = await db
        .updateTable('intake_emails')
        .set(set)
        .where('organization_id', '=', organizationId)
        .where('id', '=', intakeEmailId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete({ organizationId, intakeEmailId }: { organizationId: string; intakeEmailId: string }) {
      const result = await db
        .deleteFrom('intake_emails')
        .where('organization_id', '=', organizationId)
        .where('id', '=', intakeEmailId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async insertReceived(row: IntakeEmailReceivedTable) {
      await db.insertInto('intake_email_received').values(row).execute();
    },

    async findReceived({ receivedId }: { receivedId: string }) {
      return db
        .selectFrom('intake_email_received')
        .selectAll()
        .where('id', '=', receivedId)
        .executeTakeFirst();
    },

    async deleteReceived({ receivedId }: { receivedId: string }) {
      await db.deleteFrom('intake_email_received').where('id', '=', receivedId).execute();
    },

    /** Whether a message with this key was already processed for the address. */
    async isProcessed({ intakeEmailId, messageKey }: { intakeEmailId: string; messageKey: string }) {
      const row = await db
        .selectFrom('intake_email_messages')
        .select('id')
        .where('intake_email_id', '=', intakeEmailId)
        .where('message_key', '=', messageKey)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a processed message; a second record of the same key for the address is dropped. */
    async insertMessage(row: Insertable<IntakeEmailMessagesTable>) {
      await db
        .insertInto('intake_email_messages')
        .values(row)
        .onConflict((conflict) => conflict.columns(['intake_email_id', 'message_key']).doNothing())
        .execute();
    },

    /** The newest processed messages of an address. */
    async listMessages({ intakeEmailId, limit }: { intakeEmailId: string; limit: number }) {
      return db
        .selectFrom('intake_email_messages')
        .selectAll()
        .where('intake_email_id', '=', intakeEmailId)
        .orderBy('processed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type IntakeEmailsRepository = ReturnType<typeof createIntakeEmailsRepository>;

import type { Kysely } from 'kysely';

/**
 * E-mail files (issue 31): an uploaded `.eml` is a document, and each of its attachments becomes a
 * document of its own, linked to it here. One row per attachment of the message, by its position
 * among the message's attachments (what makes a re-run of the extraction link, never duplicate).
 * `attachment_document_id` is the attachment's document: the one made for it, or the document that
 * already held the same content. Either side's permanent deletion removes the link; trashing does
 * not. `name` is the attachment's file name in the message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_email_attachments')
    .addColumn('message_document_id', 'text', (col) =>
      col.notNull().references('documents.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('organization_id', 'text', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('attachment_document_id', 'text', (col) =>
      col.notNull().references('documents.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_email_attachments_pkey', ['message_document_id', 'position'])
    .execute();
  // "From e-mail …": the message of an attachment.
  await db.schema
    .createIndex('document_email_attachments_attachment_index')
    .on('document_email_attachments')
    .columns(['attachment_document_id'])
    .execute();
  await db.schema
    .createIndex('document_email_attachments_organization_index')
    .on('document_email_attachments')
    .columns(['organization_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_email_attachments').execute();
}

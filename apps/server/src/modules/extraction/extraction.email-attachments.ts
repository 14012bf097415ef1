import { createHash } from 'node:crypto';
import { isHttpError } from '../../shared/errors';
import { deriveId } from '../../shared/ids';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import { type ExtractedEmail, normalizeExtractedText } from './extraction.models';

/** Why an attachment was not imported, by the upload's error code: the attachment is named with it. */
const NOT_IMPORTED_REASONS: Record<string, string> = {
  'document.size_too_large': "larger than the plan's maximum file size",
  'documents.storage_limit_reached': "the organization's storage limit is reached",
  'api.validation_error': 'empty',
};

/** The id an e-mail file's attachment gets as a document: the same on every run, so none is made twice. */
export const emailAttachmentDocumentId = ({
  messageDocumentId,
  position,
}: {
  messageDocumentId: string;
  position: number;
}) => deriveId('doc', `email-attachment:${messageDocumentId}:${position}`);

/**
 * The extraction job's step for an e-mail file (after the worker read it, before its text is
 * saved): each attachment becomes a document of the same organization through the documents
 * usecases' createDocumentFromFile (the plan's limits, dedup, activity, extraction, webhooks) and is
 * linked to the message. An attachment whose content is already a document links to that one.
 * A re-run (a retry, a crash) skips what is linked and finds again what was made: ids are derived
 * from the message and the position. An attachment past the plan's file size, the storage limit or
 * empty is left out and named in the answered text (the message's content); any other failure
 * throws, and the job runs again.
 */
export async function importEmailAttachments({
  documents,
  organizationId,
  messageDocumentId,
  email,
  text,
}: {
  documents: Pick<
    DocumentsUsecases,
    'createDocumentFromFile' | 'listEmailAttachmentLinks' | 'linkEmailAttachment' | 'findDocumentIdByContent'
  >;
  organizationId: string;
  messageDocumentId: string;
  email: ExtractedEmail;
  /** The message's text as the worker made it. */
  text: string;
}): Promise<string> {
  const linked = new Set(
    (await documents.listEmailAttachmentLinks({ organizationId, messageDocumentId })).map(
      ({ position }) => position,
    ),
  );
  const notImported: string[] = [];
  for (const attachment of email.attachments) {
    if (linked.has(attachment.position)) continue;
    const content = Buffer.from(
      attachment.content.buffer,
      attachment.content.byteOffset,
      attachment.content.byteLength,
    );
    let attachmentDocumentId: string | undefined;
    try {
      const { document } = await documents.createDocumentFromFile({
        organizationId,
        userId: null,
        file: { name: attachment.name, mimeType: attachment.mimeType, content },
        documentId: emailAttachmentDocumentId({ messageDocumentId, position: attachment.position }),
        eventData: { emailAttachment: { messageDocumentId, name: attachment.name } },
      });
      attachmentDocumentId = document.id;
    } catch (error) {
      if (!isHttpError(error)) throw error;
      const reason = NOT_IMPORTED_REASONS[error.code];
      if (reason) {
        notImported.push(`- ${attachment.name} (${reason})`);
        continue;
      }
      if (error.code !== 'document.already_exists') throw error;
      // The same content is a document already (one of ours from an earlier run, or the user's).
      attachmentDocumentId = await documents.findDocumentIdByContent({
        organizationId,
        sha256: createHash('sha256').update(content).digest('hex'),
      });
      // Purged in between: the job runs again and imports it anew.
      if (!attachmentDocumentId) throw error;
    }
    await documents.linkEmailAttachment({
      organizationId,
      messageDocumentId,
      position: attachment.position,
      attachmentDocumentId,
      name: attachment.name,
    });
  }
  if (notImported.length === 0) return text;
  // Normalised as the worker's text is (a name may hold anything, NUL included).
  return normalizeExtractedText(`${text}\n\nAttachments not imported:\n${notImported.join('\n')}`);
}

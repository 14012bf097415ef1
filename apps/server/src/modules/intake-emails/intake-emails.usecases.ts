import type {
  IntakeEmailDto,
  IntakeEmailMessageDto,
  IntakeEmailMessageStatus,
  IntakeEmailSkipReason,
} from '@sheaf/contracts/intake-emails';
import { isAcceptedIntakeMimeType } from '@sheaf/contracts/intake-emails';
import { INTAKE_EMAIL_MESSAGES_LOG_SIZE } from '@sheaf/contracts/limits';
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { IntakeEmailsTable } from '../../db/database.types';
import { lockRow } from '../../db/locks';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { isHttpError } from '../../shared/errors';
import { deriveId, generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import { sniffMimeType } from '../documents/documents.upload';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { JobQueue } from '../jobs/jobs.queue';
import type { PlansUsecases } from '../plans/plans.usecases';
import {
  createIntakeEmailAlreadyExistsError,
  createIntakeEmailLimitReachedError,
  createIntakeEmailNotFoundError,
} from './intake-emails.errors';
import {
  generateIntakeEmailAddress,
  type IntakeMessage,
  isSenderAllowed,
  messageKeyOf,
  normalizeMessageId,
  skipReasonOf,
  toIntakeEmailDto,
  toIntakeEmailMessageDto,
  uniqueAddresses,
} from './intake-emails.models';
import { parseReceived } from './intake-emails.parse';
import { createIntakeEmailsRepository } from './intake-emails.repository';

/** The job that turns a stored message into documents. */
export const PROCESS_INTAKE_EMAIL_JOB_TYPE = 'intake-emails.process';
export type ProcessIntakeEmailPayload = { receivedId: string };
/** Tries of a processing job; the last one records what still fails as `failed` instead of retrying. */
export const PROCESS_INTAKE_EMAIL_MAX_ATTEMPTS = 5;

/** Attempts at a fresh random address before giving up with `intake-emails.already_exists`. */
const ADDRESS_GENERATION_ATTEMPTS = 5;

export type IntakeEmailChanges = { isEnabled?: boolean | undefined; allowedOrigins?: string[] | undefined };

/** A message as an entry hands it over, to be stored before the entry acknowledges. */
export type ReceivedIntakeEmail =
  | { source: 'smtp'; raw: Buffer; envelopeFrom: string | null; envelopeTo: string[] }
  | { source: 'imap'; raw: Buffer }
  | { source: 'ingest'; raw: Buffer; contentType: string };

/**
 * A message an entry would not take in for its size, as its envelope tells it: logged as
 * `too_large` (never stored, never processed).
 */
export type TooLargeIntakeEmail = {
  source: 'imap';
  /** The addresses it is for (To, Cc, delivery headers), any case, repeats allowed. */
  recipients: string[];
  /** The From address. */
  from: string | null;
  subject: string | null;
  /** The Message-ID header, with or without angle brackets. */
  messageId: string | null;
  /** Its size in bytes. */
  size: number;
  /** The Date header (ISO), for the key of a message without a Message-ID. */
  date: string | null;
  /** When the entry found it. */
  receivedAt: string;
};

/** What a log entry keeps of a message. */
type LoggedMessage = Pick<
  IntakeMessage,
  'source' | 'receivedAt' | 'from' | 'subject' | 'messageId' | 'messageKey'
>;

export function createIntakeEmailsUsecases({
  database,
  clock = systemClock,
  jobQueue,
  plans,
  documents,
  domain,
  logger,
  generateAddress = generateIntakeEmailAddress,
}: {
  database: AppDatabase;
  clock?: Clock;
  jobQueue: Pick<JobQueue, 'enqueue'>;
  plans: Pick<PlansUsecases, 'getOrganizationPlan'>;
  documents: Pick<DocumentsUsecases, 'createDocumentFromFile' | 'getDocument'>;
  /** INTAKE_EMAILS_DOMAIN; undefined when intake is off (nothing is created then). */
  domain: string | undefined;
  logger: Logger;
  /** Draws a new address on the domain (random; tests pass a colliding one). */
  generateAddress?: (domain: string) => string;
}) {
  const repository = createIntakeEmailsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  async function requireIntakeEmail({
    organizationId,
    intakeEmailId,
  }: {
    organizationId: string;
    intakeEmailId: string;
  }) {
    const row = await repository.findById({ organizationId, intakeEmailId });
    if (!row) throw createIntakeEmailNotFoundError();
    return row;
  }

  /** One attachment through the upload use case: the document made, or why none was. */
  async function addAttachment({
    intakeEmail,
    message,
    attachment,
    attachmentIndex,
    attempt,
  }: {
    intakeEmail: Selectable<IntakeEmailsTable>;
    message: IntakeMessage;
    attachment: IntakeMessage['attachments'][number];
    /** Its place among the message's attachments. */
    attachmentIndex: number;
    /** The processing job's try, from 1. */
    attempt: number;
  }): Promise<
    { document: { id: string; name: string } } | { reason: IntakeEmailSkipReason; mimeType: string }
  > {
    const mimeType = await sniffMimeType({
      head: attachment.content.subarray(0, 4100),
      declared: attachment.mimeType,
      fileName: attachment.name,
    });
    if (attachment.content.length === 0) return { reason: 'empty', mimeType };
    if (!isAcceptedIntakeMimeType(mimeType)) return { reason: 'type_not_accepted', mimeType };
    // The part's document has an id of its own message, address and place: a try cut short after
    // making it (a crash, a failed log write) finds it again instead of calling it a duplicate.
    // Only a retry can find one, so a first try does not look.
    const documentId = deriveId('doc', `${intakeEmail.id}\n${message.messageKey}\n${attachmentIndex}`);
    if (attempt > 1) {
      const madeBefore = await documents
        .getDocument({ organizationId: intakeEmail.organization_id, documentId })
        .catch(() => undefined);
      if (madeBefore) return { document: { id: madeBefore.id, name: madeBefore.name } };
    }
    try {
      const { document } = await documents.createDocumentFromFile({
        organizationId: intakeEmail.organization_id,
        userId: null,
        file: { name: attachment.name, mimeType, content: attachment.content },
        eventData: { intakeEmail: { from: message.from, emailAddress: intakeEmail.email_address } },
        documentId,
      });
      return { document: { id: document.id, name: document.name } };
    } catch (error) {
      const reason = isHttpError(error) ? skipReasonOf(error.code) : undefined;
      if (reason) return { reason, mimeType };
      // A full disk, a database hiccup: the job tries again later (documents already made are
      // found by their id then), and records the part as failed on its last try.
      if (attempt < PROCESS_INTAKE_EMAIL_MAX_ATTEMPTS) throw error;
      logger.error(
        { err: error, intakeEmailId: intakeEmail.id, part: attachment.name },
        'An intake e-mail attachment could not be stored',
      );
      return { reason: 'failed', mimeType };
    }
  }

  /**
   * What an address says of a message before its content counts: `address_disabled` when it is
   * off, `sender_not_allowed` when no sender is allowed (nothing more is told of such mail), else
   * undefined.
   */
  function refusalOf({
    intakeEmail,
    senders,
  }: {
    intakeEmail: Selectable<IntakeEmailsTable>;
    senders: string[];
  }): Extract<IntakeEmailMessageStatus, 'address_disabled' | 'sender_not_allowed'> | undefined {
    if (!intakeEmail.is_enabled) return 'address_disabled';
    const allowedOrigins = JSON.parse(intakeEmail.allowed_origins) as string[];
    if (!isSenderAllowed({ senders, allowedOrigins })) return 'sender_not_allowed';
    return undefined;
  }

  /** An address's log entry for a message (not yet written). */
  function logEntryOf({
    intakeEmail,
    message,
    status,
    documents: madeDocuments,
    skippedParts,
  }: {
    intakeEmail: Selectable<IntakeEmailsTable>;
    message: LoggedMessage;
    status: IntakeEmailMessageStatus;
    documents: IntakeEmailMessageDto['documents'];
    skippedParts: IntakeEmailMessageDto['skippedParts'];
  }) {
    return {
      id: generateId('iem'),
      intake_email_id: intakeEmail.id,
      organization_id: intakeEmail.organization_id,
      message_key: message.messageKey,
      message_id: message.messageId,
      source: message.source,
      from_address: message.from,
      subject: message.subject ? message.subject.slice(0, 998) : null,
      status,
      documents: JSON.stringify(madeDocuments),
      skipped_parts: JSON.stringify(skippedParts),
      received_at: message.receivedAt,
      processed_at: now(),
    };
  }
  type LogEntry = ReturnType<typeof logEntryOf>;

  /** The message for one intake address: its documents and its log entry (not yet written). */
  async function processFor({
    intakeEmail,
    message,
    attempt,
  }: {
    intakeEmail: Selectable<IntakeEmailsTable>;
    message: IntakeMessage;
    attempt: number;
  }): Promise<LogEntry> {
    const madeDocuments: IntakeEmailMessageDto['documents'] = [];
    const skippedParts: IntakeEmailMessageDto['skippedParts'] = [];
    const status: IntakeEmailMessageStatus =
      refusalOf({ intakeEmail, senders: message.senders }) ??
      (message.attachments.length === 0 ? 'no_attachments' : 'processed');
    if (status === 'processed') {
      for (const [attachmentIndex, attachment] of message.attachments.entries()) {
        const outcome = await addAttachment({
          intakeEmail,
          message,
          attachment,
          attachmentIndex,
          attempt,
        });
        if ('document' in outcome) madeDocuments.push(outcome.document);
        else
          skippedParts.push({
            name: attachment.name,
            mimeType: outcome.mimeType,
            size: attachment.content.length,
            reason: outcome.reason,
          });
      }
    }
    return logEntryOf({ intakeEmail, message, status, documents: madeDocuments, skippedParts });
  }

  /** The intake addresses among `recipients` that have not logged this message yet. */
  async function unloggedAddresses({
    recipients,
    message,
  }: {
    recipients: string[];
    message: LoggedMessage;
  }) {
    const pending: Array<Selectable<IntakeEmailsTable>> = [];
    for (const intakeEmail of await repository.findByAddresses({ emailAddresses: recipients })) {
      if (await repository.isProcessed({ intakeEmailId: intakeEmail.id, messageKey: message.messageKey })) {
        logger.info(
          { intakeEmailId: intakeEmail.id, messageId: message.messageId },
          'Intake e-mail already processed for this address: skipped',
        );
        continue;
      }
      pending.push(intakeEmail);
    }
    return pending;
  }

  const logWritten = (entries: LogEntry[]) => {
    for (const entry of entries) {
      logger.info(
        {
          intakeEmailId: entry.intake_email_id,
          organizationId: entry.organization_id,
          source: entry.source,
          status: entry.status,
        },
        'Intake e-mail processed',
      );
    }
  };

  return {
    async listIntakeEmails({ organizationId }: { organizationId: string }): Promise<IntakeEmailDto[]> {
      return (await repository.list({ organizationId })).map(toIntakeEmailDto);
    },

    async countIntakeEmails({ organizationId }: { organizationId: string }) {
      return repository.count({ organizationId });
    },

    /**
     * A new enabled address with no allowed sender yet. The plan's limit is counted in the
     * inserting transaction under the organization's lock, so parallel creations cannot pass it.
     */
    async createIntakeEmail({ organizationId }: { organizationId: string }): Promise<IntakeEmailDto> {
      if (!domain) throw new Error('INTAKE_EMAILS_DOMAIN is not set');
      const { limits } = await plans.getOrganizationPlan({ organizationId });
      const limit = limits.maxIntakeEmailsCount;
      const id = generateId('ie');
      for (let attempt = 1; ; attempt++) {
        const emailAddress = generateAddress(domain);
        try {
          await database.db.transaction().execute(async (trx) => {
            await lockRow(trx, 'organizations', organizationId);
            const intakeEmails = createIntakeEmailsRepository({ db: trx });
            if (limit !== null && (await intakeEmails.count({ organizationId })) >= limit) {
              throw createIntakeEmailLimitReachedError(limit);
            }
            const createdAt = now();
            await intakeEmails.insert({
              id,
              organization_id: organizationId,
              email_address: emailAddress,
              is_enabled: 1,
              allowed_origins: '[]',
              created_at: createdAt,
              updated_at: createdAt,
            });
          });
          break;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Another address drew the same random part: draw again, a few times at most.
          if (attempt >= ADDRESS_GENERATION_ATTEMPTS) throw createIntakeEmailAlreadyExistsError();
        }
      }
      return toIntakeEmailDto(await requireIntakeEmail({ organizationId, intakeEmailId: id }));
    },

    /** `isEnabled` and/or `allowedOrigins`; a field left out keeps its value. */
    async updateIntakeEmail({
      organizationId,
      intakeEmailId,
      changes,
    }: {
      organizationId: string;
      intakeEmailId: string;
      changes: IntakeEmailChanges;
    }): Promise<IntakeEmailDto> {
      const updated = await repository.update({
        organizationId,
        intakeEmailId,
        set: {
          ...(changes.isEnabled !== undefined ? { is_enabled: changes.isEnabled ? 1 : 0 } : {}),
          ...(changes.allowedOrigins !== undefined
            ? { allowed_origins: JSON.stringify(changes.allowedOrigins) }
            : {}),
          updated_at: now(),
        },
      });
      if (!updated) throw createIntakeEmailNotFoundError();
      return toIntakeEmailDto(await requireIntakeEmail({ organizationId, intakeEmailId }));
    },

    async deleteIntakeEmail({
      organizationId,
      intakeEmailId,
    }: {
      organizationId: string;
      intakeEmailId: string;
    }) {
      if (!(await repository.delete({ organizationId, intakeEmailId })))
        throw createIntakeEmailNotFoundError();
    },

    /** The newest processed messages of an address (INTAKE_EMAIL_MESSAGES_LOG_SIZE). */
    async listMessages({
      organizationId,
      intakeEmailId,
    }: {
      organizationId: string;
      intakeEmailId: string;
    }): Promise<IntakeEmailMessageDto[]> {
      await requireIntakeEmail({ organizationId, intakeEmailId });
      const rows = await repository.listMessages({ intakeEmailId, limit: INTAKE_EMAIL_MESSAGES_LOG_SIZE });
      return rows.map(toIntakeEmailMessageDto);
    },

    /**
     * Whether mail to this address is taken (SMTP's RCPT TO check): an enabled intake address of a
     * live organization.
     */
    async isAcceptedRecipient({ emailAddress }: { emailAddress: string }) {
      const [row] = await repository.findByAddresses({ emailAddresses: [emailAddress.toLowerCase()] });
      return row !== undefined && Boolean(row.is_enabled);
    },

    /**
     * Stores a message an entry took in, with its processing job, in one transaction: once this
     * resolves the entry may acknowledge (SMTP 250, ingest 202, IMAP \Seen), a crash loses nothing.
     */
    async receive(message: ReceivedIntakeEmail): Promise<{ receivedId: string }> {
      const receivedId = generateId('ier');
      await database.db.transaction().execute(async (trx) => {
        await createIntakeEmailsRepository({ db: trx }).insertReceived({
          id: receivedId,
          source: message.source,
          envelope_from: message.source === 'smtp' ? message.envelopeFrom : null,
          envelope_to: message.source === 'smtp' ? JSON.stringify(message.envelopeTo) : null,
          content_type: message.source === 'ingest' ? message.contentType : null,
          raw: message.raw,
          received_at: now(),
        });
        await jobQueue.enqueue(
          PROCESS_INTAKE_EMAIL_JOB_TYPE,
          { receivedId } satisfies ProcessIntakeEmailPayload,
          { trx, maxAttempts: PROCESS_INTAKE_EMAIL_MAX_ATTEMPTS },
        );
      });
      return { receivedId };
    },

    /**
     * The processing job: for each recipient that is an intake address and has not processed this
     * message yet, checks the address and the sender, makes a document of each accepted attachment
     * (through the upload use case), then records the message in the address's log and drops the
     * stored message, in one transaction. Run again after a crash it makes no duplicate: the log
     * keys skip processed addresses, and documents already made are found by their content.
     */
    async processReceived({ receivedId, attempt }: { receivedId: string; attempt: number }) {
      const received = await repository.findReceived({ receivedId });
      if (!received) return;
      const message = await parseReceived(received);
      const entries: LogEntry[] = [];
      for (const intakeEmail of await unloggedAddresses({ recipients: message.recipients, message })) {
        entries.push(await processFor({ intakeEmail, message, attempt }));
      }
      await database.db.transaction().execute(async (trx) => {
        const intakeEmails = createIntakeEmailsRepository({ db: trx });
        for (const entry of entries) await intakeEmails.insertMessage(entry);
        await intakeEmails.deleteReceived({ receivedId });
      });
      logWritten(entries);
    },

    /**
     * A message an entry would not take in for its size (the IMAP poller: no sender to answer 552
     * to): logs it as `too_large` for each intake address among its recipients, so their owners
     * learn it was dropped. A disabled address or a sender not allowed logs that instead, as for
     * any message. Once per address, like processing: a message seen again logs nothing more.
     */
    async recordTooLarge(message: TooLargeIntakeEmail) {
      const messageId = normalizeMessageId(message.messageId);
      const from = message.from?.trim().toLowerCase() || null;
      const subject = message.subject?.trim() || null;
      const logged: LoggedMessage = {
        source: message.source,
        receivedAt: message.receivedAt,
        from,
        subject,
        messageId,
        // A key of its own: the log says it once however often it is seen, and the message is still
        // taken in if the limit is raised and it arrives again. Without a Message-ID the raw message
        // is not at hand to hash: its headers and size stand in.
        messageKey: `too_large:${messageKeyOf({
          messageId,
          fallback: JSON.stringify([from, subject, message.size, message.date]),
        })}`,
      };
      const entries = (
        await unloggedAddresses({ recipients: uniqueAddresses(message.recipients), message: logged })
      ).map((intakeEmail) =>
        logEntryOf({
          intakeEmail,
          message: logged,
          status: refusalOf({ intakeEmail, senders: uniqueAddresses([from]) }) ?? 'too_large',
          documents: [],
          skippedParts: [],
        }),
      );
      if (entries.length === 0) return;
      await database.db.transaction().execute(async (trx) => {
        const intakeEmails = createIntakeEmailsRepository({ db: trx });
        for (const entry of entries) await intakeEmails.insertMessage(entry);
      });
      logWritten(entries);
    },
  };
}

export type IntakeEmailsUsecases = ReturnType<typeof createIntakeEmailsUsecases>;

import { randomUUID } from 'node:crypto';
import { type FetchMessageObject, ImapFlow } from 'imapflow';
import type { Leases } from '../../db/leases';
import { addMilliseconds, type Clock, systemClock, toTimestamp } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { addressesIn } from './intake-emails.models';
import { DELIVERY_HEADERS } from './intake-emails.parse';
import type { IntakeEmailsUsecases, TooLargeIntakeEmail } from './intake-emails.usecases';

/** The lease that makes one process poll the mailbox. */
export const IMAP_POLLER_LEASE_NAME = 'intake-emails.imap-poller';
/** A lease lasts this long; its holder renews it at least every third of it. */
export const IMAP_POLLER_LEASE_MS = 60_000;
/** The folder a processed message is moved to, when the mailbox has one. */
export const IMAP_PROCESSED_FOLDER = 'Processed';
const MAX_BACKOFF_MS = 5 * 60_000;

export type ImapMailbox = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
};

/** INTAKE_EMAILS_IMAP_URL: `imaps://user:pass@host:993/INBOX` (user and password URL-encoded). */
export function parseImapUrl(url: string): ImapMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

/**
 * A message too large to fetch, as its envelope and delivery headers tell it: the same recipients
 * (Delivered-To, X-Original-To…, To, Cc) and sender (From) as the pipeline reads from a whole one.
 */
function tooLargeRecordOf(
  message: Pick<FetchMessageObject, 'size' | 'envelope' | 'headers'>,
  receivedAt: string,
): TooLargeIntakeEmail {
  const envelope = message.envelope ?? {};
  const addresses = (entries: Array<{ address?: string | undefined }> | undefined) =>
    (entries ?? []).flatMap(({ address }) => (address ? [address] : []));
  // Only the asked-for headers come back: every (unfolded) line is a delivery header.
  const deliveredTo = (message.headers?.toString('utf8') ?? '')
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .flatMap((line) => (line.includes(':') ? addressesIn(line.slice(line.indexOf(':') + 1)) : []));
  const date = envelope.date ? new Date(envelope.date) : undefined;
  return {
    source: 'imap',
    recipients: [...deliveredTo, ...addresses(envelope.to), ...addresses(envelope.cc)],
    from: addresses(envelope.from)[0] ?? null,
    subject: envelope.subject ?? null,
    messageId: envelope.messageId ?? null,
    size: message.size ?? 0,
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    receivedAt,
  };
}

export type ImapPoller = {
  /** Resolves once the poller has stopped, its connection closed and its lease given up. */
  stop: () => Promise<void>;
};

/**
 * Polls a catch-all mailbox (INTAKE_EMAILS_IMAP_URL): takes each unseen message, stores it through
 * the pipeline (the same record as SMTP and the ingest), then flags it `\Seen` and moves it to
 * `Processed` when that folder exists. A crash between the store and the flag fetches it again
 * later, and the pipeline's Message-ID check makes no duplicate. A message over `maxMessageSize`
 * is not fetched: its envelope puts a `too_large` entry in its addresses' logs, then it is flagged
 * (and moved) the same.
 *
 * It waits with IDLE when the server has it (new mail wakes it at once) and polls every
 * `pollSeconds` anyway. Connection errors are logged and retried with backoff (1 s doubling up to
 * 5 min), never thrown. Across processes, only the holder of a database lease polls; the others
 * try to take the lease every little while, so one takes over when the holder dies.
 */
export function startImapPoller({
  mailbox,
  pollSeconds,
  maxMessageSize,
  intakeEmails,
  leases,
  clock = systemClock,
  logger,
  leaseMs = IMAP_POLLER_LEASE_MS,
}: {
  mailbox: ImapMailbox;
  pollSeconds: number;
  maxMessageSize: number;
  intakeEmails: Pick<IntakeEmailsUsecases, 'receive' | 'recordTooLarge'>;
  leases: Leases;
  clock?: Clock;
  logger: Logger;
  leaseMs?: number;
}): ImapPoller {
  const holder = `imap-${randomUUID()}`;
  const pollMs = pollSeconds * 1000;
  const renewMs = Math.floor(leaseMs / 3);
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  let client: ImapFlow | undefined;
  /** Whether the last session got as far as opening the mailbox (the backoff starts over then). */
  let sessionOpened = false;

  /** Waits `ms`, or less when woken (new mail, stop). */
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const acquireLease = () => {
    const now = clock.now();
    return leases.acquire({
      name: IMAP_POLLER_LEASE_NAME,
      holder,
      now: toTimestamp(now),
      expiresAt: toTimestamp(addMilliseconds(now, leaseMs)),
    });
  };

  async function hasFolder(connection: ImapFlow, path: string) {
    const folders = await connection.list();
    return folders.some((folder) => folder.path === path);
  }

  /**
   * Takes every unseen message of the open mailbox in; false when the lease was lost on the way
   * (`keepLease` is asked between messages, so a long backlog does not outlast the lease).
   */
  async function pollOnce(connection: ImapFlow, keepLease: () => Promise<boolean>) {
    const uids = (await connection.search({ seen: false }, { uid: true })) || [];
    if (uids.length === 0) return true;
    const moveToProcessed = await hasFolder(connection, IMAP_PROCESSED_FOLDER);
    for (const uid of uids) {
      if (stopping) return true;
      if (!(await keepLease())) return false;
      const message = await connection.fetchOne(String(uid), { size: true }, { uid: true });
      if (!message) continue;
      if ((message.size ?? 0) > maxMessageSize) {
        logger.warn(
          { uid, size: message.size, maxMessageSize },
          'Intake IMAP: message over INTAKE_EMAILS_MAX_MESSAGE_SIZE left unprocessed (flagged seen)',
        );
        // Nobody to answer 552 to: the addresses' logs tell their owners instead, from the envelope
        // and delivery headers (asked for only here, where the message itself is not fetched).
        const head = await connection.fetchOne(
          String(uid),
          { size: true, envelope: true, headers: [...DELIVERY_HEADERS] },
          { uid: true },
        );
        if (head) await intakeEmails.recordTooLarge(tooLargeRecordOf(head, toTimestamp(clock.now())));
      } else {
        const full = await connection.fetchOne(String(uid), { source: true }, { uid: true });
        const raw = full === false ? undefined : full.source;
        if (!raw) continue;
        await intakeEmails.receive({ source: 'imap', raw });
      }
      await connection.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      if (moveToProcessed) await connection.messageMove(String(uid), IMAP_PROCESSED_FOLDER, { uid: true });
    }
    return true;
  }

  /**
   * One connection: polls until the lease is lost, the connection drops or the poller stops.
   * `leaseTakenAt` (performance.now()) is when the lease was last taken or renewed: the renewals
   * count from then, not from when the connection was ready.
   */
  async function runSession(leaseTakenAt: number): Promise<'lease_lost' | 'closed' | 'stopped'> {
    const connection = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.secure,
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      // Re-issue IDLE within the poll period, so a dead connection shows up.
      maxIdleTime: Math.max(1000, Math.min(pollMs, renewMs)),
      // IDLE as soon as a poll is over (imapflow waits 15 s by default), so new mail wakes us at once.
      autoIdleDelay: 250,
    });
    client = connection;
    let closed = false;
    let hasNews = true;
    connection.on('error', (error: Error) => logger.warn({ err: error }, 'Intake IMAP: connection error'));
    connection.on('close', () => {
      closed = true;
      wakeUp?.();
    });
    connection.on('exists', () => {
      hasNews = true;
      wakeUp?.();
    });
    try {
      await connection.connect();
      // Selected for the whole session, but locked only while polling: imapflow IDLEs on a
      // selected mailbox whose lock is free, and new mail then arrives as an `exists` event.
      await connection.mailboxOpen(mailbox.mailbox);
      sessionOpened = true;
      logger.info(
        { host: mailbox.host, mailbox: mailbox.mailbox, idle: connection.capabilities.has('IDLE') },
        'Intake IMAP: polling the mailbox',
      );
      let lastPollAt = Number.NEGATIVE_INFINITY;
      let lastRenewAt = leaseTakenAt;
      /** Renews the lease when a third of it has passed; false when another process has it. */
      const keepLease = async () => {
        if (performance.now() - lastRenewAt < renewMs) return true;
        lastRenewAt = performance.now();
        if (await acquireLease()) return true;
        logger.warn('Intake IMAP: the poller lease went to another process; stopping here');
        return false;
      };
      while (!stopping && !closed) {
        if (hasNews || performance.now() - lastPollAt >= pollMs) {
          hasNews = false;
          lastPollAt = performance.now();
          const lock = await connection.getMailboxLock(mailbox.mailbox);
          try {
            if (!(await pollOnce(connection, keepLease))) return 'lease_lost';
          } finally {
            lock.release();
          }
        }
        if (!(await keepLease())) return 'lease_lost';
        const untilPoll = lastPollAt + pollMs - performance.now();
        const untilRenew = lastRenewAt + renewMs - performance.now();
        if (!hasNews && !stopping && !closed) await wait(Math.max(0, Math.min(untilPoll, untilRenew)));
      }
      return stopping ? 'stopped' : 'closed';
    } finally {
      client = undefined;
      if (closed || !connection.usable) connection.close();
      else await connection.logout().catch(() => connection.close());
    }
  }

  const done = (async () => {
    let failures = 0;
    while (!stopping) {
      let outcome: 'not_held' | 'lease_lost' | 'closed' | 'stopped' | 'failed' = 'not_held';
      try {
        const leaseTakenAt = performance.now();
        if (await acquireLease()) {
          sessionOpened = false;
          outcome = await runSession(leaseTakenAt);
          if (outcome === 'closed')
            logger.warn('Intake IMAP: the server closed the connection, reconnecting');
        }
      } catch (error) {
        outcome = 'failed';
        // Closing the connection to stop makes the session fail: nothing to report then.
        if (!stopping)
          logger.warn(
            { err: error, failures: failures + 1 },
            'Intake IMAP: polling failed, retrying with backoff',
          );
      }
      if (stopping) break;
      if (outcome === 'failed' || outcome === 'closed') {
        failures = sessionOpened ? 1 : failures + 1;
        await wait(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)));
      } else {
        failures = 0;
        // Not the holder: try again before the holder's lease could have run out.
        await wait(renewMs);
      }
    }
    await leases.release({ name: IMAP_POLLER_LEASE_NAME, holder }).catch((error: unknown) => {
      logger.warn({ err: error }, 'Intake IMAP: could not release the poller lease');
    });
  })();

  return {
    async stop() {
      stopping = true;
      wakeUp?.();
      client?.close();
      await done;
    },
  };
}

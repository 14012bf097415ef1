import type { Readable } from 'node:stream';
import type { MemberRole } from '@sheaf/contracts/permissions';
import {
  canRevokeShareLink,
  isShareLinkExpired,
  SHARE_LINK_EXPIRY_MS,
  SHARE_LINK_PASSWORD_ATTEMPTS,
  SHARE_LINK_PASSWORD_WINDOW_SECONDS,
  type ShareLinkDto,
  type ShareLinkExpiry,
  type ShareLinkSettingsDto,
  shareLinkPath,
} from '@sheaf/contracts/share-links';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import type { ActivityRecorder } from '../activity/activity.usecases';
import { createForbiddenError } from '../auth/auth.errors.http';
import { createDocumentNotFoundError } from '../documents/documents.errors';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import { createShareLinkNotFoundError, createShareLinksDisabledError } from './share-links.errors';
import {
  generateShareLinkToken,
  hashShareLinkToken,
  isWellFormedShareLinkToken,
  LAST_ACCESSED_AT_THROTTLE_MS,
  signUnlock,
  toShareLinkDto,
  UNLOCK_TTL_MS,
  verifyUnlock,
} from './share-links.models';
import { createShareLinksRepository, type PublicShareLinkRow } from './share-links.repository';

/** What the public page of a token finds: the link, or why it does not open. */
export type ShareLinkLookup =
  | { state: 'open'; link: PublicShareLinkRow }
  /** Unknown or revoked token, document in the trash, organization deleted, or links switched off. */
  | { state: 'not_found' }
  | { state: 'expired' };

/** The outcome of a password given on the public page. */
export type PasswordCheck =
  | { state: 'accepted'; unlockValue: string; unlockExpiresAt: Date }
  | { state: 'rejected' }
  | { state: 'rate_limited'; retryAfterSeconds: number };

export function createShareLinksUsecases({
  database,
  clock = systemClock,
  activity,
  documents,
  appBaseUrl,
  secret,
}: {
  database: AppDatabase;
  clock?: Clock;
  /** Records `share_link_created`, `share_link_opened` and `share_link_revoked` entries. */
  activity: ActivityRecorder;
  /** Streams a shared document's file. */
  documents: Pick<DocumentsUsecases, 'openDocumentFile'>;
  /** The origin links are made on (APP_BASE_URL). */
  appBaseUrl: string;
  /** Signs the cookie of a visitor who gave the right password (the server's AUTH_SECRET). */
  secret: string;
}) {
  const repository = createShareLinksRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  async function isEnabled(organizationId: string) {
    const settings = await repository.findSettings({ organizationId });
    return settings === undefined || settings.is_enabled === 1;
  }

  async function requireLink({
    trx,
    organizationId,
    shareLinkId,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    shareLinkId: string;
  }) {
    const link = await createShareLinksRepository({ db: trx }).findById({ organizationId, shareLinkId });
    if (!link) throw createShareLinkNotFoundError();
    return link;
  }

  async function revokeInTransaction({
    trx,
    organizationId,
    shareLinkId,
    documentId,
    userId,
  }: {
    trx: Transaction<Database>;
    organizationId: string;
    shareLinkId: string;
    documentId: string;
    userId: string;
  }) {
    // Counted by what this transaction deleted: two revokes at once record one entry.
    if ((await createShareLinksRepository({ db: trx }).delete({ shareLinkId })) === 0) return false;
    await activity.recordActivity(trx, {
      organizationId,
      documentId,
      event: 'share_link_revoked',
      eventData: { shareLinkId },
      userId,
      now: now(),
    });
    return true;
  }

  return {
    /**
     * Makes a link to an active document (404 `documents.not_found` for one in the trash or of
     * another organization; 403 `share_links.disabled` when the owners turned links off), with a
     * `share_link_created` entry. The token is answered once.
     */
    async createShareLink({
      organizationId,
      documentId,
      userId,
      expiresIn,
      password,
      allowDownload,
    }: {
      organizationId: string;
      documentId: string;
      userId: string;
      expiresIn: ShareLinkExpiry;
      password: string | null | undefined;
      allowDownload: boolean;
    }): Promise<{ shareLink: ShareLinkDto; token: string; url: string }> {
      if (!(await isEnabled(organizationId))) throw createShareLinksDisabledError();
      // Hashed before the transaction: scrypt takes a while and holds no lock.
      const passwordHash = password ? await hashPassword(password) : null;
      const { token, hash } = generateShareLinkToken();
      const shareLinkId = generateId('shl');
      const createdAt = clock.now();
      const duration = SHARE_LINK_EXPIRY_MS[expiresIn];
      const shareLink = await database.db.transaction().execute(async (trx) => {
        const links = createShareLinksRepository({ db: trx });
        const state = await links.findDocumentState({ organizationId, documentId });
        if (!state || state.isDeleted) throw createDocumentNotFoundError();
        await links.insert({
          id: shareLinkId,
          organization_id: organizationId,
          document_id: documentId,
          token_hash: hash,
          password_hash: passwordHash,
          allow_download: allowDownload ? 1 : 0,
          expires_at: duration === null ? null : toTimestamp(new Date(createdAt.getTime() + duration)),
          created_by: userId,
          created_at: toTimestamp(createdAt),
          last_accessed_at: null,
          failed_attempts: 0,
          failed_window_started_at: null,
        });
        await activity.recordActivity(trx, {
          organizationId,
          documentId,
          event: 'share_link_created',
          eventData: { shareLinkId },
          userId,
          now: toTimestamp(createdAt),
        });
        return toShareLinkDto(await requireLink({ trx, organizationId, shareLinkId }));
      });
      return { shareLink, token, url: new URL(shareLinkPath(token), appBaseUrl).toString() };
    },

    /** The document's active links, newest first (404 for a document not in the organization). */
    async listDocumentShareLinks({
      organizationId,
      documentId,
    }: {
      organizationId: string;
      documentId: string;
    }): Promise<ShareLinkDto[]> {
      if (!(await repository.findDocumentState({ organizationId, documentId }))) {
        throw createDocumentNotFoundError();
      }
      return (await repository.listActive({ organizationId, documentId, now: now() })).map(toShareLinkDto);
    },

    async listShareLinks({
      organizationId,
      pageIndex,
      pageSize,
    }: {
      organizationId: string;
      pageIndex: number;
      pageSize: number;
    }): Promise<{ shareLinks: ShareLinkDto[]; shareLinksCount: number }> {
      const at = now();
      const [rows, shareLinksCount] = await Promise.all([
        repository.listActive({ organizationId, now: at, pageIndex, pageSize }),
        repository.countActive({ organizationId, now: at }),
      ]);
      return { shareLinks: rows.map(toShareLinkDto), shareLinksCount };
    },

    /** Its creator, admins and owners revoke a link (403 otherwise); it stops working at once. */
    async revokeShareLink({
      organizationId,
      shareLinkId,
      caller,
    }: {
      organizationId: string;
      shareLinkId: string;
      caller: { userId: string; role: MemberRole };
    }): Promise<void> {
      await database.db.transaction().execute(async (trx) => {
        const link = await requireLink({ trx, organizationId, shareLinkId });
        if (!canRevokeShareLink(link.created_by, caller)) {
          throw createForbiddenError('Only its creator, admins and owners revoke a share link.');
        }
        await revokeInTransaction({
          trx,
          organizationId,
          shareLinkId,
          documentId: link.document_id,
          userId: caller.userId,
        });
      });
    },

    /** Revokes every link of the organization, expired ones too: how many were revoked. */
    async revokeAllShareLinks({ organizationId, userId }: { organizationId: string; userId: string }) {
      return database.db.transaction().execute(async (trx) => {
        let revokedCount = 0;
        for (const link of await createShareLinksRepository({ db: trx }).listAll({ organizationId })) {
          const revoked = await revokeInTransaction({
            trx,
            organizationId,
            shareLinkId: link.id,
            documentId: link.document_id,
            userId,
          });
          if (revoked) revokedCount += 1;
        }
        return revokedCount;
      });
    },

    async getSettings({ organizationId }: { organizationId: string }): Promise<ShareLinkSettingsDto> {
      return { isEnabled: await isEnabled(organizationId) };
    },

    async updateSettings({
      organizationId,
      isEnabled: enabled,
    }: {
      organizationId: string;
      isEnabled: boolean;
    }): Promise<ShareLinkSettingsDto> {
      await repository.upsertSettings({ organizationId, isEnabled: enabled, now: now() });
      return { isEnabled: enabled };
    },

    /**
     * What a token opens. Everything that does not open is told apart only as expired (410) or not
     * found (404): a revoked link, a document in the trash and links switched off look alike.
     */
    async lookUp(token: string): Promise<ShareLinkLookup> {
      if (!isWellFormedShareLinkToken(token)) return { state: 'not_found' };
      const link = await repository.findByTokenHash(hashShareLinkToken(token));
      if (
        !link ||
        Number(link.document_is_deleted) === 1 ||
        link.organization_deleted_at !== null ||
        link.settings_is_enabled === 0
      ) {
        return { state: 'not_found' };
      }
      if (isShareLinkExpired(link.expires_at, clock.now())) return { state: 'expired' };
      return { state: 'open', link };
    },

    /** Whether a visitor's cookie lets them in (always, for a link without a password). */
    isUnlocked(link: PublicShareLinkRow, cookieValue: string | undefined): boolean {
      if (link.password_hash === null) return true;
      return verifyUnlock({
        secret,
        linkId: link.id,
        passwordHash: link.password_hash,
        value: cookieValue,
        now: clock.now(),
      });
    },

    /**
     * Checks a password given on the page. Every attempt counts against the link's window
     * (SHARE_LINK_PASSWORD_ATTEMPTS per SHARE_LINK_PASSWORD_WINDOW_SECONDS, in the database so that
     * every process shares it); past it, even the right password waits for the window's end. The
     * right one clears the count.
     */
    async checkPassword(link: PublicShareLinkRow, password: string): Promise<PasswordCheck> {
      if (link.password_hash === null) return { state: 'rejected' };
      const at = clock.now();
      const windowMs = SHARE_LINK_PASSWORD_WINDOW_SECONDS * 1000;
      await repository.resetAttemptsWindow({
        shareLinkId: link.id,
        now: toTimestamp(at),
        windowStartedBefore: toTimestamp(new Date(at.getTime() - windowMs)),
      });
      if (!(await repository.takeAttempt({ shareLinkId: link.id, max: SHARE_LINK_PASSWORD_ATTEMPTS }))) {
        const window = await repository.findAttemptsWindow({ shareLinkId: link.id });
        const startedAt = window?.failed_window_started_at
          ? new Date(window.failed_window_started_at).getTime()
          : at.getTime();
        const retryAfterSeconds = Math.max(1, Math.ceil((startedAt + windowMs - at.getTime()) / 1000));
        return { state: 'rate_limited', retryAfterSeconds };
      }
      if (!(await verifyPassword({ hash: link.password_hash, password }))) return { state: 'rejected' };
      await repository.clearAttempts({ shareLinkId: link.id });
      const unlockExpiresAt = new Date(at.getTime() + UNLOCK_TTL_MS);
      return {
        state: 'accepted',
        unlockValue: signUnlock({
          secret,
          linkId: link.id,
          passwordHash: link.password_hash,
          expiresAtMs: unlockExpiresAt.getTime(),
        }),
        unlockExpiresAt,
      };
    },

    /**
     * Records that the page was opened: the access time and a `share_link_opened` entry (by nobody),
     * at most once a minute per link, so reloading the page does not flood the activity log.
     */
    async recordOpened(link: PublicShareLinkRow): Promise<void> {
      const at = clock.now();
      await database.db.transaction().execute(async (trx) => {
        const touched = await createShareLinksRepository({ db: trx }).touchLastAccessed({
          shareLinkId: link.id,
          now: toTimestamp(at),
          notSince: toTimestamp(new Date(at.getTime() - LAST_ACCESSED_AT_THROTTLE_MS)),
        });
        if (!touched) return;
        await activity.recordActivity(trx, {
          organizationId: link.organization_id,
          documentId: link.document_id,
          event: 'share_link_opened',
          eventData: { shareLinkId: link.id },
          userId: null,
          now: toTimestamp(at),
        });
      });
    },

    /** The shared document's file (a byte range of it when asked). */
    openFile(
      link: PublicShareLinkRow,
      rangeHeader: string | undefined,
    ): Promise<{ size: number; range: { start: number; end: number } | undefined; stream: Readable }> {
      return documents.openDocumentFile({
        organizationId: link.organization_id,
        documentId: link.document_id,
        rangeHeader,
      });
    },
  };
}

export type ShareLinksUsecases = ReturnType<typeof createShareLinksUsecases>;

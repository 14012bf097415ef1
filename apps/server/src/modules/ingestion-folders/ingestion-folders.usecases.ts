import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IngestionFolderDto, IngestionFolderFileOutcome } from '@sheaf/contracts/ingestion-folders';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import { DEFAULT_TAG_COLOR } from '@sheaf/contracts/tags';
import type { AppDatabase } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { isHttpError } from '../../shared/errors';
import { deriveId, generateId } from '../../shared/ids';
import type { Logger } from '../../shared/logger';
import type { DocumentsUsecases } from '../documents/documents.usecases';
import type { OrganizationsUsecases } from '../organizations/organizations.usecases';
import type { TagsUsecases } from '../tags/tags.usecases';
import {
  createIngestionFolderNameTakenError,
  createIngestionFoldersDisabledError,
} from './ingestion-folders.errors';
import {
  folderNameKey,
  numberedFileName,
  tagNamesOfPath,
  toIngestionFolderFileDto,
  UNREADABLE_FILE_REASON,
} from './ingestion-folders.models';
import { createIngestionFoldersRepository } from './ingestion-folders.repository';

export type IngestionFoldersSettings = {
  /** INGESTION_FOLDERS_ROOT; undefined: the feature is off. */
  root: string | undefined;
  after: 'delete' | 'move';
  duplicates: 'move' | 'delete';
  subfoldersAsTags: boolean;
};

/** What the watcher of this process reports (none in a `web` process). */
export type WatcherState = { state: 'watching' | 'error'; error: string | null };

/** What became of one file handed to processFile. */
export type ProcessedFile =
  | { outcome: 'gone' }
  | {
      outcome: Exclude<IngestionFolderFileOutcome, 'processing'>;
      documentId: string | null;
      reason: string | null;
    };

const isFileSystemError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
const isMissing = (error: unknown) => isFileSystemError(error) && error.code === 'ENOENT';

async function sha256OfFile(file: string) {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Watched folders: the organization's folder (its name, path and last files) and the import of one
 * stable file found there (processFile; the watcher decides when, under the organization's lease).
 */
export function createIngestionFoldersUsecases({
  database,
  clock = systemClock,
  documents,
  tags,
  organizations,
  settings,
  logger,
}: {
  database: AppDatabase;
  clock?: Clock;
  documents: Pick<DocumentsUsecases, 'createDocumentFromFile' | 'getDocument'>;
  tags: Pick<TagsUsecases, 'listTags' | 'createTag' | 'attachTagsToDocument'>;
  organizations: Pick<OrganizationsUsecases, 'getOrganization'>;
  settings: IngestionFoldersSettings;
  logger: Logger;
}) {
  const repository = createIngestionFoldersRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());
  let watcherState: WatcherState | undefined;

  /** The name of the organization's folder: the one its owners set, else its id. */
  async function folderNameOf(organizationId: string) {
    const row = await repository.findSettings({ organizationId });
    return { folderName: row?.folder_name ?? null, directory: row?.folder_name ?? organizationId };
  }

  /** Makes the folder when missing; answers why it cannot be used, or null. */
  async function checkFolder(directory: string): Promise<string | null> {
    try {
      await fsp.mkdir(directory, { recursive: true });
      await fsp.access(directory, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
      return null;
    } catch (error) {
      return isFileSystemError(error)
        ? `The server cannot use this folder (${error.code ?? 'error'}): ${error.message}`
        : 'The server cannot use this folder';
    }
  }

  async function getFolder({ organizationId }: { organizationId: string }): Promise<IngestionFolderDto> {
    const { folderName, directory } = await folderNameOf(organizationId);
    const files = (await repository.listFiles({ organizationId })).map(toIngestionFolderFileDto);
    if (!settings.root) {
      return { isEnabled: false, folderName, path: null, state: null, error: null, files };
    }
    const folderPath = path.join(settings.root, directory);
    const problem = watcherState?.state === 'error' ? watcherState.error : await checkFolder(folderPath);
    return {
      isEnabled: true,
      folderName,
      path: folderPath,
      state: problem ? 'error' : 'watching',
      error: problem,
      files,
    };
  }

  /** Moves `from` to `folder/<filePath>` under the organization's folder, numbered when taken; answers where. */
  async function moveInto(from: string, organizationDirectory: string, folder: string, filePath: string) {
    const target = path.join(organizationDirectory, folder, filePath);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    for (let index = 0; ; index++) {
      const candidate = path.join(path.dirname(target), numberedFileName(path.basename(target), index));
      try {
        // Not overwriting: link then unlink would be atomic, but not on every share; check first.
        await fsp.access(candidate);
      } catch {
        await fsp.rename(from, candidate);
        return candidate;
      }
    }
  }

  /** Takes the file out of the folder as its outcome says, then records that it is gone. */
  async function removeFile({
    rowId,
    outcome,
    reason,
    absolute,
    organizationDirectory,
    filePath,
  }: {
    rowId: string;
    outcome: Exclude<IngestionFolderFileOutcome, 'processing'>;
    reason: string | null;
    absolute: string;
    organizationDirectory: string;
    filePath: string;
  }) {
    try {
      if (outcome === 'failed') {
        const moved = await moveInto(absolute, organizationDirectory, 'failed', filePath);
        await fsp.writeFile(
          `${moved}.error.txt`,
          `${path.basename(filePath)} was not imported.\nReason: ${reason ?? 'unknown'}\nAt: ${now()}\n`,
        );
      } else if (
        (outcome === 'imported' && settings.after === 'move') ||
        (outcome === 'duplicate' && settings.duplicates === 'move')
      ) {
        await moveInto(
          absolute,
          organizationDirectory,
          outcome === 'imported' ? 'done' : 'duplicates',
          filePath,
        );
      } else {
        await fsp.unlink(absolute);
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await repository.updateFile({ id: rowId, set: { removed_at: now() } });
  }

  /** Finds or makes the tags of the file's subfolders and attaches them (by nobody: userId null). */
  async function tagFromSubfolders({
    organizationId,
    documentId,
    filePath,
  }: {
    organizationId: string;
    documentId: string;
    filePath: string;
  }) {
    const names = tagNamesOfPath(filePath);
    if (names.length === 0) return;
    const tagIds: string[] = [];
    for (const name of names) {
      const find = async () =>
        (await tags.listTags({ organizationId })).find((tag) => tagNameKey(tag.name) === tagNameKey(name));
      let tag = await find();
      if (!tag) {
        try {
          tag = await tags.createTag({
            organizationId,
            fields: { name, color: DEFAULT_TAG_COLOR, description: null },
          });
        } catch (error) {
          // Made meanwhile (another file of the same subfolder, a user).
          if (!isHttpError(error) || error.code !== 'tags.already_exists') throw error;
          tag = await find();
        }
      }
      if (tag) tagIds.push(tag.id);
    }
    await database.db
      .transaction()
      .execute((trx) =>
        tags.attachTagsToDocument({ trx, organizationId, documentId, tagIds, userId: null, now: now() }),
      );
  }

  return {
    getFolder,

    /** PATCH: sets (or, null, clears) the folder name; the new folder is created. */
    async updateFolderName({
      organizationId,
      folderName,
    }: {
      organizationId: string;
      folderName: string | null;
    }): Promise<IngestionFolderDto> {
      if (!settings.root) throw createIngestionFoldersDisabledError();
      if (folderName === null) {
        await repository.deleteSettings({ organizationId });
      } else {
        const key = folderNameKey(folderName);
        const holder = await repository.findSettingsByKey({ folderNameKey: key });
        if (holder && holder.organization_id !== organizationId) throw createIngestionFolderNameTakenError();
        try {
          await repository.upsertSettings({ organizationId, folderName, folderNameKey: key, now: now() });
        } catch (error) {
          if (isUniqueViolation(error)) throw createIngestionFolderNameTakenError();
          throw error;
        }
      }
      return getFolder({ organizationId });
    },

    /** What the watcher of this process reports; the organization's page shows it. */
    reportWatcherState(state: WatcherState | undefined) {
      watcherState = state;
    },

    /**
     * The organization whose folder `folder` (a folder directly under the root) is: the one whose
     * owners gave it that name, else the organization with that id (not deleted); undefined for
     * any other folder.
     */
    async resolveFolder(folder: string): Promise<{ organizationId: string } | undefined> {
      const named = await repository.findSettingsByKey({ folderNameKey: folderNameKey(folder) });
      if (named) return { organizationId: named.organization_id };
      if (!/^org_[a-z0-9]+$/.test(folder)) return undefined;
      try {
        const organization = await organizations.getOrganization({ organizationId: folder });
        return organization.deletedAt ? undefined : { organizationId: organization.id };
      } catch (error) {
        if (isHttpError(error)) return undefined;
        throw error;
      }
    },

    /**
     * Imports one stable file of the organization's folder, exactly once: the file's row (path,
     * SHA-256, outcome) is written before the file is removed, and a row still there on the next
     * look (a crash in between) finishes the removal, or the import with the same document id
     * (deriveId of the row) when it was cut short. Call it holding the organization's lease.
     *
     * Refusals (too large, storage full, plan limit, unreadable) go to `failed/` with
     * `<name>.error.txt`; a duplicate to `duplicates/` or away; an imported file away or to
     * `done/`, as configured. Other errors (the database) are thrown: the file stays for a retry.
     */
    async processFile({
      organizationId,
      folder,
      filePath,
    }: {
      organizationId: string;
      /** The organization's folder's name under the root (its id or its folder name). */
      folder: string;
      /** The file's path in it, `/`-separated. */
      filePath: string;
    }): Promise<ProcessedFile> {
      if (!settings.root) throw createIngestionFoldersDisabledError();
      const organizationDirectory = path.join(settings.root, folder);
      const absolute = path.join(organizationDirectory, ...filePath.split('/'));
      let size: number;
      let sha256: string;
      try {
        const stats = await fsp.stat(absolute);
        if (!stats.isFile()) return { outcome: 'gone' };
        size = stats.size;
        sha256 = await sha256OfFile(absolute);
      } catch (error) {
        if (isMissing(error)) return { outcome: 'gone' };
        if (!isFileSystemError(error)) throw error;
        const id = generateId('iff');
        logger.warn({ err: error, organizationId, filePath }, 'Watched folder: a file could not be read');
        const reason = `${UNREADABLE_FILE_REASON}: ${error.message}`;
        await repository.insertFile({
          id,
          organization_id: organizationId,
          path: filePath,
          sha256: '',
          size: 0,
          outcome: 'failed',
          reason,
          document_id: null,
          processed_at: now(),
          removed_at: null,
        });
        await removeFile({ rowId: id, outcome: 'failed', reason, absolute, organizationDirectory, filePath });
        return { outcome: 'failed', documentId: null, reason };
      }

      const known = await repository.findUnremovedFile({ organizationId, path: filePath, sha256 });
      if (known && known.outcome !== 'processing') {
        const outcome = known.outcome as Exclude<IngestionFolderFileOutcome, 'processing'>;
        await removeFile({
          rowId: known.id,
          outcome,
          reason: known.reason,
          absolute,
          organizationDirectory,
          filePath,
        });
        return { outcome, documentId: known.document_id, reason: known.reason };
      }
      const rowId = known?.id ?? generateId('iff');
      if (!known) {
        await repository.insertFile({
          id: rowId,
          organization_id: organizationId,
          path: filePath,
          sha256,
          size,
          outcome: 'processing',
          reason: null,
          document_id: null,
          processed_at: now(),
          removed_at: null,
        });
      }
      // The same id on every try: a try after a crash finds the document its first try made.
      const documentId = deriveId('doc', `ingestion-folder\n${rowId}`);
      let outcome: Exclude<IngestionFolderFileOutcome, 'processing'> = 'imported';
      let reason: string | null = null;
      let madeId: string | null = null;
      const madeBefore = known
        ? await documents.getDocument({ organizationId, documentId }).catch(() => undefined)
        : undefined;
      if (madeBefore) {
        madeId = madeBefore.id;
      } else {
        try {
          const { document } = await documents.createDocumentFromFile({
            organizationId,
            userId: null,
            file: {
              name: path.basename(absolute),
              mimeType: undefined,
              content: fs.createReadStream(absolute),
            },
            eventData: { watchedFolder: { folder, path: filePath } },
            documentId,
          });
          madeId = document.id;
        } catch (error) {
          if (isHttpError(error)) {
            outcome = error.code === 'document.already_exists' ? 'duplicate' : 'failed';
            reason = outcome === 'failed' ? `${error.code}: ${error.message}` : null;
          } else if (isFileSystemError(error) && !isMissing(error)) {
            outcome = 'failed';
            reason = `${UNREADABLE_FILE_REASON}: ${error.message}`;
          } else {
            throw error;
          }
        }
      }
      if (madeId && settings.subfoldersAsTags) {
        await tagFromSubfolders({ organizationId, documentId: madeId, filePath });
      }
      await repository.updateFile({
        id: rowId,
        set: { outcome, reason, document_id: madeId, processed_at: now() },
      });
      await removeFile({ rowId, outcome, reason, absolute, organizationDirectory, filePath });
      if (outcome === 'failed')
        logger.warn({ organizationId, filePath, reason }, 'Watched folder: a file failed');
      return { outcome, documentId: madeId, reason };
    },
  };
}

export type IngestionFoldersUsecases = ReturnType<typeof createIngestionFoldersUsecases>;

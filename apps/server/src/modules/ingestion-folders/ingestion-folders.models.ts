import path from 'node:path';
import {
  INGESTION_FOLDER_FILE_OUTCOMES,
  INGESTION_FOLDER_RESERVED_FOLDERS,
  type IngestionFolderFileDto,
  type IngestionFolderFileOutcome,
} from '@sheaf/contracts/ingestion-folders';
import { TAG_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import type { IngestionFolderFilesTable } from '../../db/database.types';

/** The reason of a file that could not be read (permissions, a vanished share…). */
export const UNREADABLE_FILE_REASON = 'file.unreadable';

/** Whether a file name is a temporary or hidden one: `.*`, `~$*`, `*.part`, `*.tmp`. */
export function isIgnoredFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return name.startsWith('.') || name.startsWith('~$') || lower.endsWith('.part') || lower.endsWith('.tmp');
}

/**
 * Whether a path under the root (`/`- or platform-separated, relative) is left alone: any hidden or
 * temporary segment, and the `done/`, `failed/` and `duplicates/` folders of an organization's folder
 * (the second segment). The root itself and the organizations' folders are not.
 */
export function isIgnoredRelativePath(relative: string): boolean {
  if (relative === '' || relative === '.') return false;
  const segments = relative.split(/[\\/]+/).filter((segment) => segment !== '');
  if (segments.some(isIgnoredFileName)) return true;
  const second = segments[1];
  return (
    second !== undefined &&
    (INGESTION_FOLDER_RESERVED_FOLDERS as readonly string[]).includes(second.toLowerCase())
  );
}

/**
 * A path under the root split into the organization's folder name and the file's path inside it
 * (`/`-separated); undefined for a file directly in the root.
 */
export function splitRootPath(relative: string): { folder: string; filePath: string } | undefined {
  const segments = relative.split(/[\\/]+/).filter((segment) => segment !== '');
  const [folder, ...rest] = segments;
  if (!folder || rest.length === 0) return undefined;
  return { folder, filePath: rest.join('/') };
}

/** The lower-cased key two folder names are compared by. */
export const folderNameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** The tags a file's subfolders name (`Invoices/2024/scan.pdf` → `Invoices`, `2024`), each at most the tag name length. */
export function tagNamesOfPath(filePath: string): string[] {
  const folders = filePath.split('/').slice(0, -1);
  const names: string[] = [];
  for (const folder of folders) {
    const name = folder.trim().slice(0, TAG_NAME_MAX_LENGTH - 1);
    if (name && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names;
}

/** `scan.pdf` → `scan (1).pdf`, `scan (2).pdf`…: the `index`th other name of a file. */
export function numberedFileName(name: string, index: number): string {
  if (index === 0) return name;
  const extension = path.extname(name);
  const stem = extension && extension !== name ? name.slice(0, -extension.length) : name;
  return `${stem} (${index})${extension && extension !== name ? extension : ''}`;
}

const isOutcome = (value: string): value is IngestionFolderFileOutcome =>
  (INGESTION_FOLDER_FILE_OUTCOMES as readonly string[]).includes(value);

export function toIngestionFolderFileDto(row: IngestionFolderFilesTable): IngestionFolderFileDto {
  return {
    id: row.id,
    path: row.path,
    size: Number(row.size),
    outcome: isOutcome(row.outcome) ? row.outcome : 'failed',
    reason: row.reason,
    documentId: row.document_id,
    processedAt: row.processed_at,
  };
}

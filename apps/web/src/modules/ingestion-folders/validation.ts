import {
  INGESTION_FOLDER_NAME_MAX_LENGTH,
  ingestionFolderNameSchema,
} from '@sheaf/contracts/ingestion-folders';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

export type FolderNameValues = { name: string };

/**
 * The folder name field: empty goes back to the organization's id; anything else is checked with
 * the shared schema, its issues shown translated.
 */
export function folderNameResolver(t: TFunction): Resolver<FolderNameValues> {
  return async (values): Promise<ResolverResult<FolderNameValues>> => {
    if (values.name.trim() === '') return { values: { name: '' }, errors: {} };
    const result = ingestionFolderNameSchema.safeParse(values.name);
    if (result.success) return { values: { name: result.data }, errors: {} };
    const issue = result.error.issues[0];
    const code = issue?.code ?? 'custom';
    const message =
      code === 'too_big'
        ? t('ingestion-folders.name.too-long', { max: INGESTION_FOLDER_NAME_MAX_LENGTH })
        : code === 'custom'
          ? t('ingestion-folders.name.reserved')
          : t('ingestion-folders.name.invalid');
    const errors: FieldErrors<FolderNameValues> = { name: { type: code, message } };
    return { values: {}, errors };
  };
}

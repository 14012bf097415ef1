import { createApiError } from '../../shared/errors';

export const createIngestionFoldersDisabledError = () => createApiError('ingestion_folders.disabled');
export const createIngestionFolderNameTakenError = () => createApiError('ingestion_folders.name_taken');

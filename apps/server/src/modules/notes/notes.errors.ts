import { createApiError } from '../../shared/errors';

export const createNoteNotFoundError = () => createApiError('notes.not_found');

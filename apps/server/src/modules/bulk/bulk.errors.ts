import { createApiError } from '../../shared/errors';

export const createTaskNotFoundError = () => createApiError('tasks.not_found');
export const createTaskAlreadyUndoneError = () => createApiError('tasks.already_undone');
export const createTaskNotUndoableError = () => createApiError('tasks.not_undoable');

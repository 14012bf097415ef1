import { createApiError } from '../../shared/errors';

export const createTaskNotFoundError = () => createApiError('tasks.not_found');

import { createApiError } from '../../shared/errors';

export const createMemberNotFoundError = () => createApiError('members.not_found');

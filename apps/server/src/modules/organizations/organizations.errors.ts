import { errorMessage } from '@sheaf/contracts/errors';
import { createApiError } from '../../shared/errors';

export const createMaxOrganizationCountReachedError = (max: number) =>
  createApiError('user.max_organization_count_reached', {
    message: errorMessage('user.max_organization_count_reached', max),
  });

export const createOrganizationNotRestorableError = () => createApiError('organizations.not_found');

export const createOrganizationNotDeletedError = () => createApiError('organizations.not_deleted');

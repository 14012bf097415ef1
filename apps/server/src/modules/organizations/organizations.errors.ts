import { HttpError } from '../../shared/errors';

export const createMaxOrganizationCountReachedError = (max: number) =>
  new HttpError({
    code: 'user.max_organization_count_reached',
    message: `You have reached the maximum number of organizations (${max}), contact support.`,
    status: 403,
  });

export const createOrganizationNotRestorableError = () =>
  new HttpError({
    code: 'organizations.not_found',
    message: 'This organization can no longer be restored: its purge date has passed.',
    status: 404,
  });

export const createOrganizationNotDeletedError = () =>
  new HttpError({
    code: 'organizations.not_deleted',
    message: 'This organization is not deleted: there is nothing to restore.',
    status: 409,
  });

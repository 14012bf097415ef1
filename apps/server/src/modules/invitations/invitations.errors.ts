import { errorMessage } from '@sheaf/contracts/errors';
import { createApiError } from '../../shared/errors';

export const createInvitationNotFoundError = () => createApiError('invitations.not_found');

export const createInvitationInvalidStatusError = (message?: string) =>
  createApiError('invitations.invalid_status', { message });

export const createInvitationAlreadyExistsError = () =>
  createApiError('organization.invitation_already_exists');

export const createUserAlreadyInOrganizationError = () => createApiError('user.already_in_organization');

export const createInvitationLimitReachedError = (max: number) =>
  createApiError('user.organization_invitation_limit_reached', {
    message: errorMessage('user.organization_invitation_limit_reached', max),
  });

export const createMaxMembersCountReachedError = (max: number) =>
  createApiError('organization.max_members_count_reached', {
    message: errorMessage('organization.max_members_count_reached', max),
  });

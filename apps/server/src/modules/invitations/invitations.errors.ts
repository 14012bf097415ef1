import { HttpError } from '../../shared/errors';

export const createInvitationNotFoundError = () =>
  new HttpError({ code: 'invitations.not_found', message: 'No invitation with this id.', status: 404 });

export const createInvitationInvalidStatusError = (message: string) =>
  new HttpError({ code: 'invitations.invalid_status', message, status: 409 });

export const createInvitationAlreadyExistsError = () =>
  new HttpError({
    code: 'organization.invitation_already_exists',
    message: 'An invitation for this email already exists in this organization.',
    status: 409,
  });

export const createUserAlreadyInOrganizationError = () =>
  new HttpError({
    code: 'user.already_in_organization',
    message: 'This user is already in this organization.',
    status: 409,
  });

export const createInvitationLimitReachedError = (max: number) =>
  new HttpError({
    code: 'user.organization_invitation_limit_reached',
    message: `The maximum number of invitations (${max} per 24 hours) has been reached, try again tomorrow.`,
    status: 429,
  });

export const createMaxMembersCountReachedError = (max: number) =>
  new HttpError({
    code: 'organization.max_members_count_reached',
    message: `The maximum number of members and pending invitations (${max}) has been reached, upgrade the plan.`,
    status: 403,
  });

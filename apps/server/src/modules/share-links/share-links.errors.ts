import { createApiError } from '../../shared/errors';

export const createShareLinkNotFoundError = () => createApiError('share_links.not_found');
export const createShareLinksDisabledError = () => createApiError('share_links.disabled');

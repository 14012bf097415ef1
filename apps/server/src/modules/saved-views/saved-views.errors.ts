import { createApiError } from '../../shared/errors';

export const createSavedViewNotFoundError = () => createApiError('saved_views.not_found');
export const createSavedViewsLimitReachedError = () => createApiError('saved_views.limit_reached');

import { errorMessage } from '@sheaf/contracts/errors';
import { createApiError } from '../../shared/errors';

export const createWebhookNotFoundError = () => createApiError('webhooks.not_found');

export const createWebhookDeliveryNotFoundError = () => createApiError('webhooks.delivery_not_found');

export const createWebhooksLimitReachedError = () => createApiError('webhooks.limit_reached');

export const createWebhookUrlNotAllowedError = ({ host, address }: { host: string; address: string }) =>
  createApiError('webhooks.url_not_allowed', {
    message: errorMessage('webhooks.url_not_allowed', { host, address }),
    details: [{ path: 'url', message: 'This URL points to a non-public address', code: 'url_not_allowed' }],
  });
